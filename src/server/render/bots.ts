/**
 * Crawlers, link unfurlers and command-line clients get the complete document in one piece; browsers
 * get the shell as soon as it is ready.
 */
const BOT_PATTERN =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|discord|skype|vkshare|pinterest|lighthouse|curl|wget|httpie|python-requests|go-http-client/i

export function wantsCompleteDocument(userAgent: string | null): boolean {
  return !userAgent || BOT_PATTERN.test(userAgent)
}
