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
  // Without systemd, podman complains on every run that it cannot set up the HEALTHCHECK's timer; harmless here.
  const said = stderr
    .split('\n')
    .filter((line) => !line.includes('unable to get systemd connection'))
    .join('\n')
    .trim()
  if (check && code !== 0) throw new Error(`podman ${args.join(' ')} exited with ${code}:\n${said || stdout}`)
  return { code, stdout: stdout.trim(), stderr: said }
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
 * Waits until the image's own HEALTHCHECK passes and returns how long after the container started that was
 * (the measure of the HEALTHCHECK's start period); throws past `limitMs`. The site is polled over the published
 * port first, cheaply, then `podman healthcheck run` runs the check itself: podman without systemd has no timer to
 * run it, and running it in a loop would start a Bun process in the container every time, slowing the start it
 * measures.
 */
export async function waitHealthy(container: string, origin: string, limitMs: number): Promise<number> {
  const startedAt = Number((await podman(['inspect', '--format', '{{.State.StartedAt.UnixMilli}}', container])).stdout)
  const within = () => Date.now() - startedAt <= limitMs
  const fail = async (what: string) => {
    const state = (await podman(['inspect', '--format', '{{.State.Status}}', container])).stdout
    const logs = state === 'running' ? '' : `:\n${await logsOf(container)}`
    throw new Error(`${container} (${state}) ${what} within ${limitMs} ms of its start${logs}`)
  }
  while (!(await answers(`${origin}/healthz`))) {
    if (!within()) await fail('did not answer /healthz')
    await Bun.sleep(100)
  }
  while ((await podman(['healthcheck', 'run', container], { check: false })).code !== 0) {
    if (!within()) await fail('answered /healthz but its HEALTHCHECK did not pass')
    await Bun.sleep(200)
  }
  if (!within()) await fail(`was healthy only after ${Date.now() - startedAt} ms, not`)
  return Date.now() - startedAt
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok
  } catch {
    return false
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
