import { describe, expect, test } from 'bun:test'
import { jobInputOf } from '../../../../shared/job-schema'
import type { AdminJob } from '../../../../shared/jobs'
import { checkJobForm, emptyJobValues, jobPayload, listItem, valuesFromJob } from './job-form-values'

const job: AdminJob = {
  id: 4,
  slug: 'level-designer',
  title: 'Level Designer',
  department: 'Design',
  type: 'Contract',
  description: 'Build.\n\nPlay.',
  responsibilities: ['Design'],
  requirements: ['Games', 'Tools'],
  benefits: ['Cover'],
  city: '',
  region: '',
  country: '',
  remote: true,
  remoteCountries: ['US', 'CA'],
  remoteTimeZones: 'US time zones',
  salaryMin: 24.5,
  salaryMax: null,
  salaryCurrency: 'EUR',
  salaryUnit: 'HOUR',
  location: 'Remote (US time zones)',
  salaryRange: '€24.50 per hour',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  postedAt: '2030-01-01T00:00:00.000Z',
  questions: [],
  validThrough: '2030-06-30T23:59:59.999Z',
  open: true,
  status: 'active',
  applicationCount: 3,
}

describe('the job form’s values', () => {
  test('a job loaded into the form and saved unchanged is sent as it was stored', () => {
    expect(jobPayload(valuesFromJob(job))).toEqual({ ...jobInputOf(job), validThrough: '2030-06-30' })
    expect(checkJobForm(valuesFromJob(job), Date.UTC(2030, 0, 2))).toMatchObject({ ok: true })
  })

  test('amounts are read as people write them, and a word where a number goes is named at its field', () => {
    const values = { ...emptyJobValues(), salaryMin: '150,000', salaryMax: ' 185 000 ' }
    expect(jobPayload(values)).toMatchObject({ salaryMin: 150000, salaryMax: 185000 })
    expect(jobPayload(emptyJobValues())).toMatchObject({ salaryMin: null, salaryMax: null, validThrough: null })
    expect(checkJobForm({ ...values, salaryMax: 'lots' }, 0)).toEqual({
      ok: false,
      error: 'Enter the amount in digits, such as 85000',
      field: 'salaryMax',
    })
  })

  test('the shared rules name the field to fix', () => {
    const values = {
      ...emptyJobValues(),
      title: 'Artist',
      department: 'Art',
      description: 'Draw.',
      city: 'LA',
      country: 'US',
    }
    const lists = {
      responsibilities: [listItem('Draw')],
      requirements: [listItem('Skill')],
      benefits: [listItem('Cover')],
    }
    expect(checkJobForm({ ...values, ...lists }, 0)).toMatchObject({ ok: true })
    expect(checkJobForm({ ...values, ...lists, benefits: [listItem('')] }, 0)).toMatchObject({
      ok: false,
      field: 'benefits',
    })
    expect(checkJobForm({ ...values, ...lists, remote: true }, 0)).toMatchObject({
      ok: false,
      field: 'remoteCountries',
    })
    expect(jobPayload({ ...values, ...lists, remoteCountries: 'us, ca  GB' }).remoteCountries).toEqual([
      'us',
      'ca',
      'GB',
    ])
  })
})
