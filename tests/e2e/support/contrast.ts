import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'

type Rgb = [number, number, number]

/** WCAG 2 relative luminance of an sRGB colour (0–255 channels). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}

/** WCAG 1.4.3: large text (≥ 24 px, or ≥ 18.66 px bold) needs 3:1, other text 4.5:1. */
export function requiredRatio(fontSizePx: number, fontWeight: number): number {
  return fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700) ? 3 : 4.5
}

export interface TextStyle {
  color: Rgb
  fontSizePx: number
  fontWeight: number
  /** Where the element's visible text sits, in viewport pixels. */
  box: { x: number; y: number; width: number; height: number }
}

/**
 * The element's opaque text colour, size and weight, and the box its visible text occupies: the union of
 * its text lines (skipping screen-reader-only text), cut to the element's own box (a clamped excerpt).
 */
export function textStyle(element: Locator): Promise<TextStyle> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el)
    const channels = style.color.match(/[\d.]+/g)!.map(Number)
    if (channels.length > 3 && channels[3] !== 1) throw new Error(`translucent text colour ${style.color}`)
    const own = el.getBoundingClientRect()
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity]
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.visually-hidden')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        left = Math.min(left, rect.left)
        top = Math.min(top, rect.top)
        right = Math.max(right, rect.right)
        bottom = Math.max(bottom, rect.bottom)
      }
    }
    ;[left, top] = [Math.max(left, own.left), Math.max(top, own.top)]
    ;[right, bottom] = [Math.min(right, own.right), Math.min(bottom, own.bottom)]
    return {
      color: channels.slice(0, 3) as [number, number, number],
      fontSizePx: Number.parseFloat(style.fontSize),
      fontWeight: Number(style.fontWeight),
      box: { x: left, y: top, width: right - left, height: bottom - top },
    }
  })
}

/** Hides the text (and its shadows) of everything under `selector`, leaving the backdrop; returns the undo. */
export async function hideText(page: Page, selector: string): Promise<() => Promise<void>> {
  const hidden = await page.addStyleTag({
    content: `${selector}, ${selector} * { color: transparent !important; -webkit-text-fill-color: transparent !important;
      text-shadow: none !important; text-decoration-color: transparent !important; transition: none !important; }`,
  })
  return () => hidden.evaluate((tag: Element) => tag.remove())
}

/** The luminances of the lightest and the darkest pixel in a screenshot of this viewport box. */
export async function luminanceRange(
  page: Page,
  box: TextStyle['box'],
): Promise<{ lightest: number; darkest: number }> {
  const png = await page.screenshot({ clip: box })
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let [lightest, darkest] = [0, 1]
  for (let i = 0; i < data.length; i += info.channels) {
    const luminance = relativeLuminance([data[i]!, data[i + 1]!, data[i + 2]!])
    lightest = Math.max(lightest, luminance)
    darkest = Math.min(darkest, luminance)
  }
  return { lightest, darkest }
}
