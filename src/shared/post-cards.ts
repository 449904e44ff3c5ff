/**
 * Cards a post may hold beyond paragraphs, as stored HTML (docs/api.md has an example of each): the editor
 * makes them (quill-cards.ts), the sanitizer keeps exactly these classes, the page styles them.
 */
export const CALLOUT_KINDS = ['info', 'warning', 'success'] as const
export type CalloutKind = (typeof CALLOUT_KINDS)[number]
export const CALLOUT_LABELS: Record<CalloutKind, string> = { info: 'Info', warning: 'Warning', success: 'Success' }

/** The class of a link drawn as the site's button. */
export const POST_BUTTON_CLASS = 'post-button'

/** The class of a gallery: a figure of several pictures, shown as a grid that opens each large. */
export const POST_GALLERY_CLASS = 'post-gallery'
