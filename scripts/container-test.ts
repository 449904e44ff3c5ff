/**
 * `bun run test:container`: builds the image with podman and runs it as an operator would, checking that it
 * carries runtime packages only, loads every package the server bundle leaves out and every operator command,
 * refuses an unwritable /data with a message that says so, becomes healthy within 10 s of its start, runs as a
 * non-root user, keeps a post and a session across a re-created container on the same volume, runs
 * `admin:password` and `db:backup` inside and `db:restore` in a one-off container, and is healthy with
 * PORT=8080. Prints a summary with the image size. Without the base image oven/bun:<version>-slim locally it
 * first builds a stand-in (scripts/container/base-image.sh).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  freePort,
  imageBytes,
  imageExists,
  logsOf,
  podman,
  runWithPodmanSettings,
  waitExited,
  waitHealthy,
} from './container/podman'
import { call, type Post, postIsPublic, publishPost, type Site, signIn } from './container/site-client'
import { packagesLeftOutOfTheBundle } from './first-use-packages'

const root = join(import.meta.dir, '..')
const IMAGE = 'localhost/studio-site:container-test'
const HEALTHY_WITHIN_MS = 10_000
/** How long a site refusing to start may take to exit: its imports come first, which is seconds on a busy host. */
const EXITS_WITHIN_MS = 30_000
const ADMIN_PASSWORD = 'container-test-admin-password'
const id = `studio-container-test-${process.pid}`
const volume = `${id}-data`
const containers: string[] = []
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

interface Result {
  check: string
  ok: boolean
  detail: string
}
const results: Result[] = []

/** Runs one check, prints its line as soon as it is known, and stops the run on the first failure. */
async function check(name: string, run: () => Promise<string>) {
  const started = performance.now()
  try {
    const detail = await run()
    results.push({ check: name, ok: true, detail })
    console.log(`✓ ${name}: ${detail} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    results.push({ check: name, ok: false, detail })
    console.log(`✗ ${name}: ${detail}`)
    throw error
  }
}

interface StartOptions {
  env?: Record<string, string>
  mounts?: string[]
}

/** Starts the image detached on the test's volume (or `mounts`), its port published on a free loopback port. */
async function start(name: string, { env = {}, mounts = [`${volume}:/data`] }: StartOptions = {}) {
  const port = freePort()
  const inner = env.PORT ?? '3000'
  const args = [
    'run',
    '-d',
    '--name',
    name,
    '-p',
    `127.0.0.1:${port}:${inner}`,
    '-e',
    `ADMIN_PASSWORD=${ADMIN_PASSWORD}`,
  ]
  for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`)
  for (const mount of mounts) args.push('-v', mount)
  containers.push(name)
  await podman([...args, IMAGE])
  return { name, origin: `http://127.0.0.1:${port}` }
}
async function healthyInTime(site: Site): Promise<string> {
  const ms = await waitHealthy(site.name, site.origin, HEALTHY_WITHIN_MS)
  return `HEALTHCHECK passed ${(ms / 1000).toFixed(1)} s after the container started (limit ${HEALTHY_WITHIN_MS / 1000} s)`
}

async function stopAndRemove(name: string) {
  await podman(['stop', '--time', '10', name])
  await podman(['rm', name])
}

/** The Dockerfile's base image; a stand-in is built when it is not present locally. */
async function ensureBaseImage(): Promise<string> {
  const dockerfile = await Bun.file(join(root, 'Dockerfile')).text()
  const base = /^FROM (\S+)/m.exec(dockerfile)![1]!
  if (await imageExists(base)) return `${base} is present`
  const version = /^oven\/bun:([\d.]+)-slim$/.exec(base)?.[1]
  if (!version) throw new Error(`${base} is not present and only oven/bun:<version>-slim has a stand-in`)
  await runWithPodmanSettings([join(import.meta.dir, 'container', 'base-image.sh'), version])
  return `${base} was not present: built the stand-in (Debian minbase, Bun ${version} from npm, user bun 1000)`
}

/** The package.json scripts an operator runs in the container: admin:* and db:* that run a file of scripts/. */
async function operatorScripts(): Promise<Record<string, string>> {
  const { scripts } = (await Bun.file(join(root, 'package.json')).json()) as { scripts: Record<string, string> }
  const found: Record<string, string> = {}
  for (const [name, command] of Object.entries(scripts)) {
    const file = /^bun (scripts\/\S+\.ts)$/.exec(command)?.[1]
    if (/^(admin|db):/.test(name) && file) found[name] = file
  }
  return found
}

async function main() {
  if (!Bun.which('podman')) throw new Error('podman is not installed (on Debian: apt-get install podman runc)')
  await check('base image', ensureBaseImage)
  await check('build', async () => {
    await podman(['build', '--format', 'docker', '--tag', IMAGE, root])
    return `podman build --format docker -t ${IMAGE}`
  })
  const base = /^FROM (\S+)/m.exec(await Bun.file(join(root, 'Dockerfile')).text())![1]!
  const [imageSize, baseSize] = [await imageBytes(IMAGE), await imageBytes(base)]
  await check(
    'image size',
    async () => `${mb(imageSize)} (${base} ${mb(baseSize)} + the site ${mb(imageSize - baseSize)})`,
  )

  await check('runtime packages only', async () => {
    const { devDependencies } = (await Bun.file(join(root, 'package.json')).json()) as Record<string, object>
    const unwanted = [
      ...new Set([...Object.keys(devDependencies!), 'typescript', '@typescript', '@types', 'bun-types']),
    ]
    const script = `const fs = require('fs'); console.log(JSON.stringify(${JSON.stringify(unwanted)}.filter((name) => fs.existsSync('node_modules/' + name))))`
    const present = JSON.parse((await podman(['run', '--rm', IMAGE, 'bun', '-e', script])).stdout) as string[]
    if (present.length > 0) throw new Error(`the image carries ${present.join(', ')}`)
    return `none of the ${unwanted.length} dev packages, TypeScript or type packages in node_modules`
  })

  await check('the packages the server bundle leaves out load in the image', async () => {
    // Every such package the bundle names (subpaths included), imported as the server would on its first use,
    // dependencies and all; Quill, the browser editor's, is only found (the server never loads it: it needs a
    // document). reflect-metadata first, as webauthn() does. --no-install: Bun may not fetch what is missing.
    const left = packagesLeftOutOfTheBundle()
    const script = `
      const left = ${JSON.stringify(left)}
      const named = [...require('fs').readFileSync('/app/dist/server/main.js', 'utf8').matchAll(/(?:require|import)\\("([^".][^"]*)"\\)/g)]
        .map((match) => match[1]).filter((name) => left.some((listed) => name === listed || name.startsWith(listed + '/')))
      await import(Bun.resolveSync('reflect-metadata', '/app/dist/server'))
      const failed = []
      for (const name of new Set(named)) {
        try {
          const path = Bun.resolveSync(name, '/app/dist/server')
          if (!name.startsWith('quill')) await import(path)
        } catch (error) {
          failed.push(name + ': ' + error.message)
        }
      }
      console.log(JSON.stringify({ named: [...new Set(named)], failed }))`
    const run = await podman(['run', '--rm', IMAGE, 'bun', '--no-install', '-e', script])
    const { named, failed } = JSON.parse(run.stdout) as { named: string[]; failed: string[] }
    if (failed.length > 0) throw new Error(`the server bundle could not load ${failed.join('; ')}`)
    const missing = left.filter((name) => !named.some((found) => found === name || found.startsWith(`${name}/`)))
    if (missing.length > 0) throw new Error(`the bundle names none of ${missing.join(', ')}: is it built without them?`)
    return `all ${named.length} names the bundle imports of them load from dist/server/ (scripts/first-use-packages.ts)`
  })

  await check('operator commands load', async () => {
    const scripts = await operatorScripts()
    // Bundling resolves every import: a file the image lacks or a package left out of it fails here.
    for (const file of Object.values(scripts)) {
      const build = await podman(['run', '--rm', IMAGE, 'bun', 'build', '--target=bun', '--outdir=/tmp/check', file], {
        check: false,
      })
      if (build.code !== 0) throw new Error(`${file} does not load in the image:\n${build.stderr || build.stdout}`)
    }
    return `every import of ${Object.keys(scripts).join(', ')} resolves in the image`
  })

  await check('an unwritable /data is refused with a message that says how to fix it', async () => {
    const hostDir = mkdtempSync(join(tmpdir(), `${id}-`))
    chmodSync(hostDir, 0o755)
    try {
      const site = await start(`${id}-unwritable`, { mounts: [`${hostDir}:/data`] })
      const exitCode = await waitExited(site.name, EXITS_WITHIN_MS)
      const logs = await logsOf(site.name)
      const message = logs.split('\n').find((line) => line.includes('not writable'))
      if (exitCode !== 1 || !message?.includes('chown')) throw new Error(`exit ${exitCode}, saying:\n${logs}`)
      return `exit 1 with: ${message}`
    } finally {
      rmSync(hostDir, { recursive: true, force: true })
    }
  })

  await podman(['volume', 'create', volume])
  const first = await start(`${id}-first`)
  await check('healthy within 10 s (empty volume: migrations and seed)', () => healthyInTime(first))
  await check('runs as non-root', async () => {
    const uid = (await podman(['exec', first.name, 'id', '-u'])).stdout
    const user = (await podman(['inspect', '--format', '{{.Config.User}}', IMAGE])).stdout
    if (uid === '0') throw new Error('the site runs as root')
    return `USER ${user}, uid ${uid}`
  })

  const cookie = await signIn(first, ADMIN_PASSWORD)
  let post: Post | null = null
  let second = first
  await check('a post and a session survive a re-created container on the same volume', async () => {
    post = await publishPost(first, cookie, `Survives a re-create ${id}`)
    await stopAndRemove(first.name)
    second = await start(`${id}-second`)
    await waitHealthy(second.name, second.origin, HEALTHY_WITHIN_MS)
    const adminRead = await call(second, 'GET', `/api/blog/${post.id}`, { cookie })
    if (adminRead.status !== 200) throw new Error(`the old session reading the post answered ${adminRead.status}`)
    if (!(await postIsPublic(second, post))) throw new Error(`/blog/${post.slug} does not show the post`)
    return `post ${post.id} at /blog/${post.slug} and the session made before both work in the new container`
  })

  let password = ''
  await check('bun run admin:password inside the container', async () => {
    const run = await podman(['exec', second.name, 'bun', 'run', 'admin:password'])
    password = /New administrator password: (\S+)/.exec(run.stdout)?.[1] ?? ''
    if (!password) throw new Error(`unexpected output:\n${run.stdout}\n${run.stderr}`)
    await signIn(second, password)
    const old = await call(second, 'GET', `/api/blog/${post!.id}`, { cookie })
    if (old.status !== 401) throw new Error(`the session from before still works (${old.status})`)
    return 'docker exec … bun run admin:password set a password that signs in and signed the old session out'
  })

  const backupFile = '/data/backups/container-test.db'
  let afterBackup: Post | null = null
  await check('bun run db:backup inside the running container', async () => {
    const run = await podman(['exec', second.name, 'bun', 'run', 'db:backup', backupFile])
    if (!run.stdout.includes('integrity check ok')) throw new Error(`unexpected output:\n${run.stdout}`)
    afterBackup = await publishPost(second, await signIn(second, password), `Written after the backup ${id}`)
    return run.stdout
  })
  await stopAndRemove(second.name)
  await check('bun run db:restore in a one-off container on the same volume, the site stopped', async () => {
    const run = await podman(['run', '--rm', '-v', `${volume}:/data`, IMAGE, 'bun', 'run', 'db:restore', backupFile])
    return run.stdout.split('\n')[0]!
  })

  const port8080 = await start(`${id}-port-8080`, { env: { PORT: '8080' } })
  await check('PORT=8080 is healthy (HEALTHCHECK follows $PORT)', async () => {
    const detail = await healthyInTime(port8080)
    const health = await fetch(`${port8080.origin}/healthz`)
    if (health.status !== 200) throw new Error(`/healthz on the published 8080 answered ${health.status}`)
    return `${detail}; /healthz on 8080 answers 200`
  })
  await check('the restored database is the backup', async () => {
    if (!(await postIsPublic(port8080, post!))) throw new Error('the post from before the backup is missing')
    if (await postIsPublic(port8080, afterBackup!)) throw new Error('the post written after the backup is still there')
    await signIn(port8080, password)
    return 'the post from before the backup is there, the one written after it is not, the password set before it signs in'
  })
  await stopAndRemove(port8080.name)
}

let failed = false
try {
  await main()
} catch (error) {
  failed = true
  // A failed check printed its line; anything else is said here.
  if (results.at(-1)?.ok !== false) console.log(`✗ ${error instanceof Error ? error.message : error}`)
} finally {
  for (const name of containers) await podman(['rm', '--force', name], { check: false })
  if (Bun.which('podman')) await podman(['volume', 'rm', '--force', volume], { check: false })
}
console.log(`\nContainer test summary (${IMAGE}):`)
for (const { check: name, ok, detail } of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`)
console.log(failed ? '\nThe container test failed.' : `\nAll ${results.length} checks passed.`)
process.exit(failed ? 1 : 0)
