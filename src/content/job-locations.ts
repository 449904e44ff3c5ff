import type { JobFields } from '../shared/jobs'

/** Where most bundled roles are: at the Los Angeles studio, not remote. */
export const ON_SITE_IN_LOS_ANGELES = {
  city: 'Los Angeles',
  region: 'CA',
  country: 'US',
  remote: false,
  remoteCountries: [],
  remoteTimeZones: '',
} satisfies Partial<JobFields>

/** The remote roles open anywhere in the US, on US time zones. */
export const REMOTE_IN_US_TIME_ZONES = {
  city: '',
  region: '',
  country: '',
  remote: true,
  remoteCountries: ['US'],
  remoteTimeZones: 'US time zones',
} satisfies Partial<JobFields>
