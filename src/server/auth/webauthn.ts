/**
 * @simplewebauthn/server, loaded with the first passkey request rather than with the server: with its ASN.1
 * and metadata polyfills it took every start some 35 ms of the bundle's evaluation, for a sign-in few use.
 */
let loading: Promise<typeof import('@simplewebauthn/server')> | null = null

export const webauthn = () => {
  loading ??= import('@simplewebauthn/server')
  return loading
}
