import { afterEach, beforeEach, expect, jest, test } from 'bun:test'
import { createToastStore } from './toast-store'

// The store's own timers, moved by hand: on a busy machine a real 20 ms sleep can run long enough for a
// toast to close before the test looks.
beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

test('toasts appear, keep the newest three, and close by themselves or on dismiss', () => {
  const store = createToastStore()
  let notified = 0
  store.subscribe(() => notified++)
  const first = store.show({ title: 'One', duration: 20 })
  store.show({ title: 'Two', variant: 'destructive' })
  store.show({ title: 'Three' })
  store.show({ title: 'Four' })
  expect(store.getSnapshot().map((t) => t.title)).toEqual(['Two', 'Three', 'Four'])
  expect(store.getSnapshot()[0]!.variant).toBe('destructive')
  expect(first).toBeGreaterThan(0)
  const id = store.getSnapshot()[1]!.id
  store.dismiss(id)
  expect(store.getSnapshot().map((t) => t.title)).toEqual(['Two', 'Four'])
  expect(notified).toBeGreaterThanOrEqual(5)
})

test('a toast closes after its duration', () => {
  const store = createToastStore()
  store.show({ title: 'Soon gone', duration: 10 })
  jest.advanceTimersByTime(9)
  expect(store.getSnapshot()).toHaveLength(1)
  jest.advanceTimersByTime(1)
  expect(store.getSnapshot()).toEqual([])
})

test('the same message raised again replaces its copy, newest last, its time started again; others still stack', () => {
  const store = createToastStore()
  const missing = { title: 'Missing Information', description: 'Please fill in all required fields.' }
  store.show({ ...missing, duration: 30 })
  store.show({ title: 'Submission Failed', description: 'Email must be a valid email address' })
  jest.advanceTimersByTime(20)
  store.show({ ...missing, duration: 30 })
  expect(store.getSnapshot().map((t) => t.title)).toEqual(['Submission Failed', 'Missing Information'])
  jest.advanceTimersByTime(20)
  // The first copy's timer would have closed it by now.
  expect(store.getSnapshot().map((t) => t.title)).toEqual(['Submission Failed', 'Missing Information'])
  jest.advanceTimersByTime(10)
  expect(store.getSnapshot().map((t) => t.title)).toEqual(['Submission Failed'])
  store.show({ ...missing, variant: 'destructive' })
  store.show({ title: 'Saved', action: { label: 'Undo', onClick: () => {} } })
  store.show({ title: 'Saved', action: { label: 'Undo', onClick: () => {} } })
  expect(store.getSnapshot().map((t) => t.title)).toEqual(['Missing Information', 'Saved', 'Saved'])
})
