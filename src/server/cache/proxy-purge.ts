import type { Config } from '../config'
import type { Logger } from '../observability/logger'
import { CHECK_INTERVAL_MS } from './content-version'
import { EVERY_KEY, SURROGATE_KEYS } from './surrogate-keys'

/** One way of telling a cache in front to drop the pages carrying some keys. */
export interface PurgeDriver {
  name: string
  purge(keys: string[]): Promise<void>
}

/** Keys per request: Cloudflare takes 30 tags a call, Fastly 256 keys, a header line a few KB. */
const KEYS_PER_REQUEST = 30
/** A purge that has not answered by then is counted as failed (the proxy's TTL still bounds what it keeps). */
const PURGE_TIMEOUT_MS = 5000
/**
 * The purge is sent again once every process has seen the change (content-version.ts reads it at most a
 * second late): a proxy that fetched a page from a process not yet told, between the two, drops it then.
 */
export const PURGE_REPEAT_MS = CHECK_INTERVAL_MS + 500

const chunks = (keys: string[]) =>
  Array.from({ length: Math.ceil(keys.length / KEYS_PER_REQUEST) }, (_, i) =>
    keys.slice(i * KEYS_PER_REQUEST, (i + 1) * KEYS_PER_REQUEST),
  )

async function send(url: string, init: RequestInit): Promise<void> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
}

/** Every request of one purge is sent; each failure is named in the one error thrown. */
async function all(sends: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(sends)).flatMap((result) =>
    result.status === 'rejected'
      ? [result.reason instanceof Error ? result.reason.message : String(result.reason)]
      : [],
  )
  if (failed.length > 0) throw new Error(failed.join('; '))
}

/** Varnish (deploy/varnish/default.vcl): `PURGE` with the keys in `Surrogate-Key` and the token, to every address. */
export function varnishPurge(urls: string[], token = ''): PurgeDriver {
  return {
    name: 'varnish',
    async purge(keys) {
      await all(
        urls.flatMap((url) =>
          chunks(keys).map((part) =>
            send(url, { method: 'PURGE', headers: { 'surrogate-key': part.join(' '), 'purge-token': token } }),
          ),
        ),
      )
    },
  }
}

/** A CDN's purge API by POST: Cloudflare (`{"tags": […]}`, Authorization) or Fastly (`{"surrogate_keys": […]}`, Fastly-Key). */
export function webhookPurge(url: string, header: string | undefined, field: string): PurgeDriver {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (header) {
    const at = header.indexOf(':')
    headers[header.slice(0, at).trim()] = header.slice(at + 1).trim()
  }
  return {
    name: 'webhook',
    async purge(keys) {
      await all(
        chunks(keys).map((part) => send(url, { method: 'POST', headers, body: JSON.stringify({ [field]: part }) })),
      )
    },
  }
}

export interface PurgeStats {
  sent: number
  failed: number
}

/**
 * The drivers the configuration names, told the keys of each content change this process commits (a
 * change to everything purges `site`, which every page carries), now and once more after PURGE_REPEAT_MS.
 * A failure is logged and counted, never thrown at the writer: the write has happened.
 */
export function createProxyPurges(
  config: Partial<
    Pick<Config, 'PURGE_URLS' | 'PURGE_TOKEN' | 'PURGE_WEBHOOK_URL' | 'PURGE_WEBHOOK_HEADER' | 'PURGE_WEBHOOK_FIELD'>
  >,
  logger: Pick<Logger, 'warn'>,
) {
  const drivers: PurgeDriver[] = []
  if (config.PURGE_URLS)
    drivers.push(
      varnishPurge(
        config.PURGE_URLS.split(',').map((url) => url.trim()),
        config.PURGE_TOKEN,
      ),
    )
  if (config.PURGE_WEBHOOK_URL)
    drivers.push(
      webhookPurge(config.PURGE_WEBHOOK_URL, config.PURGE_WEBHOOK_HEADER, config.PURGE_WEBHOOK_FIELD ?? 'tags'),
    )
  if (drivers.length === 0) return null
  const stats: PurgeStats = { sent: 0, failed: 0 }

  const purge = (keys: string[]) =>
    Promise.all(
      drivers.map(async (driver) => {
        try {
          await driver.purge(keys)
          stats.sent++
        } catch (error) {
          stats.failed++
          logger.warn('proxy purge failed', {
            driver: driver.name,
            keys: keys.join(' '),
            error: error instanceof Error ? error.message : String(error),
          })
        }
      }),
    )

  return {
    stats: () => ({ ...stats }),
    /** Purges now and once more later; resolves when the first round has been answered. */
    changed(keys: string[]): Promise<unknown> {
      const named = keys.includes(EVERY_KEY) ? [SURROGATE_KEYS.site] : keys
      setTimeout(() => void purge(named), PURGE_REPEAT_MS).unref?.()
      return purge(named)
    },
  }
}

export type ProxyPurges = NonNullable<ReturnType<typeof createProxyPurges>>
