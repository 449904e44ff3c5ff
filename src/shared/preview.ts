/** What the previewer page needs to check its password in the browser: never the password itself. */
export interface PreviewGate {
  configured: boolean
  /** Hex SHA-256 of the password. */
  digest: string | null
  hint: string | null
}

export const PREVIEW_MESSAGES = {
  wrongPassword: 'Incorrect password!',
  titleRequired: 'Please enter a blog title first!',
  htmlCopied: 'HTML content copied to clipboard!',
  snippetCopied: 'Code snippet copied to clipboard!',
  copyFailed: 'Copy failed',
  copyRefused: 'The browser did not allow access to the clipboard.',
} as const

export async function sha256Hex(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}
