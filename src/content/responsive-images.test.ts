import { expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { merchandise } from './home'
import { bundledImageSize, imageSources } from './responsive-images'
import { seedPosts } from './seed-posts'

const publicFile = (url: string) => join(import.meta.dir, '..', '..', 'public', url)

test('every seeded featured image has an 800 px variant that exists, listed in srcset', () => {
  for (const post of seedPosts) {
    const sources = imageSources(post.featuredImage!, '100vw')
    expect(sources.srcSet).toBeDefined()
    const small = sources.srcSet!.split(',')[0]!.trim().split(' ')[0]!
    expect(existsSync(publicFile(small))).toBe(true)
  }
})

test('the merchandise photos have 400 px variants that exist', () => {
  for (const photo of merchandise.photos) {
    const small = imageSources(photo.src, '50vw').srcSet!.split(',')[0]!.trim().split(' ')[0]!
    expect(small).not.toBe(photo.src)
    expect(existsSync(publicFile(small))).toBe(true)
  }
})

test('images without a variant are used as they are', () => {
  expect(imageSources('https://example.com/a.webp', '100vw')).toEqual({ src: 'https://example.com/a.webp' })
})

test('the declared sizes of bundled images are their real sizes', async () => {
  for (const src of [
    ...seedPosts.map((post) => post.featuredImage!),
    ...merchandise.photos.map((photo) => photo.src),
  ]) {
    const { width, height } = await sharp(publicFile(src)).metadata()
    expect(bundledImageSize(src)).toEqual({ width: width!, height: height! })
  }
  expect(bundledImageSize('https://example.com/a.webp')).toBeNull()
})
