import { type Static, Type } from '@sinclair/typebox'
import { type ValueError, ValueErrorType } from '@sinclair/typebox/value'
import { POST_STATUSES } from './blog'
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
  type Checked,
  checkSchema,
  controlCharactersMessage,
  fieldWithControlCharacters,
  unknownFieldMessage,
} from './schema-check'

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
    status: Type.Union(POST_STATUSES.map((status) => Type.Literal(status))),
    publishedAt: Type.Optional(Type.Union([Type.String({ pattern: PUBLISHED_AT_PATTERN }), Type.Null()])),
    tags: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 })),
    /** The slug is another post's old address, and the administrator chose to take it over. */
    takeRedirectedSlug: Type.Optional(Type.Boolean()),
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

const PUBLISHED_AT_RULE = 'Publication date must be a date (yyyy-MM-dd) or a date and time (yyyy-MM-ddTHH:mm)'
const STATUS_RULE = `Status must be ${POST_STATUSES.join(' or ')}`

const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  slug: 'Slug',
  content: 'Content',
  excerpt: 'Excerpt',
  featuredImage: 'Featured image URL',
  featured: 'Featured',
  status: 'Status',
  publishedAt: 'Publication date',
  tags: 'Tags',
  name: 'Tag name',
}

function describe(error: ValueError): string {
  const [field = '', index] = error.path.slice(1).split('/')
  const label = FIELD_NAMES[field] ?? field
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return unknownFieldMessage(field || 'value')
  if (error.type === ValueErrorType.ObjectRequiredProperty)
    return field === 'status' ? STATUS_RULE : `${label} is required`
  if (field === 'status') return STATUS_RULE
  if (field === 'tags') return index === undefined ? 'Tags must be a list of tag ids' : 'Tags must be numbers'
  if (field === 'publishedAt') return PUBLISHED_AT_RULE
  if (field === 'featuredImage') return 'Featured image URL must be an http(s) address or a path on this site'
  if (error.type === ValueErrorType.StringMaxLength)
    return `${label} is too long (at most ${(error.schema as { maxLength?: number }).maxLength} characters)`
  return `${label} has the wrong type`
}

/**
 * Structure first (types, unknown fields, formats), then control characters, then the spec's messages
 * for the required fields. The API judges the content again after sanitizing (what sanitizes to nothing
 * is empty).
 */
export function validatePostInput(input: unknown): Checked<PostInput> {
  const checked = checkSchema(PostInputSchema, input)
  if (!checked.ok) {
    const first = checked.error
    const path = first.path.slice(1)
    if ((path === 'title' || path === 'content') && first.type === ValueErrorType.ObjectRequiredProperty) {
      return { ok: false, error: path === 'title' ? POST_MESSAGES.titleRequired : POST_MESSAGES.contentRequired }
    }
    return { ok: false, error: describe(first) }
  }
  const post = checked.value
  const withControls = fieldWithControlCharacters(post, POST_MULTILINE_FIELDS)
  if (withControls) return { ok: false, error: controlCharactersMessage(FIELD_NAMES[withControls] ?? withControls) }
  if (!post.title.trim()) return { ok: false, error: POST_MESSAGES.titleRequired }
  if (isContentEmpty(post.content)) return { ok: false, error: POST_MESSAGES.contentRequired }
  if (post.publishedAt && !publicationTime(post.publishedAt, Date.now())) return { ok: false, error: PUBLISHED_AT_RULE }
  return { ok: true, value: post }
}

export function validateTagInput(input: unknown): Checked<TagInput> {
  const checked = checkSchema(TagInputSchema, input)
  if (!checked.ok) {
    const nameMissing = checked.error.path === '/name' && checked.error.type === ValueErrorType.ObjectRequiredProperty
    return { ok: false, error: nameMissing ? POST_MESSAGES.tagNameRequired : describe(checked.error) }
  }
  const withControls = fieldWithControlCharacters(checked.value)
  if (withControls)
    return { ok: false, error: controlCharactersMessage(withControls === 'slug' ? 'Tag slug' : 'Tag name') }
  if (!checked.value.name.trim()) return { ok: false, error: POST_MESSAGES.tagNameRequired }
  return checked
}
