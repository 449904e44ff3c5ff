import type SanitizeHtml from 'sanitize-html'
import { CALLOUT_KINDS, POST_BUTTON_CLASS, POST_GALLERY_CLASS } from '../../../shared/post-cards'
import { colourSpellings, HIGHLIGHT_COLOURS, type PostColour, TEXT_COLOURS } from '../../../shared/post-colours'
import {
  IMAGE_PROTOCOLS,
  isAllowedVideoUrl,
  LINK_PROTOCOLS,
  VIDEO_ATTRIBUTES,
  VIDEO_EMBED_HOSTS,
  VIDEO_EMBED_PROTOCOLS,
  VIDEO_PROTOCOLS,
  VIDEO_SOURCE_ATTRIBUTES,
  VIDEO_URL_ATTRIBUTES,
} from '../../../shared/post-html-policy'
import { requireOnce } from '../../process/load-once'

/** sanitize-html, required with the first call rather than when this module loads (decision 0047). */
const sanitizeHtml = requireOnce(() => require('sanitize-html') as typeof SanitizeHtml)

/** A clip's addresses follow the policy's rule (the one the editor applies), not sanitize-html's wider one. */
const keepAllowedVideoUrls: SanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) => !VIDEO_URL_ATTRIBUTES.includes(name) || isAllowedVideoUrl(value)),
  ),
})

/**
 * Responsive sources are the site's own (made from uploads on save), never taken from pasted markup; a
 * picture without alt text gets an empty one (the editor lists it as undescribed) rather than none.
 */
const withoutSourceSets: SanitizeHtml.Transformer = (tagName, { srcset: _srcset, sizes: _sizes, ...attribs }) => ({
  tagName,
  attribs: { ...attribs, alt: attribs.alt ?? '' },
})

/**
 * Only the palette's colours (post-colours.ts), as #rrggbb or rgb(r, g, b), spaces in it or not: any other
 * (a pasted black, a white-on-white) is dropped from every post saved, so none publishes text its readers
 * cannot see. Posts stored before the palette keep theirs until their next save.
 */
const escaped = (text: string) => text.replace(/[()]/g, '\\$&').replace(/, /g, '\\s*,\\s*')
const paletteRule = (palette: readonly PostColour[]) =>
  new RegExp(`^(${colourSpellings(palette).map(escaped).join('|')})$`, 'i')
const TEXT_COLOUR = paletteRule(TEXT_COLOURS)
const HIGHLIGHT_COLOUR = paletteRule(HIGHLIGHT_COLOURS)

/** A block's writing direction, as pasted or sent by an API client (`auto` follows its first letters). */
const DIRECTION = 'dir'
const DIRECTIONS = new Set(['auto', 'ltr', 'rtl'])
/** Drops a `dir` that is not a direction (a value-less one included), on whichever tag allows it. */
const withKnownDirection: SanitizeHtml.Transformer = (tagName, { dir, ...attribs }) => ({
  tagName,
  attribs: dir !== undefined && DIRECTIONS.has(dir.toLowerCase()) ? { ...attribs, dir: dir.toLowerCase() } : attribs,
})

/**
 * The allowlist for post HTML, written once and applied to every write (seed, admin, API): what Quill
 * produces (headings, lists, quotes, alignment/indent classes, colours, links, images, video iframes)
 * plus native <video> for self-hosted clips. Protocols, hosts and video attributes come from the shared policy.
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ol',
    'ul',
    'li',
    'a',
    'span',
    'img',
    'figure',
    'figcaption',
    'iframe',
    'video',
    'source',
    // Cards (post-cards.ts): a callout box, a toggle (a question that opens on its answer).
    'aside',
    'details',
    'summary',
    // Tables (pasted, or the editor's table): cells hold text; the page lets a wide one scroll sideways.
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    '*': ['class'],
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'title', 'srcset', 'sizes', 'decoding'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'title', 'allow'],
    video: VIDEO_ATTRIBUTES,
    source: VIDEO_SOURCE_ATTRIBUTES,
    li: ['data-list', DIRECTION],
    span: ['style'],
    p: ['style', DIRECTION],
    ...Object.fromEntries(
      ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'aside'].map((tag) => [tag, [DIRECTION]]),
    ),
    pre: ['spellcheck'],
    table: ['tabindex'],
  },
  allowedClasses: {
    '*': [/^ql-(align|indent|direction|size|font)-[a-z0-9-]+$/, 'ql-video', 'ql-syntax', 'ql-code-block'],
    aside: ['callout', ...CALLOUT_KINDS.map((kind) => `callout--${kind}`)],
    a: [POST_BUTTON_CLASS],
    figure: [POST_GALLERY_CLASS],
  },
  allowedStyles: {
    '*': {
      color: [TEXT_COLOUR],
      'background-color': [HIGHLIGHT_COLOUR],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: LINK_PROTOCOLS,
  allowedSchemesByTag: {
    img: IMAGE_PROTOCOLS,
    iframe: VIDEO_EMBED_PROTOCOLS,
    video: VIDEO_PROTOCOLS,
    source: VIDEO_PROTOCOLS,
  },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: false,
  selfClosing: ['img', 'br', 'hr', 'source'],
  allowedIframeHostnames: VIDEO_EMBED_HOSTS,
  transformTags: {
    '*': withKnownDirection,
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    img: withoutSourceSets,
    // A table wider than a phone scrolls sideways (post.css), and a keyboard scrolls only what it can focus.
    table: (tagName) => ({ tagName, attribs: { tabindex: '0' } }),
    video: keepAllowedVideoUrls,
    source: keepAllowedVideoUrls,
  },
  // A <source> or a player whose address was refused has nothing left to show (an empty frame, say).
  exclusiveFilter: (frame) => (frame.tag === 'source' || frame.tag === 'iframe') && !frame.attribs.src,
}

/** Post HTML kept to the policy; `transformImage` (for uploads) replaces the default handling of `<img>`. */
export function sanitizePostHtml(html: string, transformImage?: SanitizeHtml.Transformer): string {
  if (!transformImage) return sanitizeHtml()(html, OPTIONS)
  return sanitizeHtml()(html, { ...OPTIONS, transformTags: { ...OPTIONS.transformTags, img: transformImage } })
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
}

/** The words of a post's HTML, for search: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return sanitizeHtml()(html.replace(/<\/(p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim()
}
