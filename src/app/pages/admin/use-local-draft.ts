import { useEffect, useRef, useState } from 'react'
import {
  LOCAL_DRAFT_INTERVAL_MS,
  type LocalDraft,
  localDraftKey,
  readLocalDraft,
  removeLocalDraft,
  sameFormValues,
  writeLocalDraft,
} from './local-draft'
import type { PostFormValues } from './post-form-values'

interface LocalDraftOptions {
  /** The post in the form, null for a new one. */
  postId: number | null
  /** When the post was last saved on the server; only a newer local copy is offered. */
  savedAt: number
  values: PostFormValues
  /** The form as loaded (what "unsaved" compares with). */
  saved: PostFormValues
  dirty: boolean
  /** The saved version of this post is in the form, so a copy can be compared with it. */
  ready: boolean
}

/**
 * Keeps a copy of unsaved changes in this browser every few seconds and when the page goes away, and
 * finds one left by an earlier visit (a reload, a closed tab, a crash) to offer it back.
 */
export function useLocalDraft({ postId, savedAt, values, saved, dirty, ready }: LocalDraftOptions) {
  const key = localDraftKey(postId)
  const [offer, setOffer] = useState<LocalDraft | null>(null)
  const checked = useRef<string | null>(null)

  useEffect(() => {
    if (!ready || checked.current === key) return
    checked.current = key
    const copy = readLocalDraft(window.localStorage, key)
    setOffer(copy && copy.savedAt > savedAt && !sameFormValues(copy.values, saved) ? copy : null)
  }, [ready, key, savedAt, saved])

  const latest = useRef({ key, values, dirty })
  latest.current = { key, values, dirty }
  const written = useRef<PostFormValues | null>(null)
  useEffect(() => {
    const flush = () => {
      const current = latest.current
      if (!current.dirty || written.current === current.values) return
      written.current = current.values
      writeLocalDraft(window.localStorage, current.key, { savedAt: Date.now(), values: current.values })
    }
    const timer = setInterval(flush, LOCAL_DRAFT_INTERVAL_MS)
    window.addEventListener('pagehide', flush)
    window.addEventListener('beforeunload', flush)
    return () => {
      clearInterval(timer)
      window.removeEventListener('pagehide', flush)
      window.removeEventListener('beforeunload', flush)
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
