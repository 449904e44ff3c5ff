import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import type { PostDetail } from '../../shared/blog'

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2030, 6, 1, 10) })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

test('a Hebrew post reads right to left: its title, card, excerpt, lists and toggles take their direction from their letters', async () => {
  const post = await admin.json<PostDetail>('POST', '/api/blog', {
    title: 'גרסה 2.0 יצאה',
    excerpt: 'מה חדש, בקצרה.',
    content:
      '<p dir="rtl">שלום, עולם.</p><p>English too.</p><ul><li>אחת</li><li>שתיים</li></ul><details><summary>מתי?</summary><p>בשמונה.</p></details>',
    status: 'published',
  })
  expect(post.slug).toBe(`post-${post.id}`)
  expect(post.content).toContain('<ul><li>אחת</li>')
  const page = await (await t.request(`/blog/${post.slug}`)).text()
  expect(page).toContain('<h1 class="post__title" dir="auto">גרסה 2.0 יצאה</h1>')
  expect(page).toContain('<p dir="rtl">שלום, עולם.</p><p>English too.</p>')
  // A list's bullets and a toggle's arrow go on the side their own words start from.
  expect(page).toContain('<ul dir="auto"><li>אחת</li><li>שתיים</li></ul><details dir="auto"><summary>מתי?</summary>')
  const blog = await (await t.request('/blog')).text()
  expect(blog).toContain('<h3 class="post-card__title" dir="auto">גרסה 2.0 יצאה</h3>')
  expect(blog).toContain('<p class="post-card__excerpt" dir="auto">מה חדש, בקצרה.</p>')
})

test('a post page says how long it takes to read, in the server HTML', async () => {
  const words = Array.from({ length: 700 }, (_, n) => `word${n}`).join(' ')
  const post = await admin.json<PostDetail>('POST', '/api/blog', {
    title: 'A long read',
    content: `<p>${words}</p>`,
    status: 'published',
  })
  expect(await (await t.request(`/blog/${post.slug}`)).text()).toContain('<p class="post__reading-time">3 min read</p>')
})
