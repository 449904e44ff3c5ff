import { site } from '../../../content/site'
import { descriptionParagraphs, JOB_TYPES, type Job } from '../../../shared/jobs'
import { jobPath } from '../../../shared/paths'
import { JsonLd } from '../../components/json-ld'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const htmlList = (title: string, items: string[]) =>
  `<h3>${escapeHtml(title)}</h3><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`

/** The whole posting as HTML, as Google for Jobs asks: the paragraphs, then the page's three lists. */
export const jobDescriptionHtml = (job: Job) =>
  descriptionParagraphs(job.description)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('') +
  htmlList('Key Responsibilities', job.responsibilities) +
  htmlList('Requirements', job.requirements) +
  htmlList('What We Offer', job.benefits)

function baseSalary(job: Job) {
  if (job.salaryMin === null) return undefined
  const value =
    job.salaryMax === null
      ? { '@type': 'QuantitativeValue', value: job.salaryMin, unitText: job.salaryUnit }
      : { '@type': 'QuantitativeValue', minValue: job.salaryMin, maxValue: job.salaryMax, unitText: job.salaryUnit }
  return { '@type': 'MonetaryAmount', currency: job.salaryCurrency, value }
}

/** Where the job is: its address (on site, or the office of a remote job that has one) and, when remote, who may apply. */
function place(job: Job) {
  const address = job.country
    ? {
        jobLocation: {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            ...(job.city ? { addressLocality: job.city } : {}),
            ...(job.region ? { addressRegion: job.region } : {}),
            addressCountry: job.country,
          },
        },
      }
    : {}
  if (!job.remote) return address
  return {
    ...address,
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements: job.remoteCountries.map((code) => ({ '@type': 'Country', name: code })),
  }
}

/** schema.org JobPosting, with Google for Jobs' required and recommended properties. */
export function jobPostingData(job: Job, origin: string) {
  const salary = baseSalary(job)
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: jobDescriptionHtml(job),
    datePosted: job.postedAt ?? job.createdAt,
    ...(job.validThrough ? { validThrough: job.validThrough } : {}),
    employmentType: JOB_TYPES[job.type],
    identifier: { '@type': 'PropertyValue', name: site.name, value: String(job.id) },
    hiringOrganization: {
      '@type': 'Organization',
      name: site.name,
      sameAs: origin,
      logo: new URL(site.logo.src, origin).href,
    },
    url: new URL(jobPath(job.slug), origin).href,
    directApply: true,
    ...place(job),
    ...(salary ? { baseSalary: salary } : {}),
  }
}

/** JobPosting structured data for an open job's page. */
export function JobJsonLd({ job, origin }: { job: Job; origin: string }) {
  return <JsonLd data={jobPostingData(job, origin)} />
}
