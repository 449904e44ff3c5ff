import type { PostDetail, PostSummary } from '../../../shared/blog'
import { POST_GALLERY_CLASS } from '../../../shared/post-cards'
import { todayDateString } from '../../../shared/post-rules'
import { type PostField, type PostInput, postProblems } from '../../../shared/post-schema'
import {
  EMPTY_SEARCH_SETTINGS,
  type PostSearchSettings,
  SEARCH_SETTING_FIELDS,
} from '../../../shared/post-search-settings'
import { slugFromName } from '../../../shared/slug'

/** The form's fields: the API payload with every field present and the nullable ones as text. */
export type PostFormValues = Required<
  Omit<PostInput, 'publishedAt' | 'featuredImage' | 'takeRedirectedSlug' | 'authorId'>
> & {
  publishedAt: string
  /** The byline's person; null on a new post (whoever saves it). */
  authorId: number | null
  /** HH:mm in the site's time zone (UTC), or '' for the date alone. */
  publishedTime: string
  featuredImage: string
}

export type PostFormErrors = Partial<Record<PostField, string>>

/** Spec §4: shown in the editor while the full post loads. */
const LOADING_PLACEHOLDER = '<p>Loading content…</p>'

/** Spec §3 and §4: a new post is a draft dated today. */
export const emptyPostValues = (now = Date.now()): PostFormValues => ({
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  featuredImage: '',
  featured: false,
  emailSubscribers: false,
  status: 'draft',
  publishedAt: todayDateString(now),
  publishedTime: '',
  tags: [],
  authorId: null,
  ...EMPTY_SEARCH_SETTINGS,
})

/** Spec §4: edit mode starts from what the list knows, with a placeholder where the content will go. */
export const valuesFromSummary = (post: PostSummary): PostFormValues => ({
  ...emptyPostValues(),
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  featuredImage: post.featuredImage ?? '',
  featured: post.featured,
  status: post.status,
  publishedAt: (post.publishedAt ?? post.createdAt).slice(0, 10),
  publishedTime: (post.publishedAt ?? post.createdAt).slice(11, 16),
  content: LOADING_PLACEHOLDER,
  authorId: post.authorId,
})

/** Every field of the full post, the editor's text and its tags included. */
export const valuesFromPost = (post: PostDetail & { emailSubscribers?: boolean }): PostFormValues => ({
  ...valuesFromSummary(post),
  emailSubscribers: post.emailSubscribers ?? false,
  content: post.content,
  tags: post.tags.map((tag) => tag.id),
  ...searchSettingsIn(post),
})

/** The search and share settings among a post's or a form's fields. */
export const searchSettingsIn = (source: PostSearchSettings): PostSearchSettings =>
  Object.fromEntries(SEARCH_SETTING_FIELDS.map((field) => [field, source[field]])) as unknown as PostSearchSettings

/** Each field as typed when it no longer reads as `listed` showed it, else as `fresh` has it. */
export function freshUnlessTyped(
  current: PostFormValues,
  listed: PostFormValues,
  fresh: PostFormValues,
): PostFormValues {
  const keys = Object.keys(current) as (keyof PostFormValues)[]
  return Object.fromEntries(
    keys.map((key) => [key, current[key] === listed[key] ? fresh[key] : current[key]]),
  ) as unknown as PostFormValues
}

/** Spec §5, checked on every change: every rule the API applies to what would be sent, by field. */
export const validatePostForm = (values: PostFormValues, now = Date.now()): PostFormErrors =>
  Object.fromEntries(
    postProblems(postPayload(values), now).flatMap((problem) =>
      problem.field ? [[problem.field, problem.error]] : [],
    ),
  )

/** When the post goes public as the API takes it: the date alone, or the date and time (UTC). */
export const publishedAtOf = ({ publishedAt, publishedTime }: Pick<PostFormValues, 'publishedAt' | 'publishedTime'>) =>
  publishedAt && publishedTime ? `${publishedAt}T${publishedTime}` : publishedAt

/** What is sent: a trimmed title, the slug from the title when left empty, and no date for "today" (spec §3). */
export const postPayload = ({ publishedTime: _time, authorId, ...values }: PostFormValues): PostInput => ({
  ...values,
  ...(authorId === null ? {} : { authorId }),
  title: values.title.trim(),
  slug: values.slug.trim() || slugFromName(values.title),
  publishedAt: publishedAtOf({ publishedAt: values.publishedAt, publishedTime: _time }) || undefined,
})

const GALLERY_RE = new RegExp(`<figure\\b[^>]*class="${POST_GALLERY_CLASS}"[^>]*>([\\s\\S]*?)</figure>`, 'gi')
/** Blocks a toggle's answer cannot hold in the editor: its lines are paragraphs. */
const BLOCK_IN_TOGGLE = /<(h[1-6]|ul|ol|blockquote|pre|figure|table|aside|details|hr|img|video|iframe)\b/i

/**
 * Markup the sanitizer allows but the editor cannot represent (see editor-quill.ts), so saving would drop
 * it: a figure around something other than a picture, a gallery holding more than pictures (a caption),
 * or a toggle without its question first or whose answer holds more than paragraphs.
 */
export function hasUneditableMarkup(html: string) {
  const galleries = [...html.matchAll(GALLERY_RE)]
  if (galleries.some(([, inside]) => !/^(\s*<img\b[^>]*>)*\s*$/i.test(inside ?? ''))) return true
  const withoutGalleries = html.replace(GALLERY_RE, '')
  if (/<figure\b[^>]*>(?!\s*<img\b)/i.test(withoutGalleries)) return true
  const toggles = html.match(/<details\b[^>]*>[\s\S]*?<\/details>/gi) ?? []
  return toggles.some((toggle) => {
    const inside = toggle.slice(toggle.indexOf('>') + 1)
    return !/^\s*<summary\b/i.test(inside) || BLOCK_IN_TOGGLE.test(inside)
  })
}
