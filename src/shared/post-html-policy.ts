/**
 * What post HTML may hold, written once. The server's sanitizer enforces it on every write
 * (sanitize-post-html.ts); the editor uses the same lists so it never offers what a save would drop.
 */

/** Spec §5: any other link address becomes a blank one. */
export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel']

/** Spec §5: images may also be inline data. */
export const IMAGE_PROTOCOLS = ['http', 'https', 'data']

/** Spec §5: the files the editor's image picker accepts. */
export const IMAGE_FILE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon']

/** Hosts whose players may be embedded (Quill's video blot is an iframe); embeds are https only. */
export const VIDEO_EMBED_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'youtube.com', 'player.vimeo.com']
export const VIDEO_EMBED_PROTOCOLS = ['https']

/** Self-hosted clips: the attributes a <video> keeps, and which of them are addresses. */
export const VIDEO_ATTRIBUTES = [
  'src',
  'poster',
  'controls',
  'preload',
  'playsinline',
  'muted',
  'loop',
  'width',
  'height',
]
export const VIDEO_URL_ATTRIBUTES = ['src', 'poster']
export const VIDEO_SOURCE_ATTRIBUTES = ['src', 'type']
/** Besides paths on this site (never protocol-relative ones). */
export const VIDEO_PROTOCOLS = ['http', 'https']

const VIDEO_URL = new RegExp(`^((${VIDEO_PROTOCOLS.join('|')})://|/(?!/))`, 'i')

/** A clip's address as the sanitizer keeps it: http(s), or a path on this site. */
export const isAllowedVideoUrl = (url: string) => VIDEO_URL.test(url.trim())

const YOUTUBE = [
  /^(?:https?:\/\/)?(?:www\.|m\.)?youtube\.com\/watch\?(?:.*&)?v=([\w-]{6,})/i,
  /^(?:https?:\/\/)?youtu\.be\/([\w-]{6,})/i,
  /^(?:https?:\/\/)?(?:www\.|m\.)?youtube\.com\/(?:shorts|embed|live)\/([\w-]{6,})/i,
  /^(?:https?:\/\/)?(?:www\.)?youtube-nocookie\.com\/embed\/([\w-]{6,})/i,
]
const VIMEO = /^(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)(?:\/([0-9a-f]{6,}))?/i

/** A YouTube start time (`t=90`, `t=1m30s`, `start=90`) in seconds, or null. */
function startSeconds(link: string): number | null {
  const value = /[?&#](?:t|start)=([\dhms]+)/i.exec(link)?.[1]
  if (!value) return null
  if (/^\d+$/.test(value)) return Number(value)
  const part = (unit: string) => Number(new RegExp(`(\\d+)${unit}`, 'i').exec(value)?.[1] ?? 0)
  const seconds = part('h') * 3600 + part('m') * 60 + part('s')
  return seconds > 0 ? seconds : null
}

/**
 * The player address for a YouTube or Vimeo link in any of its usual forms (watch, short, share and
 * embed URLs, with a start time or an unlisted video's key), on a host the sanitizer allows; null for
 * anything else.
 */
export function videoEmbedUrl(link: string): string | null {
  const trimmed = link.trim()
  for (const pattern of YOUTUBE) {
    const id = pattern.exec(trimmed)?.[1]
    if (!id) continue
    const start = startSeconds(trimmed)
    return `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`
  }
  const vimeo = VIMEO.exec(trimmed)
  if (!vimeo) return null
  const key = vimeo[2] ?? /[?&]h=([0-9a-f]{6,})/i.exec(trimmed)?.[1]
  return `https://player.vimeo.com/video/${vimeo[1]}${key ? `?h=${key}` : ''}`
}
