/**
 * What the previewer page needs to check its password in the browser: never the password itself, only a
 * salted slow hash of it (PBKDF2-SHA-256), so that each guess against the page source costs what it costs
 * the browser. The salt is random per deployment (one per database).
 */
export type PreviewerGate =
  | { configured: false; digest: null; hint: null }
  | {
      configured: true
      /** Hex, random per deployment. */
      salt: string
      iterations: number
      /** Hex PBKDF2-SHA-256 of the password with `salt` and `iterations` (see `derivePreviewerDigest`). */
      digest: string
      hint: string | null
    }

/** OWASP's figure for PBKDF2-HMAC-SHA-256: tens of milliseconds per guess in a browser. */
export const PREVIEWER_PBKDF2_ITERATIONS = 600_000
const DIGEST_BITS = 256

export const PREVIEWER_MESSAGES = {
  wrongPassword: 'Incorrect password!',
  titleRequired: 'Please enter a blog title first!',
  htmlCopied: 'HTML content copied to clipboard!',
  snippetCopied: 'Code snippet copied to clipboard!',
  copyFailed: 'Copy failed',
  copyRefused: 'The browser did not allow access to the clipboard.',
} as const

/** The gate's check value, through WebCrypto so the server and the browser run the same code. */
export async function derivePreviewerDigest(password: string, saltHex: string, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: hexToBytes(saltHex), iterations },
    key,
    DIGEST_BITS,
  )
  return [...new Uint8Array(bits)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) throw new Error('The previewer salt is not hex')
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
}
