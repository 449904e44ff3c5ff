import { type Static, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { ANALYTICS_RETENTION_DAYS_DEFAULT } from '../shared/analytics'
import { APPLICATION_RETENTION_DAYS_DEFAULT } from '../shared/application-pipeline'
import { UPLOAD_BUDGET_MB_PER_DAY_DEFAULT } from '../shared/application-rules'
import { NEWSLETTER_PER_SECOND_DEFAULT } from '../shared/newsletter'
import { STALE_PAGE_HOURS_DEFAULT } from './http/cache-control'
import { LIMIT_IPV6_PREFIX_DEFAULT } from './http/client-network'
import { DEFAULT_TRUST_PROXY, trustList } from './http/trusted-proxies'

/** A header value: one line (a line break in it could add headers to every email). */
const ONE_LINE = '^[^\\r\\n]+$'
/** `s3://bucket` or `s3://bucket/prefix`: a bucket name as S3 allows it, then an optional key prefix. */
export const S3_URL = '^s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[^\\s]*)?$'

/** Every environment variable the server reads, with its default. README's configuration table mirrors this. */
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  DATABASE_URL: Type.String({ pattern: '^(file:|libsql:|https?:|wss?:)', default: 'file:data/site.db' }),
  DATABASE_AUTH_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * A libSQL server to replicate from (db/replica-client.ts, decision 0046): DATABASE_URL (a `file:`) is then
   * a local replica that answers reads, and writes go to this server.
   */
  DATABASE_SYNC_URL: Type.Optional(Type.String({ pattern: '^(libsql|https?)://[^\\s]+$' })),
  /** How long one request to a libSQL server may take before it counts as unreachable (db/client.ts: 10 s). */
  DATABASE_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000 })),
  SITE_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  LOG_REQUESTS: Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('all')], { default: 'true' }),
  /** The least severe log lines written; the levels are in observability/logger.ts. */
  LOG_LEVEL: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')], {
    default: 'info',
  }),
  /** Turns on /metrics for Prometheus, which must send it as a bearer token; without it /metrics is a 404. */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  /**
   * After SIGTERM, how long /readyz answers 503 and every answer closes its connection before the server
   * stops accepting. The default lets keep-alive clients already connected leave between requests (at
   * 0, the requests they have just sent are cut); behind a load balancer, give it the time the balancer
   * needs to see /readyz fail (README).
   */
  SHUTDOWN_DRAIN_MS: Type.Integer({ minimum: 0, maximum: 120_000, default: 1000 }),
  /**
   * Threads that render pages for the page cache beside the main thread (render/render-threads.ts), so a
   * flood of uncached pages uses a second core and leaves the main thread free for /healthz and cached
   * answers; 0 renders every page on the main thread.
   */
  RENDER_THREADS: Type.Integer({ minimum: 0, maximum: 16, default: 1 }),
  /**
   * After the first answer, requests sent down the busiest paths until the JIT has compiled them
   * (process/warm-up.ts): a second or two of CPU per start, which a flood of new searches then does not meet.
   */
  WARM_UP: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'true' }),
  /** The administrator password; when unset a random one is generated at first start and logged once. */
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  /**
   * The blog previewer's shared password; the page only ever receives a salted PBKDF2 digest of it. It is
   * checked in the browser, so it must differ from ADMIN_PASSWORD (refused at start).
   */
  PREVIEW_PASSWORD: Type.Optional(Type.String({ minLength: 1 })),
  /** Shown under 'Incorrect password!' on the previewer. */
  PREVIEW_PASSWORD_HINT: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Whose X-Forwarded-For counts (http/trusted-proxies.ts): by default loopback, link-local and private peers;
   * `false` none, `true` any (its last address), or a list of those names, addresses and networks.
   */
  TRUST_PROXY: Type.String({ default: DEFAULT_TRUST_PROXY, minLength: 1 }),
  /**
   * Sign-in and application limits count an IPv6 network of this many bits as one client: a subscriber
   * is often given a /56 or a /48, and each address of it would otherwise start a fresh count.
   */
  LIMIT_IPV6_PREFIX: Type.Integer({ minimum: 32, maximum: 64, default: LIMIT_IPV6_PREFIX_DEFAULT }),
  /**
   * Résumé files stored from all applicants together over the last 24 hours, in MB: past it, uploads are
   * refused (503) until older ones fall out of the day, so anonymous uploads cannot fill the disk.
   */
  UPLOAD_BUDGET_MB_PER_DAY: Type.Integer({ minimum: 1, maximum: 1_000_000, default: UPLOAD_BUDGET_MB_PER_DAY_DEFAULT }),
  /** How long the admin's audit log keeps its events. */
  AUDIT_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 180 }),
  /** Where `db:backup` and scheduled backups write (default: `backups/` beside the embedded file). */
  BACKUP_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /** Turns scheduled backups on: one every this many hours, by one process of all that share the database. */
  BACKUP_INTERVAL_HOURS: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 8760 })),
  /** How many scheduled backups are kept; older ones in BACKUP_DIR (and in BACKUP_S3_URL) are deleted. */
  BACKUP_KEEP: Type.Integer({ minimum: 1, maximum: 10000, default: 14 }),
  /**
   * Sends each scheduled backup off-site (ops/offsite-store.ts): `s3://bucket` or `s3://bucket/prefix` in
   * S3-compatible storage, with the BACKUP_S3_ keys; `db:restore --from s3://…` reads from there too.
   */
  BACKUP_S3_URL: Type.Optional(Type.String({ pattern: S3_URL })),
  /** The storage's address (`https://…`, `http://127.0.0.1:9000`); unset, AWS S3 (ops/offsite-store.ts `s3Client`). */
  BACKUP_S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+(/[^\\s]*)?$' })),
  BACKUP_S3_REGION: Type.Optional(Type.String({ pattern: '^[a-z0-9-]+$' })),
  BACKUP_S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  BACKUP_S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Job applications and their résumé files are deleted this many days after they arrive. */
  APPLICATION_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: APPLICATION_RETENTION_DAYS_DEFAULT }),
  /** `off` stops counting page views (features/analytics); the owner can also turn it off in the admin. */
  ANALYTICS: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  /** Daily analytics figures older than this many days are deleted. */
  ANALYTICS_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: ANALYTICS_RETENTION_DAYS_DEFAULT }),
  /** The SMTP server mail goes through (`smtp://user:pass@host:587`, `smtps://…:465`); without it no email is sent. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$' })),
  /** The sender of every email, an address or `Name <address>`; defaults to the careers address of the site. */
  MAIL_FROM: Type.Optional(Type.String({ pattern: ONE_LINE })),
  /** Where the notice of each new application goes; defaults to the careers address of the site. */
  HIRING_EMAIL: Type.Optional(Type.String({ pattern: ONE_LINE })),
  /**
   * How long mail a process was sending stays its own: a process that dies mid-batch leaves its messages
   * to the others (or to itself after a restart) this long after its last renewal.
   */
  MAIL_CLAIM_SECONDS: Type.Integer({ minimum: 5, maximum: 3600, default: 300 }),
  /** At most this many newsletter emails a second, per process (other mail is never held back by them). */
  NEWSLETTER_PER_SECOND: Type.Number({ exclusiveMinimum: 0, maximum: 10_000, default: NEWSLETTER_PER_SECOND_DEFAULT }),
  /**
   * Caching proxies to purge by surrogate key after each content change (cache/proxy-purge.ts): one or
   * more `http(s)://` addresses, comma-separated, each sent `PURGE` with a `Surrogate-Key` header (Varnish
   * with deploy/varnish/default.vcl).
   */
  PURGE_URLS: Type.Optional(Type.String({ pattern: '^https?://[^\\s,]+(\\s*,\\s*https?://[^\\s,]+)*$' })),
  /** Sent with each purge as `Purge-Token` (deploy/varnish/default.vcl takes a purge only with it); needed with PURGE_URLS. */
  PURGE_TOKEN: Type.Optional(Type.String({ minLength: 16, pattern: '^[\\x21-\\x7e]+$' })),
  /** A CDN's purge API, sent `{ "<PURGE_WEBHOOK_FIELD>": [keys] }` by POST (Cloudflare's tags, Fastly's surrogate_keys). */
  PURGE_WEBHOOK_URL: Type.Optional(Type.String({ pattern: '^https://[^\\s]+$' })),
  /** One header the purge API needs, `Name: value` (`Authorization: Bearer …`, `Fastly-Key: …`). */
  PURGE_WEBHOOK_HEADER: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9-]+:[^\\r\\n]+$' })),
  PURGE_WEBHOOK_FIELD: Type.Union([Type.Literal('tags'), Type.Literal('surrogate_keys')], { default: 'tags' }),
  /** How long a page rendered before may be served while the database cannot be reached (render/page-cache.ts). */
  STALE_PAGE_HOURS: Type.Number({ minimum: 0, maximum: 720, default: STALE_PAGE_HOURS_DEFAULT }),
  /**
   * Browser tests only (refused unless NODE_ENV=test): the server's clock starts at this instant and runs
   * on from there, so a test can see the site on another day (after the event, say).
   */
  TEST_NOW: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?Z$' })),
})

export type Config = Static<typeof ConfigSchema>

/** Settings whose values are credentials: an error about one names it, never its value (it goes to the log). */
const SECRETS = new Set([
  'ADMIN_PASSWORD',
  'PREVIEW_PASSWORD',
  'DATABASE_AUTH_TOKEN',
  'METRICS_TOKEN',
  'BACKUP_S3_SECRET_ACCESS_KEY',
  'PURGE_WEBHOOK_HEADER',
  'PURGE_TOKEN',
])

export class ConfigError extends Error {}

/** Why the server refuses TEST_NOW outside tests: a production site must never run on a made-up date. */
export const TEST_NOW_OUTSIDE_TESTS = 'TEST_NOW is only for tests: it is refused unless NODE_ENV=test.'

/** The server's clock: the real one, or (TEST_NOW) one that started at that instant and runs at the same pace. */
export function serverClock(config: Pick<Config, 'TEST_NOW'>, now: () => number = Date.now): () => number {
  if (!config.TEST_NOW) return now
  const offset = Date.parse(config.TEST_NOW) - now()
  return () => now() + offset
}

/** Why the server refuses to start with the previewer's password equal to the administrator's. */
export const PREVIEW_PASSWORD_IS_ADMIN_PASSWORD =
  "PREVIEW_PASSWORD must differ from ADMIN_PASSWORD: the previewer's password is checked in the browser, so it must never be the administrator's."

export const TRUST_PROXY_UNKNOWN =
  'TRUST_PROXY must be false, true, or a comma-separated list of loopback, linklocal, uniquelocal and addresses or networks (10.1.0.0/16)'
/** Why the server refuses a bucket without its keys: every upload would fail, and only the log would say so. */
export const BACKUP_S3_WITHOUT_KEYS =
  'BACKUP_S3_URL needs BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY: the keys of an account that may list, read, write and delete under that prefix.'

export const PURGE_URLS_WITHOUT_TOKEN =
  'PURGE_URLS needs PURGE_TOKEN (16 or more characters), the same value the proxy has in its environment: anyone who can reach the proxy could purge it otherwise.'

export const SYNC_URL_WITHOUT_FILE =
  'DATABASE_SYNC_URL needs DATABASE_URL to be a file: (the local replica, for example file:data/replica.db); the server at DATABASE_SYNC_URL is the database.'

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const candidate = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, raw))
  const errors = [...Value.Errors(ConfigSchema, candidate)]
  if (errors.length > 0) {
    const shown = (key: string) => (SECRETS.has(key) ? '(not shown)' : JSON.stringify(raw[key]))
    const lines = errors.map((e) => `  ${e.path.slice(1) || '(root)'}=${shown(e.path.slice(1))}: ${e.message}`)
    throw new ConfigError(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`)
  }
  const config = candidate as Config
  if (config.PREVIEW_PASSWORD !== undefined && config.PREVIEW_PASSWORD === config.ADMIN_PASSWORD)
    throw new ConfigError(PREVIEW_PASSWORD_IS_ADMIN_PASSWORD)
  if (config.TEST_NOW !== undefined && config.NODE_ENV !== 'test') throw new ConfigError(TEST_NOW_OUTSIDE_TESTS)
  if (config.TRUST_PROXY !== 'true' && config.TRUST_PROXY !== 'false' && !trustList(config.TRUST_PROXY))
    throw new ConfigError(TRUST_PROXY_UNKNOWN)
  if (config.BACKUP_S3_URL && !(config.BACKUP_S3_ACCESS_KEY_ID && config.BACKUP_S3_SECRET_ACCESS_KEY))
    throw new ConfigError(BACKUP_S3_WITHOUT_KEYS)
  if (config.DATABASE_SYNC_URL && !config.DATABASE_URL.startsWith('file:')) throw new ConfigError(SYNC_URL_WITHOUT_FILE)
  if (config.PURGE_URLS && !config.PURGE_TOKEN) throw new ConfigError(PURGE_URLS_WITHOUT_TOKEN)
  return config
}
