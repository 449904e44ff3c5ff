/**
 * Full-page screenshots at 1280 and 375 px of a running server, for looking at pages as a visitor:
 *   bun scripts/screenshots.ts http://localhost:3000 / /blog /blog/some-post   → /tmp/s-{d|m}-{path}.png
 */
import { launchBrowser } from '../tests/e2e/support/browser'

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2)
const browser = await launchBrowser()
for (const [name, vp] of [
  ['d', { width: 1280, height: 900 }],
  ['m', { width: 375, height: 812 }],
] as const) {
  for (const path of paths) {
    const ctx = await browser.newContext({ viewport: vp })
    const page = await ctx.newPage()
    page.on('console', (m) => m.type() === 'error' && console.log('console error', path, m.text()))
    await page.goto(base + path)
    await page.waitForSelector('html[data-hydrated="true"]')
    for (let y = 0; y < 5000; y += 500) {
      await page.mouse.wheel(0, 500)
      await page.waitForTimeout(80)
    }
    await page.waitForTimeout(600)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForTimeout(300)
    await page.screenshot({ path: `/tmp/s-${name}-${path.replace(/\W/g, '_')}.png`, fullPage: true })
    await ctx.close()
  }
}
await browser.close()
