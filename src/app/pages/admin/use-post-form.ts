import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import { slugify } from '../../../shared/slug'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites, refreshPosts } from './admin-queries'
import {
  emptyPostValues,
  hasUneditableMarkup,
  type PostFormErrors,
  type PostFormValues,
  postPayload,
  validatePostForm,
  valuesFromSummary,
} from './post-form-values'

export const CONTENT_APPLY_DELAY_MS = 200

/** Loads the post being edited into the form (spec §4 form modes). */
function useEditedPost(
  editing: PostSummary | null,
  setValues: (update: (current: PostFormValues) => PostFormValues) => void,
) {
  const toast = useToast()
  const full = useQuery({ ...adminQueries.post(editing?.id ?? 0), enabled: editing !== null })
  const [contentReady, setContentReady] = useState(true)
  const [uneditable, setUneditable] = useState(false)
  const announced = useRef<number | null>(null)

  // Entering edit mode: fill in what the list knows at once, the content follows the full post.
  useEffect(() => {
    setUneditable(false)
    announced.current = null
    setContentReady(editing === null)
    setValues(() => (editing ? valuesFromSummary(editing) : emptyPostValues()))
  }, [editing, setValues])

  // Only a fresh copy of the post is applied (never one left in the cache by an earlier edit).
  useEffect(() => {
    if (!editing || !full.data || full.isFetching || announced.current === editing.id) return
    const post = full.data
    const timer = setTimeout(() => {
      announced.current = editing.id
      setUneditable(hasUneditableMarkup(post.content))
      setValues((current) => ({ ...current, content: post.content, tags: post.tags.map((tag) => tag.id) }))
      setContentReady(true)
      toast(ADMIN_TOASTS.postLoaded)
    }, CONTENT_APPLY_DELAY_MS)
    return () => clearTimeout(timer)
  }, [editing, full.data, full.isFetching, toast, setValues])

  useEffect(() => {
    if (!editing || !full.isError) return
    setContentReady(true)
    toast(ADMIN_TOASTS.postLoadFailed(full.error))
  }, [editing, full.isError, full.error, toast])

  return { contentReady, uneditable }
}

/** The state of Add Post / Edit Post: values, validation shown once touched or submitted, loading, saving. */
export function usePostForm(editing: PostSummary | null, onDone: () => void) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [values, setValues] = useState<PostFormValues>(emptyPostValues)
  const [touched, setTouched] = useState<Partial<Record<keyof PostFormErrors, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const { contentReady, uneditable } = useEditedPost(editing, setValues)
  const errors = validatePostForm(values)
  const shownErrors: PostFormErrors = {
    title: submitted || touched.title ? errors.title : undefined,
    content: submitted || touched.content ? errors.content : undefined,
  }

  // A new mode starts without complaints (state adjusted while rendering, as React recommends over an effect).
  const [mode, setMode] = useState(editing)
  if (mode !== editing) {
    setMode(editing)
    setSubmitted(false)
    setTouched({})
  }

  const save = useMutation({
    mutationFn: (values: PostFormValues) => adminWrites.savePost(postPayload(values), editing?.id),
    onSuccess: (saved) => {
      toast(ADMIN_TOASTS.postSaved(editing !== null))
      queryClient.removeQueries({ queryKey: adminQueries.post(saved.id).queryKey })
      void refreshPosts(queryClient)
      setValues(emptyPostValues())
      onDone()
    },
    onError: (error) => toast(ADMIN_TOASTS.postSaveFailed(error)),
  })

  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }))

  return {
    values,
    set,
    setTitle(title: string) {
      setTouched((current) => ({ ...current, title: true }))
      setValues((current) => ({ ...current, title, slug: !editing || !current.slug ? slugify(title) : current.slug }))
    },
    setContent(html: string) {
      setTouched((current) => ({ ...current, content: true }))
      set('content', html)
    },
    shownErrors,
    hasErrors: submitted && Object.keys(errors).length > 0,
    contentReady,
    uneditable,
    saving: save.isPending,
    onSubmit(event: FormEvent) {
      event.preventDefault()
      setSubmitted(true)
      if (Object.keys(errors).length > 0 || !contentReady) return
      save.mutate(values)
    },
  }
}

export type PostFormState = ReturnType<typeof usePostForm>
