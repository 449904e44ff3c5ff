import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { unzipSync, zipSync } from 'fflate'
import { type RunningServer, startServer } from '../e2e/support/server'
import { tinyDocx, tinyPdf, zipBombDocx } from '../support/documents'
import { largeBlogDatabase } from '../support/large-blog'
import { rawRequest } from '../support/raw-http'
import { median, memoryMB, type Samples, startBystander } from './bystander'

/**
 * What a stranger without an account can send, against the real server process, each while a bystander
 * (bystander-probe.ts, a process of its own) asks `/healthz` and the cached home page every 50 ms: a zip
 * bomb résumé and a stream of them, 60 résumés of 10 MB at once from one address, and, on a blog of
 * 10,000 posts, four connections of new JSON searches and four of `/rss.xml`. The server runs as in a
 * container with a 1 GiB memory limit (as in unique-urls.load.test.ts).
 */
const CONTAINER_MEMORY_BYTES = 1024 ** 3
const QUIET_MS = 2000
const FLOOD_MS = 4000
const BYSTANDER_PATHS = ['/healthz', '/']

/** Words of one or two letters, picked at random: a search of them reads most of the index. */
const shortWords = () =>
  Array.from({ length: 6 }, () =>
    'abcdefghilmnoprstu'.slice(Math.random() * 17).slice(0, 1 + (Math.random() < 0.5 ? 1 : 0)),
  ).join(' ')

/** How many answers of each status. */
const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

/** The bystander's medians in the quiet and during the flood, per path, printed for the log. */
function medians(name: string, sets: Record<string, Samples[]>) {
  const result = Object.fromEntries(
    BYSTANDER_PATHS.map((path) => {
      const [quiet, flood] = sets[path]!
      return [path, { quiet: median(quiet!.ms), flood: median(flood!.ms), failures: flood!.failures }]
    }),
  )
  console.log(`${name}: bystander medians (ms) ${JSON.stringify(result)}`)
  return result
}

/** Runs `connection` on `count` connections for FLOOD_MS, while the bystander measures; its medians. */
async function flood(
  server: RunningServer,
  name: string,
  count: number,
  connection: (stop: () => boolean) => Promise<void>,
) {
  // Warm: the home page is in the page cache before the quiet is measured.
  await (await fetch(`${server.url}/`)).arrayBuffer()
  const bystander = startBystander(server.url, BYSTANDER_PATHS)
  await Bun.sleep(QUIET_MS)
  bystander.mark()
  const until = Date.now() + FLOOD_MS
  await Promise.all(Array.from({ length: count }, () => connection(() => Date.now() > until)))
  return medians(name, await bystander.stop())
}

describe('résumé uploads', () => {
  let server: RunningServer
  let jobId: number
  beforeAll(async () => {
    server = await startServer({
      NODE_ENV: 'production',
      WARM_UP: 'true',
      TRUST_PROXY: 'true',
      BUN_JSC_forceRAMSize: String(CONTAINER_MEMORY_BYTES),
    })
    jobId = ((await (await fetch(`${server.url}/api/jobs`)).json()) as { id: number }[])[0]!.id
  })
  afterAll(() => server?.stop())

  const apply = (client: string, file: Uint8Array<ArrayBuffer>, name: string) => {
    const form = new FormData()
    for (const [key, value] of Object.entries({
      jobId: String(jobId),
      fullName: 'Z',
      email: 'z@example.com',
      coverLetter: 'Z',
    }))
      form.append(key, value)
    form.append('resume', new File([file], name))
    return fetch(`${server.url}/api/job-applications`, {
      method: 'POST',
      headers: { origin: server.url, 'x-forwarded-for': client },
      body: form,
    })
  }

  test('zip bomb résumés, four in a row and then a stream of them, are refused and leave the site responsive', async () => {
    const bomb = zipBombDocx()
    const statuses: number[] = []
    let client = 0
    const result = await flood(server, 'zip bombs', 2, async (stop) => {
      while (!stop()) {
        // Four in a row from each address: the fifth would be refused by the rate limit before reading.
        const address = `198.51.100.${++client % 250}`
        for (let i = 0; i < 4 && !stop(); i++) {
          const res = await apply(address, bomb, 'cv.docx')
          await res.arrayBuffer()
          statuses.push(res.status)
        }
      }
    })
    console.log(`zip bombs: ${statuses.length} sent, ${JSON.stringify(tally(statuses))}`)
    expect(statuses.length).toBeGreaterThanOrEqual(8)
    expect(new Set(statuses)).toEqual(new Set([415]))
    for (const path of BYSTANDER_PATHS) {
      expect(result[path]!.flood).toBeLessThan(20)
      expect(result[path]!.failures).toBe(0)
    }
  }, 60_000)

  test('60 résumés of 10 MB at once from one address: refused from their headers, memory stays bounded', async () => {
    const file = new Uint8Array(10 * 1024 * 1024 - 1024)
    file.set(tinyPdf())
    const boundary = 'stranger-boundary'
    const fields = { jobId: String(jobId), fullName: 'Z', email: 'z@example.com', coverLetter: 'Z' }
    const head = new TextEncoder().encode(
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    )
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
    const body = Buffer.concat([head, file, tail])
    const { host } = new URL(server.url)
    const request = Buffer.concat([
      Buffer.from(
        `POST /api/job-applications HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.url}\r\nX-Forwarded-For: 203.0.113.60\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.byteLength}\r\nConnection: close\r\n\r\n`,
      ),
      body,
    ])
    const pid = server.process.pid
    const before = memoryMB(pid)
    let highest = before.rss
    const sampler = setInterval(() => (highest = Math.max(highest, memoryMB(pid).rss)), 20)
    const answers = await Promise.all(Array.from({ length: 60 }, () => rawRequest(server.url, request, 30_000)))
    clearInterval(sampler)
    const statuses = answers.map((answer) => answer.status)
    const counts = tally(statuses)
    console.log(`60 uploads: ${JSON.stringify(counts)}; RSS before ${before.rss} MB, highest ${highest} MB`)
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(55)
    expect(statuses.every((status) => [201, 429, 503].includes(status))).toBe(true)
    expect(highest).toBeLessThan(400)
  }, 120_000)

  test('20 DOCX résumés of 10 MB at once from 20 addresses: read a few at a time, memory stays bounded', async () => {
    // A document of pictures: a stored entry of bytes no compressor shrinks, as photos are.
    const photo = new Uint8Array(10 * 1024 * 1024 - 64 * 1024)
    for (let at = 0; at < photo.length; at += 65_536) crypto.getRandomValues(photo.subarray(at, at + 65_536))
    const docx = zipSync({ ...unzipSync(tinyDocx()), 'word/media/image1.jpeg': [photo, { level: 0 }] })
    const pid = server.process.pid
    const before = memoryMB(pid)
    let highest = before.rss
    const sampler = setInterval(() => (highest = Math.max(highest, memoryMB(pid).rss)), 20)
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await apply(`192.0.2.${i + 1}`, docx, 'cv.docx').catch(() => null)
        await res?.arrayBuffer()
        return res?.status ?? 0
      }),
    )
    clearInterval(sampler)
    console.log(
      `20 DOCX from 20 addresses: ${JSON.stringify(tally(statuses))}; RSS before ${before.rss} MB, highest ${highest} MB`,
    )
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true)
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0)
    expect(highest).toBeLessThan(400)
  }, 120_000)
})

describe('a blog of 10,000 posts', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer(
      { NODE_ENV: 'production', WARM_UP: 'true', DATABASE_URL: await largeBlogDatabase(10_000) },
      { readyWithinMs: 60_000 },
    )
  }, 120_000)
  afterAll(() => server?.stop())

  /** The bystander's medians during the flood stay within twice the quiet ones. */
  const withinTwice = (result: Record<string, { quiet: number; flood: number; failures: number }>) => {
    for (const path of BYSTANDER_PATHS) {
      expect(result[path]!.failures).toBe(0)
      expect(result[path]!.flood).toBeLessThanOrEqual(2 * result[path]!.quiet)
    }
  }

  test('four connections of new JSON searches leave other visitors as fast as before', async () => {
    const statuses: number[] = []
    let n = 0
    const result = await flood(server, 'JSON searches', 4, async (stop) => {
      while (!stop()) {
        // New every time: a limit never asked before, or short words never searched before, which match
        // thousands of posts each (the costliest searches there are, about 100 ms each at 10,000 posts).
        const i = ++n
        const query = i % 2 ? `q=donation&limit=${(i % 99) + 1}` : `q=${encodeURIComponent(shortWords())}`
        const res = await fetch(`${server.url}/api/blog/search?${query}`, { headers: { accept: 'application/json' } })
        await res.arrayBuffer()
        statuses.push(res.status)
      }
    })
    console.log(`JSON searches: ${statuses.length} sent, ${JSON.stringify(tally(statuses))}`)
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0)
    withinTwice(result)
  }, 60_000)

  test('four connections on /rss.xml leave other visitors as fast as before', async () => {
    const statuses: number[] = []
    const result = await flood(server, '/rss.xml', 4, async (stop) => {
      while (!stop()) {
        const res = await fetch(`${server.url}/rss.xml`, { headers: { 'accept-encoding': 'br' } })
        await res.arrayBuffer()
        statuses.push(res.status)
      }
    })
    console.log(`/rss.xml: ${statuses.length} sent`)
    expect(new Set(statuses)).toEqual(new Set([200]))
    withinTwice(result)
  }, 60_000)
})
