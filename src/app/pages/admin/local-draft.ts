import { EMPTY_SEARCH_SETTINGS, SEARCH_SETTING_FIELDS } from '../../../shared/post-search-settings'
import type { PostFormValues } from './post-form-values'

/** How often the editor puts a copy of unsaved changes in this browser. */
export const LOCAL_DRAFT_INTERVAL_MS = 3000

/** An unsaved state of the form, kept in the browser in case the tab closes, reloads or crashes. */
export interface LocalDraft {
  /** When the copy was taken (this browser's clock, for display only). */
  savedAt: number
  /** The saved version it was made on (the post's updatedAt), null for a post not created yet. */
  basedOn: string | null
  values: PostFormValues
}

const PREFIX = 'admin-post-draft:'

/** One copy per post, and one for the post not created yet. */
export const localDraftKey = (postId: number | null) => `${PREFIX}${postId ?? 'new'}`

const STRING_FIELDS = ['title', 'slug', 'content', 'excerpt', 'featuredImage', 'publishedAt', 'publishedTime'] as const

function isFormValues(value: unknown): value is PostFormValues {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    STRING_FIELDS.every((field) => typeof record[field] === 'string') &&
    SEARCH_SETTING_FIELDS.every(
      (field) => record[field] === undefined || typeof record[field] === typeof EMPTY_SEARCH_SETTINGS[field],
    ) &&
    typeof record.featured === 'boolean' &&
    (record.status === 'draft' || record.status === 'published') &&
    Array.isArray(record.tags) &&
    record.tags.every((tag) => Number.isInteger(tag))
  )
}

/** The stored copy, or null when there is none or it is not one this version of the editor wrote. */
export function readLocalDraft(storage: Storage, key: string): LocalDraft | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null')
    if (typeof parsed !== 'object' || parsed === null) return null
    const { savedAt, basedOn, values } = parsed as Record<string, unknown>
    if (typeof savedAt !== 'number' || !(basedOn === null || typeof basedOn === 'string')) return null
    // A copy from before the search settings existed has none: it restores with the defaults.
    return isFormValues(values) ? { savedAt, basedOn, values: { ...EMPTY_SEARCH_SETTINGS, ...values } } : null
  } catch {
    return null
  }
}

/** False when the browser refuses (storage full or disabled): the leave warning still protects the work. */
export function writeLocalDraft(storage: Storage, key: string, draft: LocalDraft): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft))
    return true
  } catch {
    return false
  }
}

/** A deleted post's copy of unsaved changes: it would never be offered again. */
export const forgetLocalCopy = (postId: number) => removeLocalDraft(window.localStorage, localDraftKey(postId))

export function removeLocalDraft(storage: Storage, key: string): void {
  try {
    storage.removeItem(key)
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}

/**
 * Removes every copy this editor wrote, of any post: what the administrator wrote stays on a shared
 * computer after they log out otherwise, for the next person at it to read.
 */
export function clearLocalDrafts(storage: Storage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
    for (const key of keys) if (key?.startsWith(PREFIX)) storage.removeItem(key)
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}

/** Whether two states of the form hold the same post (what "unsaved changes" compares). */
export function sameFormValues(a: PostFormValues, b: PostFormValues): boolean {
  return (
    STRING_FIELDS.every((field) => a[field] === b[field]) &&
    SEARCH_SETTING_FIELDS.every((field) => a[field] === b[field]) &&
    a.featured === b.featured &&
    a.status === b.status &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag) => b.tags.includes(tag))
  )
}
