import { expect, test } from 'bun:test'
import { MutationObserver } from '@tanstack/react-query'
import { WRITE_UNCONFIRMED_STATUS } from '../shared/write-outcome'
import { ApiError } from './data/api-request'
import { createBrowserQueryClient } from './query-client'

const attemptsUntilSettled = async (failure: Error) => {
  let attempts = 0
  const observer = new MutationObserver(createBrowserQueryClient(), {
    mutationFn: async () => {
      attempts++
      throw failure
    },
    retryDelay: 0,
  })
  await observer.mutate().catch(() => undefined)
  return attempts
}

test('a mutation refused by the server (a wrong password, a limit) is sent once; a lost connection is retried once', async () => {
  expect(await attemptsUntilSettled(new ApiError('The current password is not correct.', 401))).toBe(1)
  expect(await attemptsUntilSettled(new ApiError('Too many failed login attempts.', 429))).toBe(1)
  expect(await attemptsUntilSettled(new ApiError('Internal server error', 500))).toBe(2)
  expect(await attemptsUntilSettled(new TypeError('Failed to fetch'))).toBe(2)
})

test('a write the server could not confirm (504: the database stopped answering) is not sent again; a 503 refusal is', async () => {
  expect(await attemptsUntilSettled(new ApiError('may or may not have been saved', WRITE_UNCONFIRMED_STATUS))).toBe(1)
  expect(await attemptsUntilSettled(new ApiError("The site's database is not available right now.", 503))).toBe(2)
})
