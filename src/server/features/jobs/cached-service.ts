import type { CurrentContentVersion } from '../../cache/content-version'
import { versionedReads } from '../../cache/versioned-reads'
import type { PublicJobService } from './service'

/** Slugs are arbitrary (a 404 is a read too), so entries are bounded; the lists themselves are small. */
const MAX_ENTRIES = 200
const MAX_BYTES = 2 * 1024 * 1024

/**
 * The careers reads, remembered until the content version changes: every job write changes it, and so
 * does a job's closing date passing, so a cached answer is never older than the jobs it was read from.
 * Whether a job takes an application is always read fresh.
 */
export function cachePublicJobs(service: PublicJobService, version: CurrentContentVersion): PublicJobService {
  const remember = versionedReads(version, MAX_ENTRIES, MAX_BYTES)
  return { list: remember('list', service.list), bySlug: remember('bySlug', service.bySlug), openJob: service.openJob }
}
