import { expect } from 'bun:test'
import { join } from 'node:path'

const SERVER = join(import.meta.dir, '..', '..', 'src', 'server')

/**
 * Whether `pkg` is loaded in a fresh process once `script` has run (in src/server): for packages a start
 * must not pay for until they are used.
 */
export async function packageLoadedAfter(pkg: string, script: string): Promise<boolean> {
  const run = Bun.spawn(
    ['bun', '-e', `${script}; console.log(Object.keys(require.cache).some((path) => path.includes('/${pkg}/')))`],
    { cwd: SERVER, stdout: 'pipe', stderr: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
  )
  const [out, code] = await Promise.all([new Response(run.stdout).text(), run.exited])
  expect(code).toBe(0)
  return JSON.parse(out.trim().split('\n').at(-1)!)
}
