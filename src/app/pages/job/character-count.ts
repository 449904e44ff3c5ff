/**
 * A field's character counter: what it shows, and what it tells a screen reader. The shown count
 * changes with every key; the announcement changes only when the text comes near the limit (at two
 * checkpoints), reaches it, or goes past it, so a screen reader is not read a number per keystroke.
 */

/** Within this many characters of the limit the counter starts to speak: a tenth of it, at least 5. */
export const nearLimit = (max: number) => Math.max(5, Math.ceil(max / 10))

const characters = (n: number) => `${n} ${n === 1 ? 'character' : 'characters'}`

export function remainingText(length: number, max: number): string {
  const remaining = max - length
  return remaining >= 0 ? `${characters(remaining)} left` : `${characters(-remaining)} over the limit`
}

export function limitAnnouncement(length: number, max: number): string {
  const remaining = max - length
  const near = nearLimit(max)
  if (remaining > near) return ''
  if (remaining < 0) return `Over the limit of ${characters(max)}`
  if (remaining === 0) return `Limit of ${characters(max)} reached`
  const half = Math.ceil(near / 2)
  return `${characters(remaining <= half ? half : near)} or fewer left`
}

export type CountState = 'ok' | 'near' | 'over'

export function countState(length: number, max: number): CountState {
  const remaining = max - length
  return remaining < 0 ? 'over' : remaining <= nearLimit(max) ? 'near' : 'ok'
}
