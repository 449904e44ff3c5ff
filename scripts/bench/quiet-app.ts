import { createApp } from '../../src/server/app'
import type { Database } from '../../src/server/db/client'
import { loadAssetManifest } from '../../src/server/render/assets'

/** The real app for measuring scripts: production settings, no request log, no admin login. */
export function createQuietApp(db: Database, options: { cacheContent?: boolean } = {}) {
  return createApp({
    cachePages: options.cacheContent,
    config: { NODE_ENV: 'production', LOG_REQUESTS: 'false', SITE_URL: undefined },
    db,
    adminPassword: { verify: async () => false },
    assets: loadAssetManifest(),
    logger: { debug() {}, info() {}, warn: console.warn, error: console.error },
  })
}
