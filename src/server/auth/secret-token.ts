/** A fresh 256-bit secret for a link or a cookie, URL-safe. */
export const newSecretToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')

/** What is stored of a secret token: its SHA-256, so a copy of the database opens nothing. */
export const hashSecretToken = (token: string) => new Bun.CryptoHasher('sha256').update(token).digest('hex')
