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
