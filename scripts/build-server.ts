/**
 * The server as one minified module with its bytecode, dist/server/main.js and main.js.jsc, which `bun run
 * start` and the container run: a start no longer resolves, reads, transpiles and parses some 240 source
 * files and their packages one by one (decision 0035). Bytecode needs a CommonJS module (Bun's rule outside
 * single-file executables), hence a main.ts without top-level await. The bundler writes the source folder into
 * it (src/server/repo-paths.ts): it runs where it was built. sharp stays a package (a native addon, used only
 * by the image process), and so do the packages the first request does not need (first-use-packages.ts):
 * bundled, their bytecode was loaded by every start, 3 of its 10 MB; left out, each is read from node_modules
 * when first used. Worker and child-process scripts run from source. The bytecode is Bun 1.4.5's: the
 * build and the container pin the same Bun.
 */
import { join } from 'node:path'
import { bundleExternals } from './first-use-packages'

const root = join(import.meta.dir, '..')

export const SERVER_BUNDLE = join(root, 'dist', 'server', 'main.js')

export async function buildServer(): Promise<void> {
  const result = await Bun.build({
    entrypoints: [join(root, 'src', 'server', 'main.ts')],
    outdir: join(root, 'dist', 'server'),
    target: 'bun',
    format: 'cjs',
    bytecode: true,
    // Functions and classes keep their names: the log names an error by its class (observability/error-fields.ts),
    // and a stack should read.
    minify: { whitespace: true, syntax: true, identifiers: true, keepNames: true },
    external: ['sharp', ...bundleExternals()],
  })
  if (!result.success) {
    for (const log of result.logs) console.error(log)
    throw new Error('Server build failed')
  }
}
