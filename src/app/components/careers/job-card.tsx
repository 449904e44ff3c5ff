import type { Job } from '../../../shared/jobs'
import { jobPreview } from '../../../shared/jobs'
import { jobPath } from '../../../shared/paths'
import { SiteLink } from '../site-link'

/** Location, type, Remote and salary: on the card and at the top of the job page. */
export function JobFacts({ job }: { job: Job }) {
  return (
    <ul className="job-card__facts" aria-label="Details">
      <li>{job.location}</li>
      <li>{job.type}</li>
      {job.remote && <li className="job-card__remote">Remote</li>}
      {job.salaryRange && <li>{job.salaryRange}</li>}
    </ul>
  )
}

export function JobCard({ job }: { job: Job }) {
  return (
    <article className="job-card">
      <div className="job-card__top">
        <p className="job-card__department">{job.department}</p>
        <span className="badge badge--type">{job.type}</span>
      </div>
      <h3 className="job-card__title">{job.title}</h3>
      <p className="job-card__preview">{jobPreview(job.description)}</p>
      <JobFacts job={job} />
      <SiteLink to={jobPath(job.slug)} className="button button--primary job-card__cta">
        View Details<span className="visually-hidden">: {job.title}</span>
      </SiteLink>
    </article>
  )
}
