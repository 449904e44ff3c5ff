import { createTestApp } from './tests/support/test-app'
const t = await createTestApp({ seed: true, trustProxy: true })
const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const pages = ['/', '/blog', '/jobs', '/blog/golf-cart-gamepass']
let n = 0
const req = () => { n++; return new Request('http://localhost/api/analytics/event', { method: 'POST', headers: { origin: 'http://localhost', 'content-type': 'application/json', 'user-agent': ua, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }, body: JSON.stringify({ event: 'view', url: pages[n % 4], ...(n % 3 === 0 ? { referrer: 'https://discord.com/' } : {}) }) }) }
for (let i = 0; i < 2000; i++) await t.fetch(req())
await t.analytics.flush()
let s = performance.now()
for (let i = 0; i < 10000; i++) await t.fetch(req())
const answered = performance.now() - s
s = performance.now()
await t.analytics.flush()
const written = performance.now() - s
console.log(`answer µs ${(answered * 1000 / 10000).toFixed(1)}  write µs per event ${(written * 1000 / 10000).toFixed(1)}`)
t.close()
