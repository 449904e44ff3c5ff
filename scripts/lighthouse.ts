/**
 * `bun run lighthouse`: Lighthouse (npm) in mobile mode, driving Debian's Chromium (CHROME_PATH), against
 * the production build on a fresh database. Prints the four category scores and LCP, CLS and TBT per page.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const ROOT = join(import.meta.dir, '..')
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

const probe = Bun.serve({ port: 0, fetch: () => new Response() })
const port = probe.port!
probe.stop(true)
const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'))
const server = Bun.spawn(['bun', 'dist/server/main.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(dir, 'site.db')}`,
    LOG_REQUESTS: 'false',
    ADMIN_PASSWORD: 'lighthouse-password',
  },
  stdout: 'ignore',
  stderr: 'inherit',
})
const base = `http://127.0.0.1:${port}`
for (let i = 0; i < 300; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break
  } catch {
    await Bun.sleep(50)
  }
}
const post = /href="\/blog\/([a-z0-9-]+)"/.exec(await (await fetch(`${base}/blog`)).text())?.[1]
const job = /href="\/jobs\/([a-z0-9-]+)"/.exec(await (await fetch(`${base}/jobs`)).text())?.[1]
const pages = ['/', '/blog', `/blog/${post}`, '/jobs', `/jobs/${job}`]

const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})
console.log('page                                         perf  a11y  best  seo    LCP ms  CLS    TBT ms')
const audit = async (path: string) =>
  (await lighthouse(`${base}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    formFactor: 'mobile',
    screenEmulation: { mobile: true },
  }))!.lhr
for (const path of pages) {
  let lhr = await audit(path)
  // Now and then the trace misses the paint events and Lighthouse scores performance as null (NO_LCP, NO_FCP):
  // that is a failed measurement, not a score of 0, so it is said and the page audited once more.
  if (lhr.categories.performance?.score === null) {
    console.log(`    (${path}: no performance score, ${lhr.runtimeError?.code ?? 'metrics missing'}; measuring again)`)
    lhr = await audit(path)
  }
  const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(5)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0
  console.log(
    `${path.slice(0, 44).padEnd(44)} ${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')} ${String(Math.round(metric('largest-contentful-paint'))).padStart(9)} ${metric('cumulative-layout-shift').toFixed(3).padStart(6)} ${String(Math.round(metric('total-blocking-time'))).padStart(8)}`,
  )
  const failing = Object.values(lhr.audits).filter(
    (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
  )
  for (const audit of failing.slice(0, 6)) console.log(`    - ${audit.id}: ${audit.title}`)
}
chrome.kill()
server.kill('SIGTERM')
await server.exited
rmSync(dir, { recursive: true, force: true })
