/** A fresh nonce for every response: the only inline scripts allowed are the ones rendered with it. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Buffer.from(bytes).toString('base64')
}

/** `inlineScripts` allows the page's inline scripts: a `'nonce-…'` when streamed, `'sha256-…'` hashes when cached. */
export function contentSecurityPolicy(inlineScripts: string): string {
  return [
    "default-src 'self'",
    `script-src 'self'${inlineScripts ? ` ${inlineScripts}` : ''}`,
    // React's style props and the rich-text editor set inline styles.
    "style-src 'self' 'unsafe-inline'",
    // blob: for previews of pictures chosen for upload, before they are sent.
    "img-src 'self' data: blob: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    'frame-src https:',
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/** Files run no inline script, so their policy needs no nonce: the same bytes for every response. */
export const FILE_CONTENT_SECURITY_POLICY = contentSecurityPolicy('')

export function securityHeaders(nonce: string, production: boolean): Record<string, string> {
  return { 'content-security-policy': contentSecurityPolicy(`'nonce-${nonce}'`), ...fixedSecurityHeaders(production) }
}

/** Every security header but the CSP: the whole set for answers that bring their own (files, cached pages). */
export function fixedSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(production ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  }
}

/**
 * A stored file's headers (public, built or uploaded): its own, the security headers every answer carries
 * (`answerHeaders`), and the file CSP.
 */
export function fileHeaders(own: Record<string, string>, answerHeaders: Record<string, string>): Headers {
  return new Headers({ ...own, ...answerHeaders, 'content-security-policy': FILE_CONTENT_SECURITY_POLICY })
}
