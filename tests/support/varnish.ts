import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port'

const ROOT = join(import.meta.dir, '..', '..')
const SHIPPED_VCL = join(ROOT, 'deploy', 'varnish')

export interface RunningVarnish {
  url: string
  output: () => string
  stop(): Promise<void>
}

/**
 * A real Varnish (Debian's `varnish` package) on a loopback port (a free one unless named), running the shipped
 * deploy/varnish/default.vcl with a backends.vcl of the test's own: `apps` round-robin, probed on /livez
 * as the shipped one probes, purges allowed from this machine with `purgeToken` (PURGE_TOKEN).
 */
export async function startVarnish(
  apps: { host: string; port: number }[],
  { port = freePort(), purgeToken }: { port?: number; purgeToken: string },
): Promise<RunningVarnish> {
  const varnishd = Bun.which('varnishd') ?? Bun.which('varnishd', { PATH: '/usr/sbin:/usr/local/sbin' })
  if (!varnishd) throw new Error('varnishd is not installed (on Debian: apt-get install varnish)')
  const dir = mkdtempSync(join(tmpdir(), 'site-varnish-'))
  // Run as root, varnishd compiles the VCL as its own unprivileged user, which must read the folder.
  chmodSync(dir, 0o755)
  const backends = apps
    .map(
      ({ host, port }, i) =>
        `backend app${i} { .host = "${host}"; .port = "${port}"; .probe = { .url = "/livez"; .interval = 500ms; .timeout = 1s; .window = 3; .threshold = 2; } }`,
    )
    .join('\n')
  writeFileSync(
    join(dir, 'backends.vcl'),
    `${backends}
sub vcl_init {
  new site = directors.round_robin();
${apps.map((_, i) => `  site.add_backend(app${i});`).join('\n')}
}
acl purgers { "127.0.0.1"; }
`,
  )
  // Beside the test's backends.vcl: Varnish looks for an include next to the file that includes it first.
  copyFileSync(join(SHIPPED_VCL, 'default.vcl'), join(dir, 'default.vcl'))
  let output = ''
  const proc = Bun.spawn(
    [
      varnishd,
      '-F',
      '-n',
      join(dir, 'work'),
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      join(dir, 'default.vcl'),
      '-p',
      `vcl_path=${dir}`,
      // Bans are checked as pages are asked for; the lurker only tidies up, and quickly here.
      '-p',
      'ban_lurker_sleep=0.1',
      '-s',
      'malloc,64m',
    ],
    { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, PURGE_TOKEN: purgeToken } },
  )
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += new TextDecoder().decode(chunk)
  }
  void collect(proc.stdout as ReadableStream<Uint8Array>)
  void collect(proc.stderr as ReadableStream<Uint8Array>)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 20_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`varnishd exited:\n${output}`)
    const answered = await fetch(`${url}/healthz`).then(
      (res) => res.status,
      () => 0,
    )
    if (answered === 200) break
    if (Date.now() > deadline) throw new Error(`varnishd did not answer in time:\n${output}`)
    await Bun.sleep(100)
  }
  return {
    url,
    output: () => output,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
