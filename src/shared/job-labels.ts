import { countryName } from './countries'
import { type JobFields, SALARY_UNITS } from './jobs'

/** 'Los Angeles, CA, United States', or for a remote job 'Remote (US time zones)' / 'Remote (United States, Canada)'. */
export function locationLabel(
  job: Pick<JobFields, 'city' | 'region' | 'country' | 'remote' | 'remoteCountries' | 'remoteTimeZones'>,
): string {
  if (job.remote) return `Remote (${job.remoteTimeZones || job.remoteCountries.map(countryName).join(', ')})`
  return [job.city, job.region, job.country && countryName(job.country)].filter(Boolean).join(', ')
}

/** '$150,000 – $185,000', '$24 – $28 per hour' or '€60,000'; undefined without a salary. */
export function salaryLabel(
  job: Pick<JobFields, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryUnit'>,
): string | undefined {
  if (job.salaryMin === null) return undefined
  const money = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: job.salaryCurrency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  })
  const range =
    job.salaryMax === null || job.salaryMax === job.salaryMin
      ? money.format(job.salaryMin)
      : `${money.format(job.salaryMin)} – ${money.format(job.salaryMax)}`
  const unit = SALARY_UNITS[job.salaryUnit]
  return unit ? `${range} ${unit}` : range
}
