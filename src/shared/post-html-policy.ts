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
