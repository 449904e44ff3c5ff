import { site } from '../../../content/site'
import type { Job } from '../../../shared/jobs'
import { jobPath } from '../../../shared/paths'
import { JsonLd } from '../../components/json-ld'

const EMPLOYMENT_TYPE: Record<Job['type'], string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Internship: 'INTERN',
}

/** JobPosting structured data for the job page. */
export function JobJsonLd({ job, origin }: { job: Job; origin: string }) {
  const json = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.createdAt.slice(0, 10),
    employmentType: EMPLOYMENT_TYPE[job.type],
    identifier: { '@type': 'PropertyValue', name: site.name, value: String(job.id) },
    hiringOrganization: {
      '@type': 'Organization',
      name: site.name,
      sameAs: origin,
      logo: new URL(site.logo.src, origin).href,
    },
    url: new URL(jobPath(job.slug), origin).href,
    ...(job.remote
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'United States' } }
      : { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.location } } }),
  }
  return <JsonLd data={json} />
}
