/**
 * Production build of the browser code: hashed, minified ES modules with code splitting, each text
 * output precompressed (gzip and brotli), and dist/manifest.json telling the server what to link.
 * Source maps go to dist/sourcemaps/, which the server does not serve: they hold the whole source, the
 * admin's included, and are for operators reading a minified stack trace, not for every visitor.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { AssetManifest } from '../src/server/render/assets'

const root = join(import.meta.dir, '..')
const outdir = join(root, 'dist', 'assets')
/** Beside assets/, so the maps' relative paths to the sources still resolve. */
const SOURCEMAP_DIR = join(root, 'dist', 'sourcemaps')
const entry = join(root, 'src', 'app', 'entry.client.tsx')

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
    // Root-relative URLs in CSS point at public/ files the server serves as they are.
    external: ['/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  if (!result.success) {
    for (const log of result.logs) console.error(log)
    throw new Error('Client build failed')
  }

  await Promise.all(result.outputs.filter((o) => /\.(js|css)$/.test(o.path)).map((o) => precompress(o.path)))
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
    styles: entryMeta.cssBundle ? [toUrl(entryMeta.cssBundle)] : [],
    modulePreloads,
    routeChunks,
    editorStyles: [await copyHashed(join(root, 'node_modules', 'quill', 'dist', 'quill.snow.css'), 'quill.snow')],
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
  const hash = new Bun.CryptoHasher('sha256').update(data).digest('hex').slice(0, 8)
  const file = `${name}-${hash}.css`
  await Bun.write(join(outdir, file), data)
  await precompress(join(outdir, file))
  return `/assets/${file}`
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
}
