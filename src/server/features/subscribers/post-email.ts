import type SanitizeHtml from 'sanitize-html'
import { site } from '../../../content/site'
import { postPath } from '../../../shared/paths'
import { requireOnce } from '../../process/load-once'
import { fillSlots, PREFERENCES_SLOT, UNSUBSCRIBE_SLOT } from './mail-slots'

/** sanitize-html, required with the first call rather than when this module loads (decision 0047). */
const sanitizeHtml = requireOnce(() => require('sanitize-html') as typeof SanitizeHtml)

/** The slots taken out of what a writer wrote (its text part decoded too), so only the site's own are filled. */
const withoutSlots = (text: string) => fillSlots(text, { preferences: '', unsubscribe: '' })

/** Pictures are never wider than the mail's column. */
const MAIL_WIDTH = 600

export interface EmailedPost {
  title: string
  slug: string
  excerpt: string
  content: string
  featuredImage: string | null
  author: string | null
}

const escapeHtml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!)

/** A YouTube or Vimeo player's address → the video's own page and, for YouTube, its still. */
function videoOf(src: string): { page: string; still: string | null } | null {
  const youtube = /youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,20})/.exec(src)
  if (youtube)
    return {
      page: `https://www.youtube.com/watch?v=${youtube[1]}`,
      still: `https://i.ytimg.com/vi/${youtube[1]}/hqdefault.jpg`,
    }
  const vimeo = /player\.vimeo\.com\/video\/(\d+)/.exec(src)
  return vimeo ? { page: `https://vimeo.com/${vimeo[1]}`, still: null } : null
}

/** Players cannot play in mail: each becomes a link to the video, with its still where there is one. */
function linkVideos(html: string, absolute: (url: string) => string): string {
  return html
    .replace(/<iframe\b[^>]*\bsrc="([^"]+)"[^>]*>\s*<\/iframe>/gi, (_, src: string) => {
      const video = videoOf(src.replaceAll('&amp;', '&'))
      if (!video) return ''
      return video.still
        ? `<p><a href="${video.page}"><img src="${video.still}" width="${MAIL_WIDTH}" alt="Watch the video"></a></p>`
        : `<p><a href="${video.page}">Watch the video</a></p>`
    })
    .replace(/<video\b[^>]*>[\s\S]*?<\/video>/gi, (video) => {
      const src = /\bsrc="([^"]+)"/.exec(video)?.[1]
      return src ? `<p><a href="${absolute(src)}">Watch the video</a></p>` : ''
    })
}

/**
 * A post's HTML as mail clients show it: only tags they all render, no classes or scripts, every address
 * absolute, pictures sized to the column with their alt text, players as links, toggles open, callouts as
 * quotes and the button card as a plain link.
 */
export function mailContent(html: string, pageUrl: string): string {
  const absolute = (url: string) => {
    try {
      return new URL(url.replaceAll('&amp;', '&'), pageUrl).href
    } catch {
      return ''
    }
  }
  return sanitizeHtml()(linkVideos(html, absolute), {
    allowedTags: [
      'p',
      'br',
      'h2',
      'h3',
      'h4',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'img',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'hr',
      'pre',
      'code',
      'div',
    ],
    allowedAttributes: {
      a: ['href'],
      img: ['src', 'alt', 'width', 'style'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['https', 'http', 'mailto'],
    transformTags: {
      a: (tagName, attribs): SanitizeHtml.Tag => ({
        tagName,
        attribs: attribs.href ? { href: absolute(attribs.href) } : {},
      }),
      img: (tagName, attribs) => {
        const width = Number(attribs.width)
        return {
          tagName,
          attribs: {
            src: absolute(attribs.src ?? ''),
            alt: attribs.alt ?? '',
            // A picture's own width, at most the column's; none stated, the column's style alone keeps it in.
            ...(width > 0 ? { width: String(Math.min(width, MAIL_WIDTH)) } : {}),
            style: 'max-width:100%;height:auto;display:block',
          },
        }
      },
      aside: 'blockquote',
      details: 'div',
      summary: 'strong',
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  })
}

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|figure|figcaption|tr|div|pre|table|ul|ol)>|<br\s*\/?>|<hr\s*\/?>/gi

/** The plain-text part: the same words, links written out after their text, pictures by their alt text. */
export function mailText(html: string): string {
  const text = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const words = inner
        .replace(/<img\b[^>]*alt="([^"]*)"[^>]*>/gi, '$1')
        .replace(/<[^>]+>/g, '')
        .trim()
      return words ? `${words} (${href})` : href
    })
    .replace(/<img\b[^>]*alt="([^"]*)"[^>]*>/gi, (_, alt: string) => (alt ? `[${alt}]` : ''))
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]+>/g, '')
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

const decodeEntities = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&')

/** The whole message for every subscriber, with slots for each one's own links: subject, HTML and text. */
export function renderPostEmail(written: EmailedPost, origin: string) {
  // A writer's slot would be filled with each recipient's secret, in a link of the writer's choosing.
  const post = {
    ...written,
    title: withoutSlots(written.title),
    author: written.author === null ? null : withoutSlots(written.author),
  }
  const page = new URL(postPath(post.slug), origin).href
  // Mail apps send no referrer: the campaign in the address is how the site's analytics know the newsletter.
  const url = `${page}?${new URLSearchParams({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: post.slug })}`
  const logo = new URL('/brand/icon-192.png', origin).href
  const content = withoutSlots(mailContent(post.content, page))
  const image = post.featuredImage
    ? `<p><a href="${escapeHtml(url)}"><img src="${escapeHtml(new URL(post.featuredImage, origin).href)}" width="${MAIL_WIDTH}" alt="" style="max-width:100%;height:auto;display:block"></a></p>`
    : ''
  const byline = post.author ? `<p style="color:#555">By ${escapeHtml(post.author)}</p>` : ''
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(post.title)}</title></head>
<body style="margin:0;background:#f4f4f7"><div style="max-width:${MAIL_WIDTH}px;margin:0 auto;padding:24px;background:#fff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111">
<p><a href="${escapeHtml(origin)}" style="color:#111;text-decoration:none;font-weight:bold"><img src="${escapeHtml(logo)}" width="40" height="40" alt="" style="vertical-align:middle"> ${escapeHtml(site.name)}</a></p>
<h1 style="font-size:26px;line-height:1.25"><a href="${escapeHtml(url)}" style="color:#111;text-decoration:none">${escapeHtml(post.title)}</a></h1>
${byline}${image}${content}
<p><a href="${escapeHtml(url)}">Read it on the site</a></p>
<hr><p style="font-size:13px;color:#555">You get this because you subscribed to ${escapeHtml(site.name)}'s news. <a href="${PREFERENCES_SLOT}">Choose what you get</a> or <a href="${UNSUBSCRIBE_SLOT}">unsubscribe</a>.</p>
</div></body></html>`
  const text = [
    post.title,
    ...(post.author ? [`By ${post.author}`] : []),
    '',
    withoutSlots(mailText(content)),
    '',
    `Read it on the site: ${url}`,
    '',
    '--',
    `You get this because you subscribed to ${site.name}'s news.`,
    `Choose what you get: ${PREFERENCES_SLOT}`,
    `Unsubscribe: ${UNSUBSCRIBE_SLOT}`,
  ].join('\n')
  return { subject: post.title, html, text }
}
