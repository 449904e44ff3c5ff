import { Type } from '@sinclair/typebox'
import { Value, type ValueError, ValueErrorType } from '@sinclair/typebox/value'
import {
  DATE_ONLY_PATTERN,
  IMAGE_URL_PATTERN,
  isContentEmpty,
  POST_LIMITS,
  POST_MESSAGES,
  type PostInput,
} from './post-rules'

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
    status: Type.Union([Type.Literal('draft'), Type.Literal('published')]),
    publishedAt: Type.Optional(Type.Union([Type.String({ pattern: DATE_ONLY_PATTERN }), Type.Null()])),
    tags: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 })),
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
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return `Unknown field: ${field || 'value'}`
  if (error.type === ValueErrorType.ObjectRequiredProperty)
    return field === 'status' ? 'Status must be draft or published' : `${label} is required`
  if (field === 'status') return 'Status must be draft or published'
  if (field === 'tags') return index === undefined ? 'Tags must be a list of tag ids' : 'Tags must be numbers'
  if (field === 'publishedAt') return 'Publication date must be a date (yyyy-MM-dd)'
  if (field === 'featuredImage') return 'Featured image URL must be an http(s) address or a path on this site'
  if (error.type === ValueErrorType.StringMaxLength)
    return `${label} is too long (at most ${(error.schema as { maxLength?: number }).maxLength} characters)`
  return `${label} has the wrong type`
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string }

/** Structure first (types, unknown fields, formats), then the spec's messages for the required fields. */
export function validatePostInput(input: unknown): Checked<PostInput> {
  const first = Value.Errors(PostInputSchema, input).First()
  if (first) {
    const path = first.path.slice(1)
    if ((path === 'title' || path === 'content') && first.type === ValueErrorType.ObjectRequiredProperty) {
      return { ok: false, error: path === 'title' ? POST_MESSAGES.titleRequired : POST_MESSAGES.contentRequired }
    }
    return { ok: false, error: describe(first) }
  }
  const post = input as PostInput
  if (!post.title.trim()) return { ok: false, error: POST_MESSAGES.titleRequired }
  if (isContentEmpty(post.content)) return { ok: false, error: POST_MESSAGES.contentRequired }
  return { ok: true, value: post }
}

export function validateTagInput(input: unknown): Checked<{ name: string; slug?: string }> {
  const first = Value.Errors(TagInputSchema, input).First()
  if (first)
    return {
      ok: false,
      error:
        first.path === '/name' && first.type === ValueErrorType.ObjectRequiredProperty
          ? POST_MESSAGES.tagNameRequired
          : describe(first),
    }
  const tag = input as { name: string; slug?: string }
  if (!tag.name.trim()) return { ok: false, error: POST_MESSAGES.tagNameRequired }
  return { ok: true, value: tag }
}
