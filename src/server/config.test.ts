import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig } from './config'

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
})
