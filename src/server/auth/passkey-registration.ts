import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { site } from '../../content/site'
import { PASSKEY_NAME_MAX_LENGTH } from '../../shared/staff'
import type { NewPasskey, PasskeyStore } from './passkeys'

/**
 * @simplewebauthn/server, evaluated with the first passkey call rather than at start: its certificate and
 * CBOR parsers took 40 ms of every start (bench: start-up, decision 0042), and most processes never use them.
 * Its certificate helpers import reflect-metadata for tsyringe, but a bundle holding them, evaluating them
 * late, ran tsyringe first ("tsyringe requires a reflect polyfill"): the polyfill is put in place before.
 * Both are read from node_modules, left out of the server bundle (scripts/first-use-packages.ts).
 */
export async function webauthn() {
  await import('reflect-metadata')
  return import('@simplewebauthn/server')
}

interface Person {
  id: number
  name: string
  email: string
}

/**
 * The registration of a passkey (WebAuthn, @simplewebauthn/server): options with a challenge remembered for
 * the person, then the authenticator's answer checked against it and stored. The relying party is the host
 * pages are served on (SITE_URL's, or the request's). Used from the Security tab and when joining the staff.
 */
export function passkeyRegistration(store: PasskeyStore, pageOrigin: (request: Request) => string) {
  const party = (request: Request) => {
    const origin = pageOrigin(request)
    return { origin, rpID: new URL(origin).hostname }
  }
  /**
   * Checks the answer to the person's own challenge: the passkey to keep, or null when it does not hold.
   * Joining from an invitation keeps it in the write that accepts the invitation.
   */
  async function check(
    request: Request,
    response: unknown,
    personId: number,
    label: string,
  ): Promise<NewPasskey | null> {
    const { origin, rpID } = party(request)
    const { verifyRegistrationResponse } = await webauthn()
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: (challenge) => store.consumeChallenge(challenge, 'register', personId),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => null)
    if (!verified?.verified || !verified.registrationInfo) return null
    const { credential } = verified.registrationInfo
    return {
      id: credential.id,
      staffId: personId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: label.trim().slice(0, PASSKEY_NAME_MAX_LENGTH) || 'Passkey',
    }
  }

  return {
    party,
    check,
    async options(request: Request, person: Person) {
      const { generateRegistrationOptions } = await webauthn()
      const options = await generateRegistrationOptions({
        rpName: site.name,
        rpID: party(request).rpID,
        userName: person.email || person.name,
        userDisplayName: person.name || person.email,
        userID: new TextEncoder().encode(`staff-${person.id}`),
        attestationType: 'none',
        excludeCredentials: (await store.list(person.id)).map((passkey) => ({ id: passkey.id })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      })
      await store.rememberChallenge(options.challenge, 'register', person.id)
      return options
    },

    /** Checks the answer and keeps the passkey, from the Security tab's session (still open as it is kept). */
    async register(request: Request, response: unknown, personId: number, label: string, sessionId: number) {
      const passkey = await check(request, response, personId, label)
      if (!passkey) return null
      await store.add(passkey, sessionId)
      return { id: passkey.id, name: passkey.name }
    },
  }
}

export type PasskeyRegistration = ReturnType<typeof passkeyRegistration>
