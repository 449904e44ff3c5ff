import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import type { JobInputField } from '../../../../shared/job-schema'
import type { AdminJob } from '../../../../shared/jobs'
import { slugify } from '../../../../shared/slug'
import { useToast } from '../../../components/toast/toaster'
import { errorMessage } from '../../../data/api-request'
import { checkJobForm, emptyJobValues, type JobFormValues, jobPayload, valuesFromJob } from './job-form-values'
import { JOB_TOASTS } from './job-messages'
import { jobWrites, refreshJobs } from './job-queries'

/** The id of a field's control (a list's is its first line, or its Add button when it has none). */
export const jobFieldId = (field: JobInputField) => `job-${field}`

/** Puts the keyboard on the field a message is about, so the recruiter lands where the fix goes. */
function focusField(field: JobInputField) {
  const element = document.getElementById(jobFieldId(field))
  const target =
    element instanceof HTMLFieldSetElement ? element.querySelector<HTMLElement>('textarea, button') : element
  target?.focus()
}

/**
 * The state of the job form: values, the shared validation (shown from the first submit on, beside its
 * field), saving, and whether anything changed since it opened.
 */
export function useJobForm(job: AdminJob | null, onDone: () => void) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [initial] = useState(() => (job ? valuesFromJob(job) : emptyJobValues()))
  const [values, setValues] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const check = checkJobForm(values, Date.now())
  const problem = submitted && !check.ok ? check : null
  // After the render that shows the message, so the field is read with it.
  const [focusRequest, setFocusRequest] = useState<{ field: JobInputField } | null>(null)
  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field)
  }, [focusRequest])

  const save = useMutation({
    mutationFn: (current: JobFormValues) => jobWrites.save(jobPayload(current), job?.id),
    onSuccess: (saved) => {
      toast(JOB_TOASTS.saved(saved.title, job === null))
      void refreshJobs(queryClient)
      onDone()
    },
    onError: (error) => {
      setServerError(errorMessage(error, 'The job could not be saved. Please try again.'))
      toast(JOB_TOASTS.saveFailed(error))
    },
  })

  function set<K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) {
    setServerError(null)
    setValues((current) => {
      // A new job's slug follows its title until the recruiter writes one of their own.
      const followsTitle = key === 'title' && job === null && current.slug === slugify(current.title)
      return { ...current, [key]: value, ...(followsTitle ? { slug: slugify(String(value)) } : {}) }
    })
  }

  return {
    values,
    set,
    errorFor: (field: JobInputField) => (problem?.field === field ? problem.error : undefined),
    /** A problem no single field holds, or the server's answer (a slug another job took meanwhile, say). */
    formError: (problem && !problem.field ? problem.error : null) ?? serverError,
    dirty: JSON.stringify(jobPayload(values)) !== JSON.stringify(jobPayload(initial)),
    saving: save.isPending,
    onSubmit(event: FormEvent) {
      event.preventDefault()
      setSubmitted(true)
      setServerError(null)
      if (!check.ok) {
        if (check.field) setFocusRequest({ field: check.field })
        return
      }
      save.mutate(values)
    },
  }
}

export type JobFormState = ReturnType<typeof useJobForm>
