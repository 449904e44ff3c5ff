import { useEffect, useRef, useState } from 'react'
import {
  clearLocalDrafts,
  LOCAL_DRAFT_INTERVAL_MS,
  type LocalDraft,
  localDraftKey,
  readLocalDraft,
  removeLocalDraft,
  sameFormValues,
  writeLocalDraft,
} from './local-draft'
import type { PostFormValues } from './post-form-values'

/** Tells every editor on the page that the copies were forgotten. */
const FORGOTTEN_EVENT = 'admin-local-drafts-forgotten'
/** Written at logout: other tabs of the admin see it change (a `storage` event) and forget theirs too. */
export const DRAFTS_FORGOTTEN_KEY = 'admin-post-drafts-forgotten'

/** Removes every copy in this browser; storage disabled (reading `localStorage` throws) kept nothing. */
function clearStorage(): void {
  try {
    clearLocalDrafts(window.localStorage)
  } catch {}
}

/**
 * On logout: every copy in this browser goes, and no editor still open, in this tab or another, writes one
 * again, not even as its page goes away (its flush on `pagehide`), which would put back what was removed.
 */
export function forgetLocalDrafts(): void {
  window.dispatchEvent(new Event(FORGOTTEN_EVENT))
  clearStorage()
  try {
    window.localStorage.setItem(DRAFTS_FORGOTTEN_KEY, String(Date.now()))
  } catch {}
}

interface LocalDraftOptions {
  /** The post in the form, null for a new one. */
  postId: number | null
  /** The saved version in the form (the post's updatedAt), null for a new post. */
  basedOn: string | null
  values: PostFormValues
  /** The form as loaded (what "unsaved" compares with). */
  saved: PostFormValues
  dirty: boolean
  /** The saved version of this post is in the form, so a copy can be compared with it. */
  ready: boolean
}

/**
 * Keeps a copy of unsaved changes in this browser every few seconds and when the page goes away, and
 * finds one left by an earlier visit (a reload, a closed tab, a crash) to offer it back. Copies are
 * removed when the changes are saved, when the administrator discards them, and all of them at logout
 * (`forgetLocalDrafts`).
 */
export function useLocalDraft({ postId, basedOn, values, saved, dirty, ready }: LocalDraftOptions) {
  const key = localDraftKey(postId)
  const [offer, setOffer] = useState<{ copy: LocalDraft; stale: boolean } | null>(null)
  const checked = useRef<string | null>(null)

  useEffect(() => {
    if (!ready || checked.current === key) return
    checked.current = key
    // Offered whenever it holds something the saved post does not; `stale` when the post was saved since.
    const copy = readLocalDraft(window.localStorage, key)
    setOffer(copy && !sameFormValues(copy.values, saved) ? { copy, stale: copy.basedOn !== basedOn } : null)
  }, [ready, key, basedOn, saved])

  const latest = useRef({ key, basedOn, values, dirty })
  latest.current = { key, basedOn, values, dirty }
  const written = useRef<PostFormValues | null>(null)
  useEffect(() => {
    let forgotten = false
    const flush = () => {
      const current = latest.current
      if (forgotten || !current.dirty || written.current === current.values) return
      written.current = current.values
      writeLocalDraft(window.localStorage, current.key, {
        savedAt: Date.now(),
        basedOn: current.basedOn,
        values: current.values,
      })
    }
    const timer = setInterval(flush, LOCAL_DRAFT_INTERVAL_MS)
    const forget = () => {
      forgotten = true
      clearInterval(timer)
    }
    // Another tab logged out: what this one wrote since goes too.
    const forgetElsewhere = (event: StorageEvent) => {
      if (event.key !== DRAFTS_FORGOTTEN_KEY) return
      forget()
      clearStorage()
    }
    window.addEventListener('pagehide', flush)
    window.addEventListener('beforeunload', flush)
    window.addEventListener(FORGOTTEN_EVENT, forget)
    window.addEventListener('storage', forgetElsewhere)
    return () => {
      clearInterval(timer)
      window.removeEventListener('pagehide', flush)
      window.removeEventListener('beforeunload', flush)
      window.removeEventListener(FORGOTTEN_EVENT, forget)
      window.removeEventListener('storage', forgetElsewhere)
    }
  }, [])

  return {
    /** A copy from an earlier visit that differs from the saved post, until restored or discarded. */
    offer,
    dismissOffer: () => setOffer(null),
    /** The changes were saved or thrown away: the copy goes. */
    discard() {
      removeLocalDraft(window.localStorage, key)
      written.current = null
      setOffer(null)
    },
  }
}
