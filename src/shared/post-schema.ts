import { type Static, Type } from '@sinclair/typebox'
import { ValueErrorType } from '@sinclair/typebox/value'
import { POST_STATUSES } from './blog'
import { FIELD_MESSAGES } from './field-messages'
import {
  IMAGE_URL_PATTERN,
  isContentEmpty,
  POST_LIMITS,
  POST_MESSAGES,
  POST_MULTILINE_FIELDS,
  PUBLISHED_AT_PATTERN,
  publicationTime,
} from './post-rules'
import {
  CANONICAL_URL_PATTERN,
  isCanonicalUrl,
  SEARCH_SETTING_LABELS,
  SEARCH_SETTING_LIMITS,
  SEARCH_SETTING_RULES,
} from './post-search-settings'
import { type Checked, checkSchema, fieldWithControlCharacters } from './schema-check'
import { type FieldProblem, fieldProblem, type SchemaFields, schemaProblems } from './schema-messages'

/** The admin API's post payload, built from the shared rules; unknown fields are refused. */
export const PostInputSchema = Type.Object(
  {
    title: Type.String({ maxLength: POST_LIMITS.title }),
    slug: Type.Optional(Type.String({ maxLength: POST_LIMITS.slug })),
    content: Type.String(),
    excerpt: Type.Optional(Type.String({ maxLength: POST_LIMITS.excerpt })),
    featuredImage: Type.Optional(
      Type.Union([Type.String({ maxLength: POST_LIMITS.featuredImage, pattern: IMAGE_URL_PATTERN }), Type.Null()]),
    ),
    featured: Type.Optional(Type.Boolean()),
    /** Email it to the newsletter's subscribers when it goes public; left out, a save keeps what the post has. */
    emailSubscribers: Type.Optional(Type.Boolean()),
    status: Type.Union(POST_STATUSES.map((status) => Type.Literal(status))),
    publishedAt: Type.Optional(Type.Union([Type.String({ pattern: PUBLISHED_AT_PATTERN }), Type.Null()])),
    tags: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 })),
    /** Who the byline names (editors and above may give a post to someone else); unset, whoever saves it first. */
    authorId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The slug is another post's old address, and the administrator chose to take it over. */
    takeRedirectedSlug: Type.Optional(Type.Boolean()),
    // Search and share settings (post-search-settings.ts): left out, a save keeps what the post has.
    metaTitle: Type.Optional(Type.String({ maxLength: SEARCH_SETTING_LIMITS.metaTitle })),
    metaDescription: Type.Optional(Type.String({ maxLength: SEARCH_SETTING_LIMITS.metaDescription })),
    canonicalUrl: Type.Optional(
      Type.String({ maxLength: SEARCH_SETTING_LIMITS.canonicalUrl, pattern: CANONICAL_URL_PATTERN }),
    ),
    noindex: Type.Optional(Type.Boolean()),
    shareImage: Type.Optional(Type.String({ maxLength: SEARCH_SETTING_LIMITS.shareImage, pattern: IMAGE_URL_PATTERN })),
    shareTitle: Type.Optional(Type.String({ maxLength: SEARCH_SETTING_LIMITS.shareTitle })),
    shareDescription: Type.Optional(Type.String({ maxLength: SEARCH_SETTING_LIMITS.shareDescription })),
  },
  { additionalProperties: false },
)

export const TagInputSchema = Type.Object(
  {
    name: Type.String({ maxLength: POST_LIMITS.tagName }),
    slug: Type.Optional(Type.String({ maxLength: POST_LIMITS.slug })),
  },
  { additionalProperties: false },
)

export type PostInput = Static<typeof PostInputSchema>
export type TagInput = Static<typeof TagInputSchema>

const POST_FIELDS = {
  labels: {
    title: 'Title',
    slug: 'Slug',
    content: 'Content',
    excerpt: 'Excerpt',
    featuredImage: 'Featured image URL',
    featured: 'Featured',
    emailSubscribers: 'Email this post to subscribers',
    status: 'Status',
    publishedAt: 'Publication date',
    tags: 'Tags',
    authorId: 'Author',
    takeRedirectedSlug: 'Take over the old address',
    ...SEARCH_SETTING_LABELS,
  },
  rules: {
    ...SEARCH_SETTING_RULES,
    publishedAt: POST_MESSAGES.publishedAtRule,
    featuredImage: 'Featured image URL must be an http(s) address or a path on this site',
    // The spec's words for tags of any wrong kind, not only for items that are not numbers.
    tags: FIELD_MESSAGES.numbers('Tags'),
  },
} satisfies SchemaFields<PostField>

const TAG_FIELDS = { labels: { name: 'Tag name', slug: 'Tag slug' } } satisfies SchemaFields<keyof TagInput>

export type PostField = keyof PostInput
export type PostProblems = Partial<Record<PostField, string>>

/**
 * Every field's first problem, in the order the API reports them: structure first (types, unknown
 * fields, lengths, formats), then control characters, then the spec's required fields, then a date that
 * does not exist. The API judges the content again after sanitizing (what sanitizes to nothing is empty).
 */
export function postProblems(input: unknown, now: number): FieldProblem<PostField>[] {
  const problems = schemaProblems(PostInputSchema, input, POST_FIELDS)
  if (typeof input !== 'object' || input === null) return problems
  const post = input as Partial<Record<PostField, unknown>>
  const add = (field: PostField, error: string) => {
    if (!problems.some((known) => known.field === field)) problems.push({ field, error })
  }
  for (const field of Object.keys(POST_FIELDS.labels) as PostField[]) {
    if (fieldWithControlCharacters({ [field]: post[field] }, POST_MULTILINE_FIELDS))
      add(field, FIELD_MESSAGES.controlCharacters(POST_FIELDS.labels[field]))
  }
  if (typeof post.title === 'string' && !post.title.trim()) add('title', POST_MESSAGES.titleRequired)
  if (typeof post.content === 'string' && isContentEmpty(post.content)) add('content', POST_MESSAGES.contentRequired)
  if (typeof post.publishedAt === 'string' && post.publishedAt && !publicationTime(post.publishedAt, now))
    add('publishedAt', POST_MESSAGES.publishedAtRule)
  if (typeof post.canonicalUrl === 'string' && !isCanonicalUrl(post.canonicalUrl))
    add('canonicalUrl', SEARCH_SETTING_RULES.canonicalUrl)
  return problems
}

export function validatePostInput(input: unknown): Checked<PostInput> {
  const [first] = postProblems(input, Date.now())
  return first ? { ok: false, error: first.error } : { ok: true, value: input as PostInput }
}

export function validateTagInput(input: unknown): Checked<TagInput> {
  const checked = checkSchema(TagInputSchema, input)
  if (!checked.ok) {
    const nameMissing = checked.error.path === '/name' && checked.error.type === ValueErrorType.ObjectRequiredProperty
    return {
      ok: false,
      error: nameMissing ? POST_MESSAGES.tagNameRequired : fieldProblem(checked.error, TAG_FIELDS).error,
    }
  }
  const withControls = fieldWithControlCharacters(checked.value) as keyof TagInput | null
  if (withControls) return { ok: false, error: FIELD_MESSAGES.controlCharacters(TAG_FIELDS.labels[withControls]) }
  if (!checked.value.name.trim()) return { ok: false, error: POST_MESSAGES.tagNameRequired }
  return checked
}
