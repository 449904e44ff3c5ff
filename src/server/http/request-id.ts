/**
 * Names a response in the logs (`x-request-id`). A per-process random prefix and a counter: unique across
 * processes and restarts for all practical purposes, and far cheaper than a random UUID per request.
 */
const PROCESS_PREFIX = Buffer.from(crypto.getRandomValues(new Uint8Array(6))).toString('base64url')
let counter = 0

export function nextRequestId(): string {
  counter++
  return `${PROCESS_PREFIX}-${counter.toString(36)}`
}
