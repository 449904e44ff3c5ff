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
