import { expect, test } from 'bun:test'
import { loggablePath, loggableQuery, requestFields } from './request-log'

const token = 'ab'.repeat(24)

test("a draft link's token is cut from the path in any spelling", () => {
  expect(loggablePath(`/blog/preview/${token}`)).toBe('/blog/preview/[token]')
  expect(loggablePath(`/blog/preview/%61${token.slice(1)}`)).toBe('/blog/preview/[token]')
  expect(loggablePath('/blog/%E0%A4%A')).toBe('/blog/%E0%A4%A')
})

test("a newsletter link's secret is cut from the path, on the pages and in the API", () => {
  const secret = 'Zq3_kP-9xY2mW7vB4nR8tL1sH6jD0cF5gA2eU9iO3wQ'
  expect(loggablePath(`/subscribe/confirm/${secret}`)).toBe('/subscribe/confirm/[token]')
  expect(loggablePath(`/Subscribe/Unsubscribe/${secret}`)).toBe('/Subscribe/Unsubscribe/[token]')
  expect(loggablePath(`/api/subscribers/preferences/${secret}`)).toBe('/api/subscribers/preferences/[token]')
  expect(loggablePath('/subscribe/sent')).toBe('/subscribe/sent')
})

test('the query string is kept, without credentials or anything shaped like a token', () => {
  expect(loggableQuery('?q=golf&page=2')).toBe('q=golf&page=2')
  expect(loggableQuery('')).toBeUndefined()
  expect(loggableQuery('?')).toBeUndefined()
  expect(loggableQuery('?token=s3cret&access_key=k&Password=p&email=a%40b.c&q=x')).toBe(
    'token=%5Bredacted%5D&access_key=%5Bredacted%5D&Password=%5Bredacted%5D&email=%5Bredacted%5D&q=x',
  )
  expect(loggableQuery(`?next=/blog/preview/${token}`)).toBe('next=%2Fblog%2Fpreview%2F%5Btoken%5D')
  expect(loggableQuery(`?${token}=1`)).toBe('%5Btoken%5D=1')
  expect(loggableQuery(`?q=${'x'.repeat(5000)}`)?.length).toBe(1000)
})

test('a request line names the method, path, query, client and user agent', () => {
  const request = new Request(`http://localhost/blog?q=golf&session=abc#frag`, {
    headers: { 'user-agent': `Mozilla/5.0 ${'y'.repeat(1000)}` },
  })
  const fields = requestFields(request, '/blog', '203.0.113.7')
  expect(fields).toMatchObject({
    method: 'GET',
    path: '/blog',
    query: 'q=golf&session=%5Bredacted%5D',
    client: '203.0.113.7',
  })
  expect(fields.userAgent?.startsWith('Mozilla/5.0 yyy')).toBe(true)
  expect(fields.userAgent?.length).toBe(300)
  expect(requestFields(new Request('http://localhost/'), '/', 'unknown')).toMatchObject({
    query: undefined,
    userAgent: undefined,
  })
})

test('personal data stays out of request lines: emails anywhere, every value of an admin search', () => {
  expect(loggableQuery('?q=jane.doe@example.com&page=2')).toBe('q=%5Bemail%5D&page=2')
  const admin = new Request('http://localhost/api/admin/applications?q=Jane+Doe&status=new')
  expect(requestFields(admin, '/api/admin/applications', '203.0.113.9').query).toBe(
    'q=%5Bredacted%5D&status=%5Bredacted%5D',
  )
})
