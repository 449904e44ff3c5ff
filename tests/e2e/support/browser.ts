import { expect } from 'bun:test'
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core'

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same Chromium as the `chromium`
 * package without a browser window): the full browser's headless mode draws a window's own interface in a
 * renderer of its own and spent twice the CPU on the same journeys (decision 0034).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

/**
 * With the flags this machine needs; never a browser downloaded by a test tool. One renderer process per
 * context (decision 0049): a new page's first navigation, from its blank start to the site, otherwise started a
 * second renderer and tore the first down, about 0.35 s of CPU for each new context. Contexts still never share
 * a renderer, and another site still gets its own.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--in-process-gpu',
      '--renderer-process-limit=1',
    ],
  })
}

let shared: Promise<Browser> | null = null

/**
 * One Chromium for every browser file a test process runs (`test:e2e` shares one scope per process,
 * `--no-isolate`): a launch took 0.7 s of CPU, fifteen times a run. Tests work in contexts of their own
 * (`openPage`), which share nothing; the browser ends with the process, so files do not close it. Run by hand
 * without `--no-isolate`, each file gets its own, which also ends with the process.
 */
export function sharedBrowser(): Promise<Browser> {
  // A launch that failed, or a browser that went away, is not handed to the next file.
  shared ??= launchBrowser().then(
    (browser) => browser.on('disconnected', () => (shared = null)),
    (error: unknown) => {
      shared = null
      throw error
    },
  )
  return shared
}

/** Contexts `openPage` opened that are not closed yet. */
const open = new Set<BrowserContext>()

/**
 * Closes what a file's tests left open (a test that failed before its `close`, pages kept for an `afterAll`
 * check), so nothing of one file keeps running (polling, a video) while the next file runs in the same browser.
 * Every browser file calls it in its `afterAll`.
 */
export async function closeOpenPages() {
  await Promise.all([...open].map((context) => context.close()))
}

export interface TrackedPage {
  page: Page
  /** Console errors, page errors and hydration warnings seen so far. */
  problems: string[]
  close(): Promise<void>
}

const HYDRATION = /hydrat|did not match|server rendered/i

/**
 * A page in a fresh context that records anything a test must fail on. Its visitor prefers reduced motion
 * unless a test asks otherwise: the home page's full-screen video, decoded and drawn without a GPU, would
 * cost 40 % of a core for as long as the page is open (the hero test plays it).
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    ...options,
  })
  open.add(context)
  context.on('close', () => open.delete(context))
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (message.type() === 'error' || HYDRATION.test(text)) {
      problems.push(`console.${message.type()}: ${text} (${message.location().url})`)
    }
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return { page, problems, close: () => context.close() }
}

/** Most of what a failed test's page showed: its address, what went wrong in it, the start of its text. */
const PAGE_TEXT_SHOWN = 1500

/**
 * The error a test failed with, told what its page looked like then, so a failure in a CI log that keeps
 * only its tail says where the journey stood (an error toast, a list still loading, a 500 behind it).
 */
export async function withPageState(error: unknown, { page, problems }: TrackedPage): Promise<unknown> {
  if (!(error instanceof Error) || page.isClosed()) return error
  const text = await Promise.race([
    page
      // biome-ignore lint/performance/useDomNodeTextContent: what the page shows is wanted, not its scripts' hydration data
      .evaluate(() => document.body.innerText)
      .then((all) => all.replace(/\s+/g, ' ').slice(0, PAGE_TEXT_SHOWN)),
    // A page whose script is stuck must not hold the test's own error until the test times out.
    Bun.sleep(2000).then(() => '(no answer from the page in 2 s)'),
  ]).catch((reason: unknown) => `(unreadable: ${reason})`)
  error.message += `\npage at the failure: ${page.url()}\nproblems: ${problems.join(' | ') || 'none'}\ntext: ${text}`
  return error
}

export async function waitForHydration(page: Page) {
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 10_000 })
}

/**
 * axe-core minified: @axe-core/playwright would send the 1.5 MB unminified build, and in legacy mode
 * evaluate it twice in the page. Parsing it was most of the cost of a check.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The rules whose every finding is moderate or minor: axe gives a rule's own impact to all its findings, so
 * these could never fail the check below, and running them was a third of its time. Read from axe itself.
 */
let quietRules: string[] | undefined
const QUIET_RULES = `axe._audit.rules.filter((rule) => rule.impact && !['serious', 'critical'].includes(rule.impact)).map((rule) => rule.id)`

/**
 * axe-core on the page as it is now: no serious or critical violation allowed. `frames: false` keeps
 * axe out of frames it cannot enter (the previewer's sandboxed, script-less preview). A page without
 * frames is checked in legacy mode, in the page itself instead of finishing in a new page: a third of
 * the time, the same rules (legacy mode would not look inside frames, so pages with some keep the default).
 * In legacy mode axe is put in the page once, here, and the builder's own two injections are left empty.
 */
export async function expectAccessible(page: Page, { frames = true } = {}) {
  const legacy = !frames || page.frames().length === 1
  if ((legacy || !quietRules) && !(await page.evaluate('typeof window.axe === "object"')))
    await page.evaluate(AXE_SOURCE)
  quietRules ??= (await page.evaluate(QUIET_RULES)) as string[]
  const builder = new AxeBuilder({ page, axeSource: legacy ? 'void 0' : AXE_SOURCE })
    .setLegacyMode(legacy)
    // axe's own reporter for violations only: the passes, incomplete and inapplicable it otherwise sends back
    // (41 KB for the blog index) cost the page and this process a tenth of a second a check to serialize
    // (in legacy mode; with frames, the partial results still carry them to the finishing page).
    .options({ reporter: 'no-passes', ...(frames ? {} : { iframes: false }) })
    .disableRules(quietRules)
  const results = await builder.analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

/** Screenshots for an issue's record, when SCREENSHOT_DIR is set; nothing otherwise. */
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.SCREENSHOT_DIR
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage })
}

/** The same, at a phone's width (375 px) and back, when SCREENSHOT_DIR is set. */
export async function shootNarrow(page: Page, name: string) {
  const size = page.viewportSize()
  if (!process.env.SCREENSHOT_DIR || !size) return
  await page.setViewportSize({ width: 375, height: size.height })
  await shoot(page, name, { fullPage: false })
  await page.setViewportSize(size)
}
