import { afterAll, expect, test } from 'bun:test'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { databaseLocationProblem } from './database-location'

const root = mkdtempSync(join(tmpdir(), 'site-db-location-'))
chmodSync(root, 0o755)
afterAll(() => rmSync(root, { recursive: true, force: true }))

// Root may write anywhere, so the check runs as an unprivileged user (nobody) when the tests run as root.
const UNPRIVILEGED = 65534
const isRoot = process.getuid?.() === 0
const asUser = isRoot ? UNPRIVILEGED : process.getuid?.()
const asGroup = isRoot ? UNPRIVILEGED : process.getgid?.()

/** databaseLocationProblem of each URL as the unprivileged user sees it (one process: loading takes a second). */
function problemsAsUser(...urls: string[]): (string | null)[] {
  const script = `import { databaseLocationProblem } from ${JSON.stringify(join(import.meta.dir, 'database-location.ts'))}
console.log(JSON.stringify(${JSON.stringify(urls)}.map(databaseLocationProblem)))`
  const run = spawnSync(process.execPath, ['-e', script], {
    uid: asUser,
    gid: asGroup,
    cwd: root,
    env: { PATH: process.env.PATH, BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`the check failed to run: ${run.stderr}`)
  return JSON.parse(run.stdout)
}

function folder(name: string, mode: number): string {
  const path = join(root, name)
  mkdirSync(path)
  chmodSync(path, mode)
  return path
}

test('a libSQL server or an in-memory database has no folder to check', () => {
  expect(databaseLocationProblem('libsql://db.example.com')).toBeNull()
  expect(databaseLocationProblem('http://127.0.0.1:8080')).toBeNull()
  expect(databaseLocationProblem('file::memory:')).toBeNull()
})

test('a writable folder passes, also when the database and its subfolders are still to be created', () => {
  const data = folder('writable', 0o777)
  const urls = [`file:${join(data, 'site.db')}`, `file:${join(data, 'deep', 'er', 'site.db')}`, 'file:writable/site.db']
  expect(problemsAsUser(...urls)).toEqual([null, null, null])
})

test('a folder the user cannot write names the folder, the uid and how to give it to that user', () => {
  const data = folder('root-owned', 0o555)
  // A missing subfolder would be created there, so the same folder is named; a relative URL is resolved.
  const [problem, inSubfolder, relative] = problemsAsUser(
    `file:${join(data, 'site.db')}`,
    `file:${join(data, 'sub', 'site.db')}`,
    'file:root-owned/site.db',
  )
  expect(problem).toContain(`the folder ${data} is not writable by this process (uid ${asUser}, gid ${asGroup})`)
  expect(problem).toContain(`chown -R ${asUser}:${asGroup} ${data}`)
  expect(problem).toContain('--user')
  expect(inSubfolder).toBe(problem!)
  expect(relative).toBe(problem!)
})

test('a database file or journal the user cannot write is named, even in a writable folder', () => {
  const data = folder('read-only-files', 0o777)
  const file = join(data, 'site.db')
  writeFileSync(file, '')
  chmodSync(file, 0o666)
  expect(problemsAsUser(`file:${file}`)).toEqual([null])
  writeFileSync(`${file}-shm`, '')
  chmodSync(`${file}-shm`, 0o444)
  expect(problemsAsUser(`file:${file}`)[0]).toContain(`the file ${file}-shm is not writable`)
  chmodSync(file, 0o444)
  expect(problemsAsUser(`file:${file}`)[0]).toContain(`the file ${file} is not writable`)
})
