import { join } from 'node:path'

/** The podman settings this test runs with (runc, explicit ulimits), unless CONTAINERS_CONF names others. */
const CONTAINERS_CONF = process.env.CONTAINERS_CONF ?? join(import.meta.dir, 'containers.conf')

export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs podman and returns what it said; `check` turns a failure into an error carrying its output. */
export async function podman(args: string[], { check = true } = {}): Promise<Run> {
  const proc = Bun.spawn(['podman', ...args], {
    env: { ...process.env, CONTAINERS_CONF },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  if (check && code !== 0) throw new Error(`podman ${args.join(' ')} exited with ${code}:\n${stderr || stdout}`)
  return { code, stdout: stdout.trim(), stderr: stderr.trim() }
}

/** Runs a command with podman's settings (the stand-in base image's builder), its output shown as it goes. */
export async function runWithPodmanSettings(command: string[]): Promise<void> {
  const proc = Bun.spawn(command, { env: { ...process.env, CONTAINERS_CONF }, stdout: 'inherit', stderr: 'inherit' })
  const code = await proc.exited
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code}`)
}

export async function imageExists(ref: string): Promise<boolean> {
  return (await podman(['image', 'exists', ref], { check: false })).code === 0
}

/** The image's size in bytes, as podman reports it (its layers, uncompressed). */
export async function imageBytes(ref: string): Promise<number> {
  return Number((await podman(['image', 'inspect', '--format', '{{.Size}}', ref])).stdout)
}

/**
 * Runs the image's own HEALTHCHECK (`podman healthcheck run`) until it passes and returns how long that took
 * from `startedAt`; podman without systemd has no timer to run it, so the test drives it. Throws past `limitMs`.
 */
export async function waitHealthy(container: string, startedAt: number, limitMs: number): Promise<number> {
  for (;;) {
    const check = await podman(['healthcheck', 'run', container], { check: false })
    const elapsed = performance.now() - startedAt
    if (check.code === 0 && elapsed <= limitMs) return elapsed
    const state = (await podman(['inspect', '--format', '{{.State.Status}}', container])).stdout
    if (state !== 'running') throw new Error(`${container} is ${state}:\n${await logsOf(container)}`)
    if (elapsed > limitMs) {
      const seen = check.code === 0 ? `healthy only after ${Math.round(elapsed)} ms` : 'still not healthy'
      throw new Error(`${container} not healthy within ${limitMs} ms: ${seen}`)
    }
    await Bun.sleep(200)
  }
}

/** Waits for the container to stop by itself and returns its exit code; throws if it still runs past `limitMs`. */
export async function waitExited(container: string, limitMs: number): Promise<number> {
  const deadline = performance.now() + limitMs
  while ((await podman(['inspect', '--format', '{{.State.Status}}', container])).stdout === 'running') {
    if (performance.now() > deadline) throw new Error(`${container} still runs after ${limitMs} ms`)
    await Bun.sleep(200)
  }
  return Number((await podman(['inspect', '--format', '{{.State.ExitCode}}', container])).stdout)
}

export async function logsOf(container: string): Promise<string> {
  const logs = await podman(['logs', container], { check: false })
  return [logs.stdout, logs.stderr].filter(Boolean).join('\n')
}

/** A loopback port nothing listens on now, for publishing a container's port. */
export function freePort(): number {
  const server = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const { port } = server
  server.stop(true)
  return port
}
