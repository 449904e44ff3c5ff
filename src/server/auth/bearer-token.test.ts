import { expect, test } from 'bun:test'
import { hasBearerToken } from './bearer-token'

const TOKEN = 'a-long-enough-metrics-token'
const withAuthorization = (value?: string) =>
  new Request('http://localhost/metrics', value === undefined ? {} : { headers: { authorization: value } })

test('only the exact token, sent as a bearer token, is accepted', () => {
  expect(hasBearerToken(withAuthorization(`Bearer ${TOKEN}`), TOKEN)).toBe(true)
  expect(hasBearerToken(withAuthorization(`bearer ${TOKEN}`), TOKEN)).toBe(true)
  for (const refused of [
    undefined,
    '',
    'Bearer',
    'Bearer ',
    `Bearer ${TOKEN.slice(0, -1)}`,
    `Bearer ${TOKEN}x`,
    `Bearer ${TOKEN} extra`,
    TOKEN,
    `Basic ${TOKEN}`,
  ])
    expect([refused, hasBearerToken(withAuthorization(refused), TOKEN)]).toEqual([refused, false])
})
