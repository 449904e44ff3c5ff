import { describe, expect, test } from 'bun:test'
import {
  ConfigError,
  loadConfig,
  PREVIEW_PASSWORD_IS_ADMIN_PASSWORD,
  serverClock,
  TEST_NOW_OUTSIDE_TESTS,
} from './config'

describe('loadConfig', () => {
  test('applies the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'file:data/site.db',
      LOG_REQUESTS: 'true',
    })
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
