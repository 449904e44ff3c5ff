import type SanitizeHtml from 'sanitize-html'
import type { PostSummary } from '../../../shared/blog'
import { postPath } from '../../../shared/paths'
import { requireOnce } from '../../process/load-once'
import { NOT_XML, xml } from './xml-text'

/** sanitize-html, required with the first call rather than when this module loads (decision 0047). */
const sanitizeHtml = requireOnce(() => require('sanitize-html') as typeof SanitizeHtml)

/** Text in a CDATA section: no character XML refuses, and `]]>` split so it cannot end the section. */
const cdata = (text: string) => `<![CDATA[${text.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`

/** The attributes of post HTML that hold an address, and the one that holds a list of them. */
const URL_ATTRIBUTES = ['src', 'href', 'poster'] as const

/**
 * A post's HTML for a feed reader, which has no page to resolve addresses on: every address in a link,
 * picture, source or poster (each candidate of a `srcset` too) is resolved against the post's own URL,
 * as the page would. Read as HTML, so text that looks like an attribute is left as written.
 */
export function absoluteHtml(html: string, pageUrl: string): string {
  const resolve = (url: string) => {
    try {
      return new URL(url, pageUrl).href
    } catch {
      return url
    }
  }
  return sanitizeHtml()(html, {
    // The HTML was sanitized when saved: here nothing is taken out, only addresses resolved (so sanitize-html's
    // warning about letting any tag through, written to the console for each post of each feed, does not apply).
    allowedTags: false,
    allowVulnerableTags: true,
    allowedAttributes: false,
    allowedSchemesAppliedToAttributes: [],
    // Void elements stay void: a <source> or <track> written with an end tag would be invalid.
    selfClosing: [...sanitizeHtml().defaults.selfClosing, 'source', 'track', 'wbr'],
    transformTags: {
      '*': (tagName, attribs) => {
        const resolved = { ...attribs }
        for (const name of URL_ATTRIBUTES) if (resolved[name]) resolved[name] = resolve(resolved[name])
        if (resolved.srcset) {
          resolved.srcset = resolved.srcset
            .split(',')
            .map((candidate) => candidate.trim().replace(/^\S+/, resolve))
            .join(', ')
        }
        return { tagName, attribs: resolved }
      },
    },
  })
}

const pubDate = (post: PostSummary) => new Date(post.publishedAt ?? post.createdAt).toUTCString()

export interface RssChannel {
  title: string
  /** The page the feed follows (absolute). */
  link: string
  /** The feed's own address (absolute). */
  self: string
  description: string
}

/**
 * An RSS 2.0 document of these posts (newest first) with absolute links on `base`, each with its excerpt
 * and, where `contents` has it, its whole HTML (cards and pictures as on the page). Its build date is the
 * newest change to them (an edit or a publication), so an unchanged feed stays byte for byte the same (and its ETag with it).
 */
export function rssDocument(
  channel: RssChannel,
  base: string,
  posts: PostSummary[],
  contents: ReadonlyMap<number, string> = new Map(),
): string {
  const items = posts
    .map((post) => {
      const url = `${base}${postPath(post.slug)}`
      return [
        '<item>',
        `<title>${xml(post.title)}</title>`,
        `<link>${xml(url)}</link>`,
        `<guid isPermaLink="true">${xml(url)}</guid>`,
        `<pubDate>${pubDate(post)}</pubDate>`,
        post.author ? `<dc:creator>${xml(post.author.name)}</dc:creator>` : '',
        `<description>${xml(post.excerpt)}</description>`,
        contents.has(post.id)
          ? `<content:encoded>${cdata(absoluteHtml(contents.get(post.id)!, url))}</content:encoded>`
          : '',
        '</item>',
      ].join('')
    })
    .join('\n')
  // A scheduled post going live changes the feed without an edit: its publication counts as a change.
  const newest = posts.reduce(
    (latest, post) => Math.max(latest, Date.parse(post.updatedAt), post.publishedAt ? Date.parse(post.publishedAt) : 0),
    0,
  )
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>` +
    `<title>${xml(channel.title)}</title><link>${xml(channel.link)}</link>` +
    `<description>${xml(channel.description)}</description><language>en</language>` +
    (newest > 0 ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '') +
    `<atom:link href="${xml(channel.self)}" rel="self" type="application/rss+xml"/>\n${items}\n</channel></rss>\n`
  )
}
