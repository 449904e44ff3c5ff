import { expect, test } from 'bun:test'
import { markersWithDirection } from './marker-direction'

test('lists and toggles without a direction take their own; one with a direction, and other tags, are left as they are', () => {
  const html =
    '<ul><li>אחת</li></ul><ol start="2"><li>two</li></ol><ul dir="ltr"><li>x</li></ul><p>ul</p><ulx></ulx>' +
    '<details><summary>מתי?</summary><p>בשמונה.</p></details>'
  const once = markersWithDirection(html)
  expect(once).toBe(
    '<ul dir="auto"><li>אחת</li></ul><ol dir="auto" start="2"><li>two</li></ol><ul dir="ltr"><li>x</li></ul><p>ul</p><ulx></ulx>' +
      '<details dir="auto"><summary>מתי?</summary><p>בשמונה.</p></details>',
  )
  expect(markersWithDirection(once)).toBe(once)
})
