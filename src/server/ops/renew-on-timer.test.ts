import { expect, test } from 'bun:test'
import { renewOnTimer } from './renew-on-timer'

/** A renewal that waits until the test lets it finish, counting how many began. */
function heldRenewal() {
  let began = 0
  let finish = () => {}
  const renew = () => {
    began++
    return new Promise<void>((resolve) => {
      finish = resolve
    })
  }
  return { renew, began: () => began, finish: () => finish() }
}

// The timer ticks once an hour in these tests: every run is one they asked for.
const HOUR = 3_600_000

test('again() runs at once when nothing is under way', async () => {
  let runs = 0
  const timer = renewOnTimer(
    async () => void runs++,
    HOUR,
    () => {},
  )
  await timer.again()
  expect(runs).toBe(1)
  await timer.stop()
})

test('again() during a renewal runs once more after it, however often it is asked', async () => {
  const held = heldRenewal()
  const timer = renewOnTimer(held.renew, HOUR, () => {})
  const first = timer.now()
  const asked = [timer.again(), timer.again()]
  expect(held.began()).toBe(1)
  held.finish()
  await first
  await Bun.sleep(0)
  expect(held.began()).toBe(2)
  held.finish()
  await Promise.all(asked)
  expect(held.began()).toBe(2)
  await timer.stop()
})

test('again() follows each run it is asked during, round after round', async () => {
  const held = heldRenewal()
  const timer = renewOnTimer(held.renew, HOUR, () => {})
  for (const round of [1, 2, 3]) {
    const under = timer.now()
    const asked = timer.again()
    held.finish()
    await under
    await Bun.sleep(0)
    expect(held.began()).toBe(round * 2)
    held.finish()
    await asked
  }
  await timer.stop()
})

test('a run under way that fails is still followed, and again() works after it', async () => {
  const errors: unknown[] = []
  let runs = 0
  let fail = () => {}
  const timer = renewOnTimer(
    () => {
      runs++
      return runs === 1 ? new Promise<void>((_, reject) => (fail = () => reject(new Error('down')))) : Promise.resolve()
    },
    HOUR,
    (error) => errors.push(error),
  )
  const under = timer.now().catch(() => undefined)
  const asked = [timer.again(), timer.again()]
  fail()
  await under
  await Promise.all(asked)
  expect(runs).toBe(2)
  // The failed run was its caller's to handle: again() tells only failures of the runs it starts.
  expect(errors).toEqual([])
  await timer.again()
  expect(runs).toBe(3)
  await timer.stop()
})

test('a failure of the run again() started is told to onError once, not thrown at each caller', async () => {
  const errors: unknown[] = []
  const held = heldRenewal()
  let runs = 0
  const timer = renewOnTimer(
    () => (++runs === 1 ? held.renew() : Promise.reject(new Error('down'))),
    HOUR,
    (error) => errors.push(error),
  )
  const under = timer.now()
  const asked = [timer.again(), timer.again(), timer.again()]
  held.finish()
  await under
  await Promise.all(asked)
  expect(runs).toBe(2)
  expect(errors.map((error) => (error as Error).message)).toEqual(['down'])
  await timer.stop()
})

test('after stop() nothing runs: neither the run again() asked for during a renewal nor a later again()', async () => {
  const held = heldRenewal()
  const timer = renewOnTimer(held.renew, HOUR, () => {})
  void timer.now()
  void timer.again()
  const stopped = timer.stop()
  held.finish()
  await stopped
  // Asked for before the stop, the second run is not begun after it.
  expect(held.began()).toBe(1)
  await timer.again()
  expect(held.began()).toBe(1)
})
