import { useRef } from 'react'
import {
  type ActionFunctionArgs,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  redirect,
  data as routeData,
  useActionData,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router'
import { site } from '../../../content/site'
import { answerField } from '../../../shared/answer-field'
import { applicationProblems } from '../../../shared/application-problems'
import {
  APPLICATION_FIELD_NAMES,
  APPLICATION_MESSAGES,
  APPLICATION_UPLOAD_LIMIT_BYTES,
  type ApplicationField,
  FORM_JOB_FIELD,
  HONEYPOT_FIELD,
  isFormContentType,
  KEEP_IN_MIND_FIELD,
  normalizeApplication,
  type SubmitApplicationResult,
} from '../../../shared/application-rules'
import { answersFromForm } from '../../../shared/job-questions'
import { descriptionParagraphs, type Job, jobPreview } from '../../../shared/jobs'
import { movedTo } from '../../../shared/moved-address'
import { APPLIED_PARAM, appliedValue, readJobQuery } from '../../../shared/page-query'
import { jobPath, PAGES } from '../../../shared/paths'
import { RESUME_MESSAGES, resumeFileOf, resumeFileProblem } from '../../../shared/resume-file'
import { JobFacts } from '../../components/careers/job-card'
import { PageMeta } from '../../components/page-meta'
import { ServerErrorPage } from '../../components/server-error-page'
import { SiteLink } from '../../components/site-link'
import { useAppData } from '../../data/app-data'
import { jobQueries } from '../../data/job-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { useFitsViewport } from '../../hooks/use-fits-viewport'
import { useRequestInfo } from '../../request-info'
import { formPostedContext, type LoaderServices, loaderServicesContext } from '../../router-context'
import { ApplicationForm, type FormOutcome } from './application-form'
import { JobJsonLd } from './job-json-ld'
import { JobClosed, JobNotFound } from './job-unavailable'

/** The job at this address, open or closed; a draft or an unknown slug is the not-found page (404). */
async function requireJob({ queryClient, data }: LoaderServices, slug: string | undefined): Promise<Job> {
  const job = await queryClient.ensureQueryData(jobQueries.detail(data, slug ?? ''))
  if (!job) throw routeData(null, { status: 404, statusText: 'Job Not Found' })
  return job
}

/**
 * A closed job's page answers 410 Gone: it says the role is closed, and search engines drop it. An old
 * address of a job answers 301 to its page as it is now; not after a form was posted to it, whose answer
 * (the errors and what was typed) is shown where it was posted.
 */
export async function jobLoader({ request, params, context }: LoaderFunctionArgs) {
  const job = await requireJob(context.get(loaderServicesContext), params.slug)
  if (job.slug !== params.slug && !context.get(formPostedContext))
    throw movedTo(`${jobPath(job.slug)}${new URL(request.url).search}`)
  return job.open ? null : routeData(null, { status: 410 })
}

const failed = (
  status: number,
  message: string,
  values: Record<string, string> = {},
  answers: Record<string, string> = {},
  keepInMind = false,
) =>
  routeData(
    {
      ok: false,
      message: `${APPLICATION_MESSAGES.failureTitle}: ${message}`,
      values,
      answers,
      keepInMind,
    } satisfies FormOutcome,
    { status },
  )

/**
 * The posted form as the request gives it (the server reads it itself before the page renders:
 * `postedForm`), or the page's answer when the body is not one an HTML form sends (415), is larger than a
 * résumé file allows (413) or cannot be read (400).
 */
async function readForm(request: Request) {
  if (!isFormContentType(request.headers.get('content-type'))) return failed(415, APPLICATION_MESSAGES.notAForm)
  if (Number(request.headers.get('content-length') ?? 0) > APPLICATION_UPLOAD_LIMIT_BYTES)
    return failed(413, RESUME_MESSAGES.tooLarge)
  try {
    return await request.formData()
  } catch {
    return failed(400, APPLICATION_MESSAGES.unreadableForm)
  }
}

/** The form posted without JavaScript: stored through the same service as the JSON API, for the job in the URL. */
export async function jobAction({ request, params, context }: ActionFunctionArgs) {
  context.set(formPostedContext, true)
  // A closed job's form post is refused by the service, which reads the job fresh from the database.
  const services = context.get(loaderServicesContext)
  const job = await requireJob(services, params.slug)
  const posted = services.data.careers.postedForm?.()
  if (posted && !(posted instanceof FormData)) return failed(posted.status, posted.error)
  const form = posted ?? (await readForm(request))
  if (!(form instanceof FormData)) return form
  // Shown for another job, which has since moved away from this address: never filed under the one here
  // now. Sent on to that job's page (307: the browser posts it again there) while it is open.
  const shownFor = form.get(FORM_JOB_FIELD)
  if (typeof shownFor === 'string' && shownFor !== String(job.id)) {
    const open = await services.queryClient.ensureQueryData(jobQueries.list(services.data))
    const original = open.find((candidate) => String(candidate.id) === shownFor)
    return original ? redirect(jobPath(original.slug), 307) : failed(409, APPLICATION_MESSAGES.jobChanged)
  }
  const fields = Object.fromEntries(APPLICATION_FIELD_NAMES.map((name) => [name, String(form.get(name) ?? '')]))
  // Read as the API reads them (trimmed, web addresses completed), and shown back so when refused.
  const normalized = normalizeApplication(fields)
  const values = Object.fromEntries(APPLICATION_FIELD_NAMES.map((name) => [name, normalized[name]])) as Record<
    ApplicationField,
    string
  >
  const resume = resumeFileOf(form)
  const read = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  const answers = answersFromForm(job.questions, read)
  const keepInMind = read(KEEP_IN_MIND_FIELD) === 'yes'
  // What was chosen or typed for each question, as posted, to show again if refused.
  const given = Object.fromEntries(job.questions.map(({ id }) => [answerField(id), read(answerField(id)) ?? '']))
  const problems = applicationProblems(
    values,
    { chosen: resume !== null, problem: resume && resumeFileProblem(resume) },
    { questions: job.questions, answers },
  )
  if (problems.length > 0)
    return routeData(
      {
        ok: false,
        message: APPLICATION_MESSAGES.failureTitle,
        values,
        answers: given,
        keepInMind,
        problems,
      } satisfies FormOutcome,
      { status: 400 },
    )
  let result: SubmitApplicationResult
  try {
    result = await services.data.careers.submitApplication(
      {
        ...values,
        answers,
        keepInMind,
        jobId: job.id,
        jobTitle: job.title,
        [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? ''),
      },
      { resume },
    )
  } catch {
    // The applicant keeps what they typed, as with any other failure.
    return failed(500, APPLICATION_MESSAGES.failureFallback, values, given, keepInMind)
  }
  if (!result.ok) return failed(result.status, result.error, values, given, keepInMind)
  // Post/redirect/get: the confirmation is a page of its own, so a refresh does not send it again.
  return redirect(`${jobPath(job.slug)}?${APPLIED_PARAM}=${appliedValue(result.id)}#apply`, 303)
}

function Section({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="job__section">
      <h2>{title}</h2>
      <ul className="job__list">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered; two equal lines must not share a key
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  )
}

export function JobPage() {
  const { data: job } = useLoadedQuery(jobQueries.detail(useAppData(), useParams().slug ?? ''))
  if (!job) return <JobNotFound />
  return job.open ? <OpenJob job={job} /> : <JobClosed job={job} />
}

function OpenJob({ job }: { job: Job }) {
  const [searchParams] = useSearchParams()
  const applied = readJobQuery(searchParams)
  const outcome =
    useActionData<FormOutcome>() ??
    (applied.applied ? { ok: true, message: APPLICATION_MESSAGES.successTitle, id: applied.id } : undefined)
  const { origin } = useRequestInfo()
  const apply = useRef<HTMLElement>(null)
  // Sticky only when the whole form fits: a taller one, stuck, would hold its Submit button out of reach.
  const sticky = useFitsViewport(apply)
  return (
    <div className="job">
      <PageMeta
        title={`${job.title} | Careers at ${site.name}`}
        description={jobPreview(job.description)}
        path={jobPath(job.slug)}
      />
      <JobJsonLd job={job} origin={origin} />
      <nav className="job__back" aria-label="Careers">
        <SiteLink to={PAGES.jobs} className="button button--ghost">
          ← Back to Jobs
        </SiteLink>
      </nav>
      <div className="job__layout">
        <article className="job__main">
          <header className="job__header">
            <p className="job__department">{job.department}</p>
            <h1 className="job__title">{job.title}</h1>
            <JobFacts job={job} />
            <a href="#apply" className="button button--primary job__apply-link">
              Apply for this role
            </a>
          </header>
          <section className="job__section">
            <h2>About This Role</h2>
            {descriptionParagraphs(job.description).map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered; two paragraphs may start alike
              <p key={index}>{paragraph}</p>
            ))}
          </section>
          <Section title="Key Responsibilities" items={job.responsibilities} />
          <Section title="Requirements" items={job.requirements} />
          <Section title="What We Offer" items={job.benefits} />
        </article>
        <aside
          ref={apply}
          id="apply"
          className={`job__apply${sticky ? ' job__apply--sticky' : ''}`}
          aria-label="Application"
        >
          <ApplicationForm job={job} outcome={outcome} />
        </aside>
      </div>
    </div>
  )
}

export function JobErrorBoundary() {
  const error = useRouteError()
  return isRouteErrorResponse(error) && error.status === 404 ? <JobNotFound /> : <ServerErrorPage />
}

export { JobErrorBoundary as ErrorBoundary, JobPage as Component, jobAction as action, jobLoader as loader }
