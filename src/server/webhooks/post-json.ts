import { type LookupAddress, lookup } from 'node:dns'
import { WEBHOOK_MESSAGES } from '../../shared/webhooks'
import { isPublicAddress } from './target-guard'

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void

/**
 * The name resolved for the connection itself, refused unless every address is public: the address checked
 * is the one connected to, so a name that resolves elsewhere a moment later (DNS rebinding) gains nothing.
 */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) =>
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '')
      if (!allowPrivate && !addresses.every((found) => isPublicAddress(found.address)))
        return callback(new Error(WEBHOOK_MESSAGES.privateTarget), '')
      if (options.all) return callback(null, addresses)
      const [first] = addresses
      return first
        ? callback(null, first.address, first.family)
        : callback(new Error(WEBHOOK_MESSAGES.unresolvable), '')
    })
}

/**
 * POSTs a body and resolves with the answer's status (its body read and dropped), within `timeoutMs` in all;
 * redirects are answers like any other, never followed. Node's HTTP client is loaded with the first delivery,
 * not at start: only a site with webhooks needs it.
 */
export async function postJson(
  url: string,
  {
    headers,
    body,
    timeoutMs,
    allowPrivate,
  }: { headers: Record<string, string>; body: string; timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  const target = new URL(url)
  const client = target.protocol === 'https:' ? await import('node:https') : await import('node:http')
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate) as unknown as typeof lookup,
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    const deadline = setTimeout(() => request.destroy(new Error('no answer in time')), timeoutMs)
    request.on('close', () => clearTimeout(deadline))
    request.on('error', reject)
    request.end(body)
  })
}
