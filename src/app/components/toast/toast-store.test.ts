import { expect, test } from 'bun:test'
import { createToastStore } from './toast-store'

test('toasts appear, keep the newest three, and close by themselves or on dismiss', async () => {
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

test('a toast closes after its duration', async () => {
  const store = createToastStore()
  store.show({ title: 'Soon gone', duration: 10 })
  await Bun.sleep(30)
  expect(store.getSnapshot()).toEqual([])
})
