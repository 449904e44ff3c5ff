import { type FormEvent, useEffect, useRef, useState } from 'react'
import { type ApplicationProblem, applicationProblems } from '../../../shared/application-problems'
import {
  APPLICATION_FIELDS,
  APPLICATION_MESSAGES,
  type ApplicationField,
  HONEYPOT_FIELD,
  URL_FIELDS,
  withWebScheme,
} from '../../../shared/application-rules'
import { answersFromForm } from '../../../shared/job-questions'
import type { Job } from '../../../shared/jobs'
import { resumeFileProblem } from '../../../shared/resume-file'
import { currentPage, sendAnalytics } from '../../analytics-beacon'
import { useToast } from '../../components/toast/toaster'
import { useApplicationSubmit } from './use-application-submit'

export type ApplicationValues = Record<ApplicationField, string>
const EMPTY = Object.fromEntries(Object.keys(APPLICATION_FIELDS).map((f) => [f, ''])) as ApplicationValues

/**
 * The application form's state with scripts: values, the chosen résumé file, and the checks before sending
 * (required fields, lengths, addresses, the file), worded as the API words them. Every problem is listed at
 * the top of the form and beside its field, and focus goes to the list; the spec's toast says the same in
 * short. A sent application gives its reference (`sent`), which replaces the form; refused values are kept.
 */
export function useApplicationForm(
  job: Pick<Job, 'id' | 'title' | 'questions'>,
  initial: {
    values?: Partial<ApplicationValues>
    answers?: Record<string, string>
    problems?: ApplicationProblem[]
    keepInMind?: boolean
  } = {},
) {
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const [values, setValues] = useState<ApplicationValues>({ ...EMPTY, ...initial.values })
  // Each question's answer as its control holds it, by field name (`answer-{id}`; a yes/no as 'yes' or 'no').
  const [answers, setAnswers] = useState<Record<string, string>>(initial.answers ?? {})
  const [problems, setProblems] = useState<ApplicationProblem[]>(initial.problems ?? [])
  const [resume, setResume] = useState<File | null>(null)
  const [counting, setCounting] = useState(false)
  const [keepInMind, setKeepInMind] = useState(initial.keepInMind ?? false)
  const [sent, setSent] = useState<{ id: number | null } | null>(null)
  // Bumped on every refused submit, so the same list is focused again and read out again.
  const [refusals, setRefusals] = useState(0)

  // Once scripts run, the form checks itself and counts characters; without them the browser's checks apply.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true
    setCounting(true)
  }, [])
  useEffect(() => {
    if (refusals > 0) summaryRef.current?.focus()
  }, [refusals])

  // The studio's funnel (features/analytics): the form started, then sent.
  const started = useRef(false)
  const countStep = (event: 'application_started' | 'application_submitted') =>
    sendAnalytics({ event, url: currentPage(), jobId: job.id })
  const onStart = () => {
    if (started.current) return
    started.current = true
    countStep('application_started')
  }
  const submit = useApplicationSubmit((sentNow) => {
    setSent(sentNow)
    countStep('application_submitted')
  })
  const fileError = resume ? resumeFileProblem(resume) : null

  const onChange = (name: ApplicationField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setProblems((current) => current.filter((problem) => problem.field !== name))
  }
  const onAnswer = (name: string, value: string) => {
    setAnswers((current) => ({ ...current, [name]: value }))
    setProblems((current) => current.filter((problem) => problem.field !== name))
  }
  const chooseResume = (file: File | null) => {
    setResume(file)
    setProblems((current) => current.filter((problem) => problem.field !== 'resumeFile'))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submit.busy()) return
    // A web address typed without https:// is completed, in the form too, where the applicant sees it.
    const completed = {
      ...values,
      ...Object.fromEntries(URL_FIELDS.map((field) => [field, withWebScheme(values[field])])),
    }
    setValues(completed)
    const asked = { questions: job.questions, answers: answersFromForm(job.questions, (name) => answers[name] ?? null) }
    const found = applicationProblems(completed, { chosen: resume !== null, problem: fileError }, asked)
    setProblems(found)
    if (found.length > 0) {
      setRefusals((count) => count + 1)
      const missing = found.some((problem) => problem.kind === 'missing')
      toast({
        ...(missing
          ? { title: APPLICATION_MESSAGES.missingTitle, description: APPLICATION_MESSAGES.missingDescription }
          : { title: APPLICATION_MESSAGES.failureTitle, description: found[0]!.message }),
        variant: 'destructive',
      })
      return
    }
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD)
    const application = {
      jobId: job.id,
      jobTitle: job.title,
      ...completed,
      ...(keepInMind ? { keepInMind } : {}),
      [HONEYPOT_FIELD]: honeypot ?? '',
    }
    submit.send(job.questions.length > 0 ? { ...application, answers: asked.answers } : application, resume)
  }

  return {
    formRef,
    fileRef,
    summaryRef,
    values,
    answers,
    problems,
    refusals,
    counting,
    sent,
    fileError,
    onChange,
    onStart,
    onAnswer,
    keepInMind,
    setKeepInMind,
    setResume: chooseResume,
    onSubmit,
    pending: submit.isPending,
  }
}
