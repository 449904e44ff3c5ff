import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import type { PostDetail, PostSummary } from '../../../shared/blog'
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
  type PostFormErrors,
  type PostFormValues,
  postPayload,
  validatePostForm,
  valuesFromPost,
} from './post-form-values'
import { type Update, useEditedPost } from './use-edited-post'
import { useLocalDraft } from './use-local-draft'

export const POST_FORM_ID = 'post-form'

/**
 * The state of Add Post / Edit Post: values, validation shown once touched or submitted, loading,
 * saving, and the protection of unsaved writing (what changed since the last load, the local copy).
 */
export function usePostForm(
  editing: PostSummary | null,
  onDone: () => void,
  onDirtyChange: (dirty: boolean) => void = () => {},
  /** A new post saved with "Save and keep editing": the page edits it from now on. */
  onKeepEditing: (post: PostSummary) => void = () => {},
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
  const kept = useRef<PostDetail | null>(null)
  const load = useCallback((update: Update) => {
    setValues(update)
    setSaved(update)
  }, [])
  const { contentReady, uneditable, loaded, post, base, setBase, loadFailed, retryLoad } = useEditedPost(
    editing,
    load,
    kept,
  )
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
      /** "Save and keep editing" (Ctrl/⌘+S): the form stays on the post instead of going back to the list. */
      stay?: boolean
      /** The post the form held when the save was asked for (null: a new one). */
      postId?: number | null
      takeRedirectedSlug?: boolean
      /** The version this save replaces: the one opened here, or the newer one the editor chose to replace. */
      over?: string
    }) =>
      adminWrites.savePost(
        { ...postPayload(values), ...(takeRedirectedSlug ? { takeRedirectedSlug } : {}) },
        editing?.id,
        editing && over ? postVersionTag(over) : undefined,
      ),
    onSuccess: (post, { values: sent, stay, postId = null }) => {
      toast(ADMIN_TOASTS.postSaved(postId !== null))
      void refreshPosts(queryClient)
      // The form moved on to another post while this save was on its way: that post's state is not this one's.
      if (postId !== (editing?.id ?? null)) return
      local.discard()
      setSlugConflict(null)
      setStale(null)
      // The next change starts without complaints, as a new mode does (below).
      setSubmitted(false)
      setTouched({})
      if (stay) {
        // What was sent is saved; anything typed while it was on its way stays unsaved, as it is.
        setSaved(sent)
        setBase(post.updatedAt)
        if (!editing) {
          kept.current = post
          onKeepEditing(post)
        }
        return
      }
      queryClient.removeQueries({ queryKey: adminQueries.post(post.id).queryKey })
      load(() => emptyPostValues())
      onDone()
    },
    // Sent again after a lost answer, a new post would be created twice and an edit would meet its own 412.
    retry: false,
    onError: (error) => {
      // The slug is an old address of another post: the administrator decides, in a dialog.
      if (error instanceof ApiError && error.code === 'slug-redirects') setSlugConflict(error.message)
      else if (error instanceof ApiError && isStaleAnswer(error.body)) {
        setSlugConflict(null)
        setStale(error.body)
      } else toast(ADMIN_TOASTS.postSaveFailed(error))
    },
  })

  /** Whether the save asked for last was "keep editing": a dialog that finishes it (a slug, a 412) keeps that. */
  const staying = useRef(false)
  const sending = (stay: boolean) => ({ values, stay, postId: editing?.id ?? null })
  const submit = (stay: boolean) => {
    if (!contentReady || save.isPending) return
    setSubmitted(true)
    if (Object.keys(errors).length > 0) return setFocusRequest({})
    staying.current = stay
    save.mutate(sending(stay))
  }

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
      save.mutate({ ...sending(staying.current), takeRedirectedSlug: true })
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
      save.mutate({ ...sending(staying.current), over: stale.savedAt })
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
      submit(false)
    },
    /** Saves and stays on the post (Ctrl/⌘+S): the spec's Save Post still goes back to the list. */
    saveAndKeepEditing() {
      // Nothing new to store: a habitual Ctrl+S would only move the version on and tell co-editors it changed.
      if (editing && !dirty) toast(ADMIN_TOASTS.nothingToSave)
      else submit(true)
    },
  }
}

export type PostFormState = ReturnType<typeof usePostForm>
