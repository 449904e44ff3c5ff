import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import Validator from '@adobe/structured-data-validator'
import { adminClient } from '../../../tests/support/admin-client'
import { jobInput } from '../../../tests/support/jobs'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { isCountryCode } from '../../shared/countries'
import type { Job } from '../../shared/jobs'

type Node = Record<string, unknown>

const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
]
const SALARY_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)
const ofType = (value: unknown, type: string): value is Node => isNode(value) && value['@type'] === type
const many = (value: unknown) => (Array.isArray(value) ? value : [value])

/**
 * Google for Jobs' JobPosting rules (developers.google.com/search/docs/appearance/structured-data/job-posting):
 * the required properties, and the recommended ones this site can give. Returns every problem found.
 */
export function jobPostingProblems(data: Node): string[] {
  const problems: string[] = []
  const check = (ok: unknown, problem: string) => {
    if (!ok) problems.push(problem)
  }
  check(data['@context'] === 'https://schema.org' && data['@type'] === 'JobPosting', 'not a schema.org JobPosting')
  // Required.
  check(typeof data.title === 'string' && data.title.trim(), 'title is required')
  check(typeof data.description === 'string' && /<(p|ul|li|h\d)>/.test(data.description), 'description must be HTML')
  check(typeof data.datePosted === 'string' && ISO_DATE.test(data.datePosted), 'datePosted must be ISO 8601')
  const org = data.hiringOrganization
  check(ofType(org, 'Organization') && typeof org.name === 'string' && org.name, 'hiringOrganization needs a name')
  check(ofType(org, 'Organization') && /^https?:\/\//.test(String(org.sameAs)), 'hiringOrganization.sameAs is a URL')
  check(ofType(org, 'Organization') && /^https?:\/\//.test(String(org.logo)), 'hiringOrganization.logo is a URL')
  const remote = data.jobLocationType === 'TELECOMMUTE'
  check(data.jobLocation !== undefined || remote, 'jobLocation is required unless the job is remote')
  for (const place of data.jobLocation === undefined ? [] : many(data.jobLocation)) {
    const address = isNode(place) ? place.address : undefined
    check(ofType(place, 'Place') && ofType(address, 'PostalAddress'), 'jobLocation is a Place with a PostalAddress')
    if (!ofType(address, 'PostalAddress')) continue
    check(isCountryCode(String(address.addressCountry)), 'addressCountry is an ISO 3166-1 alpha-2 code')
    if (!remote) {
      check(typeof address.addressLocality === 'string' && address.addressLocality, 'addressLocality is set')
      check(!String(address.addressLocality).includes(','), 'addressLocality holds the city alone')
      check(typeof address.addressRegion === 'string' && address.addressRegion, 'addressRegion is set')
    }
  }
  // Recommended.
  if (remote) {
    const countries = data.applicantLocationRequirements === undefined ? [] : many(data.applicantLocationRequirements)
    check(countries.length > 0, 'a remote job names applicantLocationRequirements')
    for (const country of countries) check(ofType(country, 'Country') && country.name, 'each requirement is a Country')
  }
  check(data.jobLocationType === undefined || remote, 'jobLocationType is TELECOMMUTE or absent')
  check(data.directApply === true, 'directApply is true (the page has the application form)')
  check(
    many(data.employmentType).every((type) => EMPLOYMENT_TYPES.includes(String(type))),
    'employmentType',
  )
  check(ofType(data.identifier, 'PropertyValue') && data.identifier.value, 'identifier is a PropertyValue')
  if (data.validThrough !== undefined) {
    check(typeof data.validThrough === 'string' && ISO_DATE.test(data.validThrough), 'validThrough is ISO 8601')
    check(Date.parse(String(data.validThrough)) > Date.parse(String(data.datePosted)), 'validThrough after datePosted')
  }
  if (data.baseSalary !== undefined) {
    const salary = data.baseSalary
    const value = isNode(salary) ? salary.value : undefined
    check(ofType(salary, 'MonetaryAmount') && /^[A-Z]{3}$/.test(String(salary.currency)), 'baseSalary.currency')
    check(ofType(value, 'QuantitativeValue'), 'baseSalary.value is a QuantitativeValue')
    if (ofType(value, 'QuantitativeValue')) {
      const range = typeof value.minValue === 'number' && typeof value.maxValue === 'number'
      check(range ? value.minValue! <= value.maxValue! : typeof value.value === 'number', 'a salary range or amount')
      check(SALARY_UNITS.includes(String(value.unitText)), 'baseSalary unitText is HOUR, DAY, WEEK, MONTH or YEAR')
    }
  }
  return problems
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2030, 4, 20) })
  const admin = adminClient(t)
  await admin.login()
  // Every shape a recruiter can make, besides the bundled jobs: a single hourly amount, a remote job with an
  // office, a closing date.
  for (const over of [
    { slug: 'hourly', type: 'Temporary', salaryMin: 30, salaryUnit: 'HOUR', validThrough: '2030-07-01' },
    { slug: 'remote-office', remote: true, remoteCountries: ['CA', 'US'], remoteTimeZones: 'UTC−8 to UTC−5' },
    {
      slug: 'euro',
      city: 'Berlin',
      region: 'Berlin',
      country: 'DE',
      salaryMin: 60000,
      salaryMax: 75000,
      salaryCurrency: 'EUR',
    },
  ]) {
    expect((await admin.request('POST', '/api/admin/jobs', jobInput(over))).status).toBe(201)
  }
})
afterAll(() => t.close())

const structuredData = async (slug: string) => {
  const html = await (await t.request(`/jobs/${slug}`)).text()
  return JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as Node
}

/** The recommended properties that do not apply to a job, which Adobe's validator still mentions as warnings. */
const notApplicable = (job: Job) => [
  ...(job.remote ? [] : ['applicantLocationRequirements', 'jobLocationType']),
  ...(job.validThrough ? [] : ['validThrough']),
  ...(job.salaryRange ? [] : ['baseSalary']),
]

describe('JobPosting structured data', () => {
  test('of every open job passes Google for Jobs’ required and recommended properties', async () => {
    const open = (await (await t.request('/api/jobs')).json()) as Job[]
    expect(open.length).toBeGreaterThan(6)
    const adobe = new Validator()
    for (const job of open) {
      const data = await structuredData(job.slug)
      expect({ slug: job.slug, problems: jobPostingProblems(data) }).toEqual({ slug: job.slug, problems: [] })
      // An independent reading of the same rules (Adobe's validator of Google's rich results).
      const issues = await adobe.validate({ jsonld: { JobPosting: [data] } })
      expect({ slug: job.slug, errors: issues.filter((issue) => issue.severity === 'ERROR') }).toEqual({
        slug: job.slug,
        errors: [],
      })
      expect(issues.flatMap((issue) => issue.fieldNames ?? []).sort()).toEqual(notApplicable(job).sort())
      expect(data.baseSalary !== undefined).toBe(job.salaryRange !== undefined)
      expect(data.jobLocationType === 'TELECOMMUTE').toBe(job.remote)
      expect(data.validThrough).toBe(job.validThrough ?? undefined)
    }
  })

  test('holds the address, the salary range and the remote countries as structured values', async () => {
    expect(await structuredData('senior-gameplay-engineer')).toMatchObject({
      employmentType: 'FULL_TIME',
      directApply: true,
      jobLocation: { address: { addressLocality: 'Los Angeles', addressRegion: 'CA', addressCountry: 'US' } },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 150000, maxValue: 185000, unitText: 'YEAR' },
      },
    })
    expect(await structuredData('remote-office')).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [
        { '@type': 'Country', name: 'CA' },
        { '@type': 'Country', name: 'US' },
      ],
      jobLocation: { address: { addressLocality: 'Austin', addressCountry: 'US' } },
    })
    expect(await structuredData('hourly')).toMatchObject({
      employmentType: 'TEMPORARY',
      validThrough: '2030-07-01T23:59:59.999Z',
      baseSalary: { value: { value: 30, unitText: 'HOUR' } },
    })
  })

  test('the validator finds what Google would reject', () => {
    const broken = {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'T',
      description: 'plain text',
      datePosted: 'yesterday',
      hiringOrganization: { '@type': 'Organization', name: 'S', sameAs: 'https://s', logo: 'https://s/l.svg' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Los Angeles, CA' } },
      employmentType: 'Full-time',
      identifier: { '@type': 'PropertyValue', name: 'S', value: '1' },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 1 },
      },
    }
    expect(jobPostingProblems(broken)).toEqual([
      'description must be HTML',
      'datePosted must be ISO 8601',
      'addressCountry is an ISO 3166-1 alpha-2 code',
      'addressLocality holds the city alone',
      'addressRegion is set',
      'directApply is true (the page has the application form)',
      'employmentType',
      'a salary range or amount',
      'baseSalary unitText is HOUR, DAY, WEEK, MONTH or YEAR',
    ])
  })
})
