import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import type { PostField } from '../../../shared/post-schema'
import { isStaleAnswer, postVersionTag, type StalePostAnswer } from '../../../shared/post-version'
import { slugFromName } from '../../../shared/slug'
import { useToast } from '../../components/toast/toaster'
import { ApiError } from '../../data/api-request'
import { ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites, refreshPosts } from './admin-queries'
import { type LocalDraft, sameFormValues } from './local-draft'
import {
  emptyPostValues,
  freshUnlessTyped,
  hasUneditableMarkup,
  type PostFormErrors,
  type PostFormValues,
  postPayload,
  validatePostForm,
  valuesFromPost,
  valuesFromSummary,
} from './post-form-values'
import { useLocalDraft } from './use-local-draft'

export const CONTENT_APPLY_DELAY_MS = 200
export const POST_FORM_ID = 'post-form'

type Update = (current: PostFormValues) => PostFormValues

/** Loads the post being edited into the form (spec §4 form modes). `load` sets what counts as saved. */
function useEditedPost(editing: PostSummary | null, load: (update: Update) => void) {
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
    announced.current = null
    setContentReady(editing === null)
    setLoadedFor(editing === null ? null : undefined)
    setBase(null)
    load(() => (editing ? valuesFromSummary(editing) : emptyPostValues()))
  }, [editing, load])

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

/**
 * The state of Add Post / Edit Post: values, validation shown once touched or submitted, loading,
 * saving, and the protection of unsaved writing (what changed since the last load, the local copy).
 */
export function usePostForm(
  editing: PostSummary | null,
  onDone: () => void,
  onDirtyChange: (dirty: boolean) => void = () => {},
) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [values, setValues] = useState<PostFormValues>(emptyPostValues)
  const [saved, setSaved] = useState<PostFormValues>(values)
  const [touched, setTouched] = useState<Partial<Record<PostField, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const [slugConflict, setSlugConflict] = useState<string | null>(null)
  /** Someone saved the post after it was opened here: the save was refused, nothing was lost. */
  const [stale, setStale] = useState<StalePostAnswer | null>(null)
  const load = useCallback((update: Update) => {
    setValues(update)
    setSaved(update)
  }, [])
  const { contentReady, uneditable, loaded, post, base, setBase, loadFailed, retryLoad } = useEditedPost(editing, load)
  const dirty = contentReady && !sameFormValues(values, saved)
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange])
  const local = useLocalDraft({
    postId: editing?.id ?? null,
    basedOn: base ?? editing?.updatedAt ?? null,
    values,
    saved,
    dirty,
    ready: loaded,
  })
  const errors = validatePostForm(values)
  const shownErrors: PostFormErrors = Object.fromEntries(
    Object.entries(errors).filter(([field]) => submitted || touched[field as PostField]),
  )
  // After the render that marks the fields, so the first one is read with its message.
  const [focusRequest, setFocusRequest] = useState<object | null>(null)
  useEffect(() => {
    const invalid = focusRequest && document.querySelector<HTMLElement>(`#${POST_FORM_ID} [aria-invalid="true"]`)
    // A field in a folded section (search and sharing) is unfolded first: a hidden field takes no focus.
    invalid?.closest('details')?.setAttribute('open', '')
    invalid?.focus()
  }, [focusRequest])

  // A new mode starts without complaints (state adjusted while rendering, as React recommends over an effect).
  const [mode, setMode] = useState(editing)
  if (mode !== editing) {
    setMode(editing)
    setSubmitted(false)
    setTouched({})
    setSlugConflict(null)
    setStale(null)
  }

  const save = useMutation({
    mutationFn: ({
      values,
      takeRedirectedSlug,
      over = base ?? undefined,
    }: {
      values: PostFormValues
      takeRedirectedSlug?: boolean
      /** The version this save replaces: the one opened here, or the newer one the editor chose to replace. */
      over?: string
    }) =>
      adminWrites.savePost(
        { ...postPayload(values), ...(takeRedirectedSlug ? { takeRedirectedSlug } : {}) },
        editing?.id,
        editing && over ? postVersionTag(over) : undefined,
      ),
    onSuccess: (post) => {
      toast(ADMIN_TOASTS.postSaved(editing !== null))
      local.discard()
      setSlugConflict(null)
      setStale(null)
      queryClient.removeQueries({ queryKey: adminQueries.post(post.id).queryKey })
      void refreshPosts(queryClient)
      load(() => emptyPostValues())
      // The next post starts without complaints, as a new mode does (below).
      setSubmitted(false)
      setTouched({})
      onDone()
    },
    onError: (error) => {
      // The slug is an old address of another post: the administrator decides, in a dialog.
      if (error instanceof ApiError && error.code === 'slug-redirects') setSlugConflict(error.message)
      else if (error instanceof ApiError && isStaleAnswer(error.body)) {
        setSlugConflict(null)
        setStale(error.body)
      } else toast(ADMIN_TOASTS.postSaveFailed(error))
    },
  })

  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => {
    setTouched((current) => ({ ...current, [key === 'publishedTime' ? 'publishedAt' : key]: true }))
    setValues((current) => ({ ...current, [key]: value }))
  }

  return {
    values,
    set,
    setTitle(title: string) {
      setTouched((current) => ({ ...current, title: true }))
      const slug = (current: PostFormValues) => (!editing || !current.slug ? slugFromName(title) : current.slug)
      setValues((current) => ({ ...current, title, slug: slug(current) }))
    },
    /** What is typed is never judged while it is typed: the editor's message waits for `leaveContent`. */
    setContent(html: string) {
      setValues((current) => ({ ...current, content: html }))
      setTouched((current) => (current.content ? { ...current, content: false } : current))
    },
    /** Focus left the editor (its toolbar included): from now on its error shows. */
    leaveContent() {
      setTouched((current) => ({ ...current, content: true }))
    },
    /** Puts a stored version (a local copy, a revision) in the form, as unsaved changes. */
    replaceValues(next: PostFormValues) {
      setValues(next)
    },
    shownErrors,
    hasErrors: submitted && Object.keys(errors).length > 0,
    contentReady,
    loadFailed,
    retryLoad,
    uneditable,
    /** The full post being edited (with its draft link), once loaded. */
    post,
    dirty,
    localCopy: local.offer,
    restoreLocalCopy(copy: LocalDraft) {
      setValues(copy.values)
      // A copy made on an older version replaces only that version: a save in between is a conflict.
      if (copy.basedOn) setBase(copy.basedOn)
      local.dismissOffer()
    },
    discardLocalCopy() {
      local.discard()
    },
    /** Forgets the unsaved changes: the form goes back to the saved post and the local copy is removed. */
    discardChanges() {
      local.discard()
      setValues(saved)
    },
    saving: save.isPending,
    slugConflict,
    confirmSlugTakeover() {
      save.mutate({ values, takeRedirectedSlug: true })
    },
    cancelSlugTakeover() {
      setSlugConflict(null)
    },
    /** The version the form was filled from (or chose to replace), which its saves and restores name. */
    version: base,
    staleSave: stale,
    /** Saves this version over the one saved in between (which stays in the post's history). */
    replaceTheirs() {
      if (!stale) return
      // From now on this form replaces that version: a slug confirmation after it must not meet a 412 again.
      setBase(stale.savedAt)
      save.mutate({ values, over: stale.savedAt })
    },
    /** Drops this form's changes for the version saved in between, which the form then edits. */
    async keepTheirs() {
      if (!editing) return
      const theirs = await queryClient.fetchQuery({ ...adminQueries.post(editing.id), staleTime: 0 })
      local.discard()
      load(() => valuesFromPost(theirs))
      setBase(theirs.updatedAt)
      setStale(null)
      toast(ADMIN_TOASTS.keptTheirs)
    },
    /** Puts this form's title and text on the clipboard, to keep them before choosing theirs. */
    copyMine(text: string) {
      navigator.clipboard.writeText(text).then(
        () => toast(ADMIN_TOASTS.copiedMine),
        (error: unknown) => toast(ADMIN_TOASTS.postSaveFailed(error)),
      )
    },
    keepEditing() {
      setStale(null)
    },
    onSubmit(event: FormEvent) {
      event.preventDefault()
      setSubmitted(true)
      if (Object.keys(errors).length > 0) setFocusRequest({})
      if (Object.keys(errors).length > 0 || !contentReady) return
      save.mutate({ values })
    },
  }
}

export type PostFormState = ReturnType<typeof usePostForm>
