import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const FRAMEWORK_FLOOR_LABEL = 'framework floor (React DOM, react-router, TanStack Query and nothing else)'

/** Gzip bytes of the framework floor (see framework-floor.entry.tsx), minified like the real build. */
export async function measureFrameworkFloor(): Promise<number> {
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, 'framework-floor.entry.tsx')],
    target: 'browser',
    format: 'esm',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  if (!result.success) throw new AggregateError(result.logs, 'The framework floor did not build')
  const code = await result.outputs[0]!.text()
  return gzipSync(code, { level: 9 }).byteLength
}
