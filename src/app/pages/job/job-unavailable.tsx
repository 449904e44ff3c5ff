import { site } from '../../../content/site'
import type { Job } from '../../../shared/jobs'
import { jobPath, PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { RedirectCountdown } from '../../components/redirect-countdown'
import { SiteLink } from '../../components/site-link'

/** An unknown slug or a draft: the spec's not-found page, which sends the visitor on to the open positions. */
export function JobNotFound() {
  return (
    <div className="not-found-inline">
      <PageMeta
        title={`Job Not Found | ${site.name}`}
        description="This position doesn't exist or is no longer open."
        path={null}
        noindex
      />
      <h1 className="error-panel__title">Job Not Found</h1>
      <p className="error-panel__text">The position you're looking for doesn't exist or is no longer open.</p>
      <RedirectCountdown to={PAGES.jobs} label="open positions" />
      <SiteLink to={PAGES.jobs} className="button button--primary">
        Return to Jobs
      </SiteLink>
    </div>
  )
}

/**
 * A closed job (or one past its closing date), answered 410: a link shared while it was open still
 * says what the role was and that it takes no more applications. No form, no structured data.
 */
export function JobClosed({ job }: { job: Job }) {
  return (
    <div className="job job--closed">
      <PageMeta
        title={`${job.title} (closed) | Careers at ${site.name}`}
        description={`${job.title} at ${site.name} is closed and no longer takes applications.`}
        path={jobPath(job.slug)}
        noindex
      />
      <nav className="job__back" aria-label="Careers">
        <SiteLink to={PAGES.jobs} className="button button--ghost">
          ← Back to Jobs
        </SiteLink>
      </nav>
      <header className="job__header">
        <p className="job__department">{job.department}</p>
        <h1 className="job__title">{job.title}</h1>
      </header>
      <section className="job-closed" aria-labelledby="job-closed-title">
        <h2 id="job-closed-title" className="job-closed__title">
          This role is closed
        </h2>
        <p>{`We are no longer taking applications for ${job.title}. Thank you for your interest.`}</p>
        <SiteLink to={PAGES.jobs} className="button button--primary">
          See open positions
        </SiteLink>
      </section>
    </div>
  )
}
