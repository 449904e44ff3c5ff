import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()

/** Flags of authenticator data: the user was present (UP) and verified (UV); AT: a credential follows. */
const PRESENT_AND_VERIFIED = 0x05
const WITH_CREDENTIAL = 0x45

/**
 * A passkey authenticator in software (ES256, attestation "none"), answering the server's WebAuthn
 * challenges as a browser's platform authenticator would, for API tests. Browser journeys use Chromium's
 * virtual authenticator instead.
 */
export function softwarePasskey(rpId: string, origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
  const credentialId = randomBytes(16)
  const id = base64url(credentialId)
  let counter = 0
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

  return {
    id,
    /** The answer to registration options (`navigator.credentials.create`). */
    register(challenge: string) {
      const coseKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x, 'base64url')],
          [-3, Buffer.from(jwk.y, 'base64url')],
        ]),
      )
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const authenticatorData = Buffer.concat([
        sha256(rpId),
        Buffer.from([WITH_CREDENTIAL]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey,
      ])
      const attestation = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authenticatorData],
        ]) as never,
      )
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', challenge)),
          attestationObject: base64url(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }
    },
    /** The answer to sign-in options (`navigator.credentials.get`), for the person `userHandle` names. */
    authenticate(challenge: string, userHandle: string) {
      counter++
      const signCount = Buffer.alloc(4)
      signCount.writeUInt32BE(counter)
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([PRESENT_AND_VERIFIED]), signCount])
      const data = clientData('webauthn.get', challenge)
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(data)]), {
        key: privateKey,
        dsaEncoding: 'der',
      })
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(data),
          authenticatorData: base64url(authenticatorData),
          signature: base64url(signature),
          userHandle: base64url(Buffer.from(userHandle)),
        },
        clientExtensionResults: {},
      }
    },
  }
}
