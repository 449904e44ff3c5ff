/**
 * Load figures for the production server against the limit (limit-server.ts) in the same run: req/s,
 * ratio to the limit, latency, server CPU per request and RSS per route, a cached media file and the
 * JSON API among them, then rows where every request carries a query never sent before; plus cold start,
 * an upload and a soak over the public routes.
 */
import { type BenchServer, peakRssMB, rssMB, startLimit, startSite } from './processes'
import { recordResponse } from './replay'
import { type BenchRoute, measureRoute, type RouteRow } from './rounds'
import { benchUpload, type UploadFigures } from './upload'
import { runWrk } from './wrk'

export const SERVERS = {
  limit: 'limit (Bun.serve, same bytes)',
  site: 'site, default logging',
  quiet: 'site, logging off',
}
const ADMIN_PASSWORD = 'bench-password-1'

export interface SoakFigures {
  seconds: number
  requests: number
  errors: number
  status4xx5xx: number
  rssStartMB: number
  rssEndMB: number
}

export interface LoadFigures {
  roundsPerRoute: number
  secondsPerRound: number
  coldStartMs: { site: number; limit: number }
  upload: UploadFigures
  routes: RouteRow[]
  soak: SoakFigures | null
  /** The site's highest RSS over the whole run (VmHWM). */
  sitePeakRssMB: number
  /** What the default request log wrote to stdout over the run. */
  siteLogMB: number
}

/** 64 connections going round the public routes of the site for `seconds`. */
async function soak(site: BenchServer, paths: string[], seconds: number): Promise<SoakFigures> {
  const rssStart = rssMB(site.pid)
  const run = await runWrk(`${site.url}/`, seconds, 'cycle', paths)
  return {
    seconds,
    requests: run.requests,
    errors: run.errors,
    status4xx5xx: run.status4xx5xx,
    rssStartMB: Math.round(rssStart),
    rssEndMB: Math.round(rssMB(site.pid)),
  }
}

export async function benchLoad(rounds: number, seconds: number, soakSeconds: number): Promise<LoadFigures> {
  const site = await startSite(SERVERS.site, { LOG_REQUESTS: 'true', ADMIN_PASSWORD })
  const servers: BenchServer[] = [site]
  try {
    servers.push(await startSite(SERVERS.quiet, { LOG_REQUESTS: 'false', ADMIN_PASSWORD }))
    const { upload, mediaUrl } = await benchUpload(site.url, ADMIN_PASSWORD)
    const blog = await (await fetch(`${site.url}/blog`)).text()
    const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1]
    if (!post) throw new Error('No post is linked from /blog')
    const sites = [SERVERS.site]
    const cached: BenchRoute[] = [
      { name: 'home', path: '/', sites },
      { name: 'blog', path: '/blog', sites: [SERVERS.site, SERVERS.quiet] },
      { name: 'post', path: post, sites },
      { name: 'jobs', path: '/jobs', sites },
      { name: 'media file', path: mediaUrl, sites },
      { name: 'api list', path: '/api/blog', sites },
    ]
    // Every request a URL never asked before; last, so the figures above are not measured in a heap the
    // flood has grown.
    const misses: BenchRoute[] = [
      { name: 'blog search, a new query each time', path: '/blog?q=', unique: true, sites },
      // The home page reads no query parameter, so its canonical URL is `/`: these are cache hits by design.
      { name: 'home, a new utm_source each time', path: '/?utm_source=', unique: true, sites },
    ]
    // Asked twice, so the second answer (the one recorded) is the cached one where there is a cache.
    for (const route of cached) {
      for (const server of servers) await (await fetch(`${server.url}${route.path}`)).arrayBuffer()
    }
    const recorded = []
    for (const route of [...cached, ...misses]) {
      const response = await recordResponse(`${site.url}${route.path}${route.unique ? 'bench-sample' : ''}`)
      if (response.status !== 200) throw new Error(`${route.path} answered ${response.status}`)
      recorded.push(response)
    }
    const limit = await startLimit(SERVERS.limit, recorded)
    servers.push(limit)

    const rows: RouteRow[] = []
    for (const route of cached) rows.push(...(await measureRoute(route, limit, servers, rounds, seconds)))
    const soakFigures =
      soakSeconds > 0
        ? await soak(
            site,
            cached.map((route) => route.path),
            soakSeconds,
          )
        : null
    for (const route of misses) rows.push(...(await measureRoute(route, limit, servers, rounds, seconds)))
    return {
      roundsPerRoute: rounds,
      secondsPerRound: seconds,
      coldStartMs: { site: site.coldStartMs, limit: limit.coldStartMs },
      upload,
      routes: rows,
      soak: soakFigures,
      sitePeakRssMB: Math.round(peakRssMB(site.pid)),
      siteLogMB: Math.round(site.logBytes() / 1024 / 102.4) / 10,
    }
  } finally {
    for (const server of servers) await server.stop()
  }
}
