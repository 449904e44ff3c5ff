import { type FormEvent, useEffect, useRef, useState } from 'react'
import {
  APPLICATION_FIELDS,
  APPLICATION_MESSAGES,
  APPLICATION_RULES,
  type ApplicationField,
  fieldsBreakingRules,
  fieldsOverLimit,
  HONEYPOT_FIELD,
  missingRequiredFields,
  tooLongMessage,
  URL_FIELDS,
  withWebScheme,
} from '../../../shared/application-rules'
import type { Job } from '../../../shared/jobs'
import { resumeFileProblem } from '../../../shared/resume-file'
import { useToast } from '../../components/toast/toaster'
import { useApplicationSubmit } from './use-application-submit'

export type ApplicationValues = Record<ApplicationField, string>
const EMPTY = Object.fromEntries(Object.keys(APPLICATION_FIELDS).map((f) => [f, ''])) as ApplicationValues

/**
 * The application form's state with scripts: values, the chosen résumé file, which fields to mark, and
 * the checks before sending (required fields, lengths, addresses, the file), worded as the API words
 * them, each refused with a toast and focus on the field to fix. Sent values are cleared; refused ones are kept.
 */
export function useApplicationForm(job: Pick<Job, 'id' | 'title'>, initial: Partial<ApplicationValues> = {}) {
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState<ApplicationValues>({ ...EMPTY, ...initial })
  const [invalid, setInvalid] = useState<ApplicationField[]>([])
  const [resume, setResume] = useState<File | null>(null)
  const [counting, setCounting] = useState(false)

  // Once scripts run, the form checks itself (toasts) and counts characters; without them the browser's checks apply.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true
    setCounting(true)
  }, [])

  const submit = useApplicationSubmit(() => {
    setValues(EMPTY)
    setInvalid([])
    setResume(null)
    if (fileRef.current) fileRef.current.value = ''
  })
  const fileError = resume ? resumeFileProblem(resume) : null

  const onChange = (name: ApplicationField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setInvalid((current) => current.filter((field) => field !== name))
  }

  const refuse = (fields: ApplicationField[], title: string, description: string) => {
    setInvalid(fields)
    formRef.current?.querySelector<HTMLElement>(`[name="${fields[0]}"]`)?.focus()
    toast({ title, description, variant: 'destructive' })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submit.busy()) return
    const missing = missingRequiredFields(values, resume !== null)
    if (missing.length > 0)
      return refuse(missing, APPLICATION_MESSAGES.missingTitle, APPLICATION_MESSAGES.missingDescription)
    const tooLong = fieldsOverLimit(values)
    if (tooLong.length > 0) return refuse(tooLong, APPLICATION_MESSAGES.failureTitle, tooLongMessage(tooLong[0]!))
    // A web address typed without https:// is completed, in the form too, where the applicant sees it.
    const completed = {
      ...values,
      ...Object.fromEntries(URL_FIELDS.map((field) => [field, withWebScheme(values[field])])),
    }
    setValues(completed)
    const broken = fieldsBreakingRules(completed)
    if (broken.length > 0) return refuse(broken, APPLICATION_MESSAGES.failureTitle, APPLICATION_RULES[broken[0]!] ?? '')
    if (fileError) {
      fileRef.current?.focus()
      toast({ title: APPLICATION_MESSAGES.failureTitle, description: fileError, variant: 'destructive' })
      return
    }
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD)
    submit.send({ jobId: job.id, jobTitle: job.title, ...completed, [HONEYPOT_FIELD]: honeypot ?? '' }, resume)
  }

  return {
    formRef,
    fileRef,
    values,
    invalid,
    counting,
    fileError,
    onChange,
    setResume,
    onSubmit,
    pending: submit.isPending,
  }
}
