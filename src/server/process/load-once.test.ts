import { expect, test } from 'bun:test'
import { loadOnce, requireOnce } from './load-once'

test('a load that succeeded is kept: later calls share it and load nothing again', async () => {
  let loads = 0
  const load = loadOnce(async () => ({ made: ++loads }))
  const [first, second] = await Promise.all([load(), load()])
  expect(first).toBe(second)
  expect(await load()).toBe(first)
  expect(loads).toBe(1)
})

test('a load that failed is not kept: the next call tries again and can succeed', async () => {
  let loads = 0
  const load = loadOnce(async () => {
    loads++
    if (loads === 1) throw new Error('EMFILE: too many open files')
    return 'loaded'
  })
  await expect(load()).rejects.toThrow('EMFILE')
  expect(await load()).toBe('loaded')
  expect(loads).toBe(2)
})

test('a require that failed is tried again on the next call; one that succeeded is kept', () => {
  let requires = 0
  const load = requireOnce(() => {
    requires++
    if (requires === 1) throw new Error('EMFILE: too many open files')
    return { required: requires }
  })
  expect(() => load()).toThrow('EMFILE')
  const loaded = load()
  expect(load()).toBe(loaded)
  expect(requires).toBe(2)
})
