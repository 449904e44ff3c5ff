import { type Static, Type } from '@sinclair/typebox'
import { ADMIN_POST_MAX_LIMIT } from './admin-post-query'
import type { Checked } from './schema-check'
import { type SchemaFields, schemaProblems } from './schema-messages'

/** What one request may do to many posts at once: at most a page of the admin list. */
export const BULK_ACTIONS = ['publish', 'unpublish', 'delete', 'tag', 'untag'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

export const BulkInputSchema = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: ADMIN_POST_MAX_LIMIT }),
    action: Type.Union(BULK_ACTIONS.map((action) => Type.Literal(action))),
    tagId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
)
export type BulkInput = Static<typeof BulkInputSchema>

/** Per post: the ids done, and each one not done with why. */
export interface BulkResult {
  done: number[]
  failed: { id: number; error: string }[]
}

const BULK_FIELDS = {
  labels: { ids: 'Posts', action: 'Action', tagId: 'Tag' },
} satisfies SchemaFields<keyof BulkInput>

export const BULK_MESSAGES = {
  tagRequired: 'Choose the tag to add or remove',
} as const

export function validateBulkInput(input: unknown): Checked<BulkInput> {
  const [first] = schemaProblems(BulkInputSchema, input, BULK_FIELDS)
  if (first) return { ok: false, error: first.error }
  const value = input as BulkInput
  if ((value.action === 'tag' || value.action === 'untag') && value.tagId === undefined)
    return { ok: false, error: BULK_MESSAGES.tagRequired }
  return { ok: true, value }
}
