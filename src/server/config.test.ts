import { describe, expect, test } from 'bun:test'
import {
  BACKUP_S3_WITHOUT_KEYS,
  ConfigError,
  loadConfig,
  PREVIEW_PASSWORD_IS_ADMIN_PASSWORD,
  serverClock,
  TEST_NOW_OUTSIDE_TESTS,
} from './config'
import { mailSettings } from './mail/settings'

describe('loadConfig', () => {
  test('applies the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'file:data/site.db',
      LOG_REQUESTS: 'true',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: 1000,
      WARM_UP: 'true',
    })
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined()
  })

  test('the operations settings: log level, metrics token, shutdown drain', () => {
    const config = loadConfig({ LOG_LEVEL: 'warn', METRICS_TOKEN: 'x'.repeat(32), SHUTDOWN_DRAIN_MS: '10000' })
    expect(config).toMatchObject({ LOG_LEVEL: 'warn', METRICS_TOKEN: 'x'.repeat(32), SHUTDOWN_DRAIN_MS: 10_000 })
    expect(() => loadConfig({ LOG_LEVEL: 'verbose', METRICS_TOKEN: 'short', SHUTDOWN_DRAIN_MS: '-1' })).toThrow(
      /LOG_LEVEL="verbose"[\s\S]*METRICS_TOKEN=\(not shown\)[\s\S]*SHUTDOWN_DRAIN_MS=-1/,
    )
  })

  test('an error about a credential names the setting, never its value', () => {
    const secrets = { ADMIN_PASSWORD: 'short7!', METRICS_TOKEN: 'tiny-token' }
    expect(() => loadConfig(secrets)).toThrow('ADMIN_PASSWORD=(not shown)')
    expect(() => loadConfig(secrets)).toThrow('METRICS_TOKEN=(not shown)')
    try {
      loadConfig(secrets)
    } catch (error) {
      for (const value of Object.values(secrets)) expect((error as Error).message).not.toContain(value)
    }
  })

  test('reads and converts values', () => {
    const config = loadConfig({
      PORT: '8080',
      NODE_ENV: 'production',
      DATABASE_URL: 'libsql://db.example.com',
      DATABASE_AUTH_TOKEN: 'tok',
    })
    expect(config.PORT).toBe(8080)
    expect(config.DATABASE_AUTH_TOKEN).toBe('tok')
  })

  test('names every bad variable in one clear error', () => {
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'prod', DATABASE_URL: 'postgres://x', SITE_URL: 'example.com/' })
      throw new Error('expected a ConfigError')
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const message = (error as Error).message
      expect(message).toContain('Invalid configuration')
      for (const name of [
        'PORT="eighty"',
        'NODE_ENV="prod"',
        'DATABASE_URL="postgres://x"',
        'SITE_URL="example.com/"',
      ]) {
        expect(message).toContain(name)
      }
    }
  })

  test('scheduled backups are off unless an interval is set, and the interval and count are checked', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_KEEP: 14 })
    expect(loadConfig({}).BACKUP_INTERVAL_HOURS).toBeUndefined()
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0.5', BACKUP_DIR: '/backups' })).toMatchObject({
      BACKUP_INTERVAL_HOURS: 0.5,
      BACKUP_DIR: '/backups',
    })
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '0' })).toThrow('BACKUP_INTERVAL_HOURS=0')
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP=0')
  })

  test('off-site backups: an s3:// address, an http(s) endpoint, and both keys', () => {
    const keys = { BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', BACKUP_S3_SECRET_ACCESS_KEY: 'secret-key-value' }
    expect(loadConfig({}).BACKUP_S3_URL).toBeUndefined()
    expect(
      loadConfig({
        BACKUP_S3_URL: 's3://site-backups/kindlewave/prod',
        BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000',
        BACKUP_S3_REGION: 'eu-west-1',
        ...keys,
      }),
    ).toMatchObject({ BACKUP_S3_URL: 's3://site-backups/kindlewave/prod', BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000' })
    expect(loadConfig({ BACKUP_S3_URL: 's3://site-backups', ...keys }).BACKUP_S3_URL).toBe('s3://site-backups')
    expect(() => loadConfig({ BACKUP_S3_URL: 's3://site-backups' })).toThrow(BACKUP_S3_WITHOUT_KEYS)
    expect(() => loadConfig({ BACKUP_S3_URL: 's3://site-backups', BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      BACKUP_S3_WITHOUT_KEYS,
    )
    for (const env of [
      { BACKUP_S3_URL: 'https://site-backups.s3.amazonaws.com' },
      { BACKUP_S3_URL: 's3://Site_Backups/x' },
      { BACKUP_S3_ENDPOINT: '127.0.0.1:9000' },
      { BACKUP_S3_REGION: 'EU West' },
    ])
      expect(() => loadConfig({ ...keys, ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ BACKUP_S3_URL: 'ftp://x', ...keys })).toThrow('BACKUP_S3_URL="ftp://x"')
  })

  test('rejects an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError)
  })

  test('refuses a previewer password equal to the administrator password, with a clear message', () => {
    const same = { ADMIN_PASSWORD: 'one shared secret', PREVIEW_PASSWORD: 'one shared secret' }
    expect(() => loadConfig(same)).toThrow(ConfigError)
    expect(() => loadConfig(same)).toThrow(PREVIEW_PASSWORD_IS_ADMIN_PASSWORD)
    expect(PREVIEW_PASSWORD_IS_ADMIN_PASSWORD).toContain('PREVIEW_PASSWORD must differ from ADMIN_PASSWORD')
    expect(loadConfig({ ...same, PREVIEW_PASSWORD: 'another secret' }).PREVIEW_PASSWORD).toBe('another secret')
    expect(loadConfig({ PREVIEW_PASSWORD: 'a previewer secret' }).ADMIN_PASSWORD).toBeUndefined()
  })

  test('mail: off without SMTP_URL; sender and hiring address default to the careers address; no line breaks', () => {
    expect(loadConfig({}).APPLICATION_RETENTION_DAYS).toBe(365)
    expect(mailSettings(loadConfig({}))).toBeNull()
    expect(mailSettings(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }))).toEqual({
      smtpUrl: 'smtp://mail.example.com:587',
      from: '"Kindlewave Studios Careers" <careers@kindlewave.studio>',
      hiringEmail: 'careers@kindlewave.studio',
      domain: 'kindlewave.studio',
    })
    expect(
      mailSettings(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'Jobs <jobs@studio.example>' }))
        ?.domain,
    ).toBe('studio.example')
    for (const env of [
      { SMTP_URL: 'http://mail.example.com' },
      { MAIL_FROM: 'jobs@studio.example\r\nBcc: x@evil.example' },
      { HIRING_EMAIL: 'a@studio.example\nb@evil.example' },
      { APPLICATION_RETENTION_DAYS: '0' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError)
    }
  })
})

describe('TEST_NOW', () => {
  test('starts the server clock at that instant, running on at the real pace', () => {
    let real = 1_000_000
    const clock = serverClock(loadConfig({ NODE_ENV: 'test', TEST_NOW: '2027-01-01T12:00:00Z' }), () => real)
    expect(clock()).toBe(Date.parse('2027-01-01T12:00:00Z'))
    real += 5000
    expect(clock()).toBe(Date.parse('2027-01-01T12:00:05Z'))
    expect(serverClock(loadConfig({}), () => real)()).toBe(real)
  })

  test('is refused outside tests, and when it is not a UTC instant', () => {
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, TEST_NOW: '2027-01-01T12:00:00Z' })).toThrow(TEST_NOW_OUTSIDE_TESTS)
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_NOW: 'tomorrow' })).toThrow(ConfigError)
  })
})
