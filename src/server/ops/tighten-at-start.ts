import { databaseCompanions, type Tightened, tightenPrivateFiles } from '../db/private-files'
import { errorFields } from '../observability/error-fields'
import type { Logger } from '../observability/logger'
import { tightenBackups } from './backup'

/**
 * At start, before the database is opened: the embedded file, its `-wal` and `-shm` and this site's backups
 * lose any group and other permissions an earlier release (which made them 0644) or an operator left them;
 * what SQLite creates afterwards copies the file's 0600. Folders that exist are left as they are: they may
 * be the operator's (`file:/srv/site.db`) and hold others' files; the site's files are private either way.
 */
export function tightenSiteData(databaseFile: string | null, backupDir: string): Tightened {
  const database = databaseFile ? tightenPrivateFiles(databaseCompanions(databaseFile)) : { changed: [], refused: [] }
  const backups = tightenBackups(backupDir)
  return {
    changed: [...database.changed, ...backups.changed],
    refused: [...database.refused, ...backups.refused],
  }
}

/** `tightenSiteData`, logged once; a failure to look (a backup folder this user cannot read) never stops the start. */
export function tightenSiteDataAtStart(databaseFile: string | null, backupDir: string, logger: Logger): void {
  try {
    const { changed, refused } = tightenSiteData(databaseFile, backupDir)
    if (changed.length > 0)
      logger.info('made the database and backups private to this user: they were readable by others', {
        paths: changed,
      })
    if (refused.length > 0)
      logger.warn('the database or backups are readable by other users, and this user may not change that', {
        paths: refused,
      })
  } catch (error) {
    logger.warn('could not check who may read the database and backups', errorFields(error))
  }
}
