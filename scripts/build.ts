/**
 * Production build of the browser code: hashed, minified ES modules with code splitting, each text
 * output precompressed (gzip and brotli), and dist/manifest.json telling the server what to link.
 * Source maps go to dist/sourcemaps/, which the server does not serve: they hold the whole source, the
 * admin's included, and are for operators reading a minified stack trace, not for every visitor.
 * Public files the pages or the stylesheet name are copied beside the code under content-hashed names too.
 * Then the server bundle (build-server.ts).
 */
import { existsSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, extname, join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { HASHED_PUBLIC_FILES } from '../src/app/public-files'
import { isCompressible } from '../src/server/http/compressible'
import type { AssetManifest } from '../src/server/render/assets'
import { buildServer, SERVER_BUNDLE } from './build-server'

const root = join(import.meta.dir, '..')
const outdir = join(root, 'dist', 'assets')
/** Beside assets/, so the maps' relative paths to the sources still resolve. */
const SOURCEMAP_DIR = join(root, 'dist', 'sourcemaps')
const entry = join(root, 'src', 'app', 'entry.client.tsx')
const publicDir = join(root, 'public')

interface MetafileOutput {
  imports: { path: string; kind: string }[]
  entryPoint?: string
  cssBundle?: string
}

interface Metafile {
  outputs: Record<string, MetafileOutput>
}

export async function build(): Promise<AssetManifest> {
  await rm(join(root, 'dist'), { recursive: true, force: true })
  const result = await Bun.build({
    entrypoints: [entry],
    outdir,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: !process.env.NO_MINIFY,
    // `external`: a .map beside each output and no `sourceMappingURL` comment in it (only a debug id, which
    // names no file), so browsers ask for no map; the maps are then moved out of the served folder.
    sourcemap: 'external',
    metafile: true,
    publicPath: '/assets/',
    naming: { entry: '[name]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    // Root-relative URLs in CSS name public/ files: pointed at their hashed copies below, not inlined.
    external: ['/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  if (!result.success) {
    for (const log of result.logs) console.error(log)
    throw new Error('Client build failed')
  }

  const files: Record<string, string> = {}
  for (const path of HASHED_PUBLIC_FILES) files[path] = await copyPublicFile(path)
  /** Each stylesheet's URL as Bun named it, and as it is named once it points at the hashed public files. */
  const stylesheets = new Map<string, string>()
  // The files only stylesheets name stay out of the manifest, which every page hands to the browser.
  const named = { ...files }
  for (const output of result.outputs.filter((o) => o.path.endsWith('.css'))) {
    stylesheets.set(basename(output.path), await pointAtHashedFiles(output.path, named))
  }
  const code = result.outputs.filter((o) => o.path.endsWith('.js')).map((o) => o.path)
  await Promise.all([...code, ...[...stylesheets.values()].map((file) => join(outdir, file))].map(precompress))
  await mkdir(SOURCEMAP_DIR, { recursive: true })
  await Promise.all(
    result.outputs
      .filter((o) => o.kind === 'sourcemap')
      .map((o) => rename(o.path, join(SOURCEMAP_DIR, basename(o.path)))),
  )

  const meta = result.metafile as unknown as Metafile
  // Metafile paths are relative to outdir ("./chunk-x.js").
  const toUrl = (file: string) => `/assets/${file.replace(/^\.\//, '')}`
  const outputs = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.js'))
  const [entryFile, entryMeta] = outputs.find(([, o]) => o.entryPoint?.endsWith('entry.client.tsx'))!
  const staticImports = (output: MetafileOutput) =>
    output.imports.filter((i) => i.kind === 'import-statement').map((i) => toUrl(i.path))
  const modulePreloads = staticImports(entryMeta)
  const routeChunks: Record<string, string[]> = {}
  for (const [file, output] of outputs) {
    if (file === entryFile || !output.entryPoint) continue
    const alreadyLoaded = new Set([toUrl(entryFile), ...modulePreloads])
    routeChunks[output.entryPoint] = [toUrl(file), ...staticImports(output).filter((url) => !alreadyLoaded.has(url))]
  }
  const manifest: AssetManifest = {
    entry: toUrl(entryFile),
    styles: entryMeta.cssBundle ? [toUrl(stylesheets.get(basename(entryMeta.cssBundle))!)] : [],
    modulePreloads,
    routeChunks,
    editorStyles: [await copyHashed(join(root, 'node_modules', 'quill', 'dist', 'quill.snow.css'), 'quill.snow')],
    files,
  }
  await mkdir(join(root, 'dist'), { recursive: true })
  await writeFile(join(root, 'dist', 'manifest.json'), JSON.stringify(manifest, null, 2))
  return manifest
}

/**
 * Copies a stylesheet into the assets folder under a content-hashed name and returns its URL. Its
 * `sourceMappingURL` comment is dropped: the map it names is not copied, so it would only send devtools to a 404.
 */
async function copyHashed(source: string, name: string): Promise<string> {
  const data = (await Bun.file(source).text()).replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')
  const file = `${name}-${contentHash(data)}.css`
  await Bun.write(join(outdir, file), data)
  await precompress(join(outdir, file))
  return `/assets/${file}`
}

const contentHash = (data: string | Uint8Array) => new Bun.CryptoHasher('sha256').update(data).digest('hex').slice(0, 8)

/** Copies a file of public/ into the assets folder under a content-hashed name; returns its URL there. */
async function copyPublicFile(path: string): Promise<string> {
  const data = await Bun.file(join(publicDir, path)).bytes()
  const extension = extname(path)
  const file = `${basename(path, extension)}-${contentHash(data)}${extension}`
  await Bun.write(join(outdir, file), data)
  if (isCompressible(Bun.file(path).type)) await precompress(join(outdir, file))
  return `/assets/${file}`
}

const PUBLIC_URL = /url\(\s*(["']?)(\/[^"')?#]+)\1\s*\)/g

/**
 * Points a built stylesheet's `url(/…)` at hashed copies of the public files it names (copied now when no
 * page named them), then names the stylesheet by its new bytes; returns that name.
 */
async function pointAtHashedFiles(stylesheet: string, files: Record<string, string>): Promise<string> {
  const css = await Bun.file(stylesheet).text()
  for (const [, , path] of css.matchAll(PUBLIC_URL)) {
    if (!files[path!] && existsSync(join(publicDir, path!))) files[path!] = await copyPublicFile(path!)
  }
  const pointed = css.replace(PUBLIC_URL, (url, _quote: string, path: string) =>
    files[path] ? `url(${files[path]})` : url,
  )
  const file = `${basename(stylesheet).replace(/-[^-]+\.css$/, '')}-${contentHash(pointed)}.css`
  await rm(stylesheet)
  await Bun.write(join(outdir, file), pointed)
  return file
}

async function precompress(path: string) {
  const data = await Bun.file(path).bytes()
  await Bun.write(`${path}.gz`, gzipSync(data, { level: 9 }))
  await Bun.write(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
}

if (import.meta.main) {
  const started = performance.now()
  const manifest = await build()
  console.log(`Built client in ${Math.round(performance.now() - started)} ms: ${manifest.entry}`)
  const serverStarted = performance.now()
  await buildServer()
  console.log(`Built server in ${Math.round(performance.now() - serverStarted)} ms: ${relative(root, SERVER_BUNDLE)}`)
}
