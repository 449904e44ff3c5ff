import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { PostDetail, PostSummary } from '../../../shared/blog'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'
import { adminQueries } from './admin-queries'
import {
  emptyPostValues,
  freshUnlessTyped,
  hasUneditableMarkup,
  type PostFormValues,
  valuesFromPost,
  valuesFromSummary,
} from './post-form-values'

export const CONTENT_APPLY_DELAY_MS = 200

export type Update = (current: PostFormValues) => PostFormValues

/**
 * Loads the post being edited into the form (spec §4 form modes). `load` sets what counts as saved.
 * `kept`: a new post this form has just saved and goes on editing ("Save and keep editing"): what is in
 * the form is that post already, so it is not loaded again over what is being typed.
 */
export function useEditedPost(
  editing: PostSummary | null,
  load: (update: Update) => void,
  kept: { current: PostDetail | null },
) {
  const toast = useToast()
  const full = useQuery({ ...adminQueries.post(editing?.id ?? 0), enabled: editing !== null })
  const [contentReady, setContentReady] = useState(true)
  const [uneditable, setUneditable] = useState(false)
  /** The post could not be loaded: the form holds only the list's fields, so it must not be saved. */
  const [loadFailed, setLoadFailed] = useState(false)
  /** Whose saved version is fully in the form (undefined while it loads). */
  const [loadedFor, setLoadedFor] = useState<PostSummary | null | undefined>(undefined)
  /**
   * The version the form was filled from: what a save says it replaces (If-Match). Taken once, with the
   * values; a later refetch of the post behind the form must not move it, or a stale form would pass.
   */
  const [base, setBase] = useState<string | null>(null)
  const announced = useRef<number | null>(null)

  // Entering edit mode: fill in what the list knows at once, the content follows the full post.
  useEffect(() => {
    setUneditable(false)
    setLoadFailed(false)
    if (editing && kept.current?.id === editing.id) {
      announced.current = editing.id
      setBase(kept.current.updatedAt)
      setLoadedFor(editing)
      kept.current = null
      return
    }
    announced.current = null
    setContentReady(editing === null)
    setLoadedFor(editing === null ? null : undefined)
    setBase(null)
    load(() => (editing ? valuesFromSummary(editing) : emptyPostValues()))
  }, [editing, load, kept])

  // Only a fresh copy of the post is applied (never one left in the cache by an earlier edit).
  useEffect(() => {
    if (!editing || !full.data || full.isFetching || announced.current === editing.id) return
    const post = full.data
    const timer = setTimeout(() => {
      announced.current = editing.id
      setUneditable(hasUneditableMarkup(post.content))
      // Every field from the fresh post (the list's row may be older), but what was typed meanwhile.
      load((current) => ({
        ...freshUnlessTyped(current, valuesFromSummary(editing), valuesFromPost(post)),
        content: post.content,
        tags: post.tags.map((tag) => tag.id),
      }))
      setBase(post.updatedAt)
      setLoadFailed(false)
      setContentReady(true)
      setLoadedFor(editing)
      toast(ADMIN_TOASTS.postLoaded)
    }, CONTENT_APPLY_DELAY_MS)
    return () => clearTimeout(timer)
  }, [editing, full.data, full.isFetching, toast, load])

  useEffect(() => {
    if (!editing || !full.isError) return
    // Saving stays off: the content in the form is a placeholder, which a save would store as the post's.
    setLoadFailed(true)
    toast(ADMIN_TOASTS.postLoadFailed(full.error))
  }, [editing, full.isError, full.error, toast])

  const retryLoad = useCallback(() => {
    setLoadFailed(false)
    void full.refetch()
  }, [full.refetch])

  return {
    contentReady,
    uneditable,
    loaded: loadedFor === editing,
    post: full.data,
    base,
    setBase,
    loadFailed,
    retryLoad,
  }
}
