import { describe, expect, test } from 'bun:test'
import { coverVideoSize } from './cover-video-size'

const video = { width: 1280, height: 720 }

describe('coverVideoSize', () => {
  test('a landscape desktop is covered edge to edge', () => {
    const size = coverVideoSize(video, { width: 1440, height: 900 })
    expect(size.minWidth).toBeGreaterThanOrEqual(1440)
    expect(size.minHeight).toBeGreaterThanOrEqual(810)
    expect(size.minWidth).toBe(1600)
  })

  test('a portrait phone needs the video much wider than the screen', () => {
    const size = coverVideoSize(video, { width: 390, height: 844 })
    expect(size.minHeight).toBeGreaterThanOrEqual(844)
    expect(size.minWidth).toBeGreaterThan(390 * 3)
  })

  test('very small screens zoom a little more than tablets', () => {
    const small = coverVideoSize(video, { width: 360, height: 640 })
    const tablet = coverVideoSize(video, { width: 700, height: 640 })
    expect(small.minWidth / (640 * (16 / 9))).toBeCloseTo(1.15, 2)
    expect(tablet.minWidth / Math.max(700, 640 * (16 / 9))).toBeCloseTo(1.1, 2)
  })

  test('before metadata loads a 16:9 video is assumed', () => {
    expect(coverVideoSize({ width: 0, height: 0 }, { width: 1280, height: 720 })).toEqual({
      minWidth: 1280,
      minHeight: 720,
    })
  })
})
