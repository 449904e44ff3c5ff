import { expect, test } from 'bun:test'
import { createAnswerLog, type RequestLogging } from './answer-log'
import type { Logger } from './logger'

function logged(logRequests: RequestLogging) {
  const lines: { message: string; fields?: Record<string, unknown> }[] = []
  const push = (message: string, fields?: Record<string, unknown>) => lines.push({ message, fields })
  const logger: Logger = { debug: push, info: push, warn: push, error: push }
  const answered = createAnswerLog({ logger, logRequests, clientOf: () => '192.0.2.1', cacheOutcome: () => 'hit' })
  const request = (path: string) => new Request(`http://localhost${path}`)
  // Three answers from memory (the front door) and one from the framework.
  answered(request('/blog'), '/blog', '/blog', 200, 0.1, 'a', { source: 'page' })
  answered(request('/blog'), '/blog', '/blog', 304, 0.1, 'b', { source: 'page' })
  answered(request('/'), '/', '/', 200, 0.1, 'c', { source: 'page' })
  answered(request('/api/blog'), '/api/blog', '/api/blog', 200, 2, 'd')
  // A page's analytics beacon: its own line would record each page view's client and user agent.
  answered(request('/api/analytics/event'), '/api/analytics/event', '/api/analytics/event', 204, 0.2, 'e')
  answered.flush()
  return lines
}

test('by default, answers from memory and analytics beacons are summed up in one line; every other answer has its own', () => {
  const lines = logged('true')
  expect(lines.map((line) => line.message)).toEqual(['request', 'answered from memory'])
  expect(lines[0]!.fields).toMatchObject({ path: '/api/blog', status: 200, requestId: 'd' })
  expect(lines[1]!.fields).toMatchObject({ answers: 4, statuses: { 200: 2, 204: 1, 304: 1 } })
})

test("'all' writes a line for every answer, 'false' none", () => {
  expect(logged('all').map((line) => line.fields?.requestId)).toEqual(['a', 'b', 'c', 'd', 'e'])
  expect(logged('false')).toEqual([])
})

test('nothing to sum up writes no summary line', () => {
  const lines: string[] = []
  const logger: Logger = { debug() {}, info: (message) => lines.push(message), warn() {}, error() {} }
  createAnswerLog({ logger, logRequests: 'true', clientOf: () => '', cacheOutcome: () => undefined }).flush()
  expect(lines).toEqual([])
})
