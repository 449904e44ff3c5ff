import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { Elysia } from 'elysia'
import { SECURITY_MESSAGES } from '../../../shared/admin-security'
import { PASSKEY_MESSAGES, type PasskeyInfo } from '../../../shared/staff'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { passkeyRegistration, webauthn } from '../../auth/passkey-registration'
import type { PasskeyStore } from '../../auth/passkeys'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES, stringField } from '../../http/json-body'
import type { RateLimit } from '../../http/rate-limit'
import type { LoginThrottle } from './login-throttle'
import { refuse } from './routes'
import type { AdminAuthService } from './service'

/** Sign-in challenges a client may ask for in 15 minutes: far more than a person needs, few enough to store. */
export const PASSKEY_CHALLENGE_LIMIT = { max: 30, windowMs: 15 * 60 * 1000 }

/** A WebAuthn answer carries a public key and signatures: larger than other small bodies. */
const PASSKEY_BODY_LIMIT_BYTES = 16 * 1024

/**
 * Passkeys (WebAuthn discoverable credentials, @simplewebauthn/server): each person adds and removes
 * their own; anyone may sign in with one alone, under the same per-client limits as a password. The
 * relying party is the site's host (SITE_URL's, or the request's when it is unset).
 */
export function passkeyRoutes({
  store,
  challengeLimit,
  auth,
  recentlySignedIn,
  session,
  throttle,
  pageOrigin,
  clientKey,
  record,
}: {
  store: PasskeyStore
  /** How often a client may ask for a sign-in challenge. */
  challengeLimit: RateLimit
  auth: AdminAuthService
  /** Whether this session signed in within the last few minutes (auth/sessions.ts, RECENT_SIGN_IN_MS). */
  recentlySignedIn: (sessionId: number, staffId: number) => Promise<boolean>
  session: AdminSessionPlugin
  throttle: LoginThrottle
  /** The origin pages are served on (SITE_URL, or the request's). */
  pageOrigin: (request: Request) => string
  clientKey: (request: Request) => string
  record: RecordEvent
}) {
  const registration = passkeyRegistration(store, pageOrigin)
  const { party } = registration
  return new Elysia({ name: 'passkeys' })
    .use(session)
    .get(
      '/api/admin/passkeys',
      async ({ user }): Promise<PasskeyInfo[]> =>
        (await store.list(user.id)).map((passkey) => ({
          id: passkey.id,
          name: passkey.name,
          createdAt: passkey.createdAt.toISOString(),
          lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
        })),
      { staff: 'self' },
    )
    .post(
      '/api/admin/passkeys/options',
      async ({ request, set, status, user, sessionId }) => {
        // A passkey signs in alone: whoever adds one must have signed in lately or show the password now.
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['password', 'code'])
        if (!body.ok && body.status !== 415) return status(body.status, { error: body.error })
        if (!(await recentlySignedIn(sessionId, user.id))) {
          const password = body.ok ? body.value.password : undefined
          if (password === undefined)
            return status(401, { error: PASSKEY_MESSAGES.reauthenticationRequired, reauthenticationRequired: true })
          const code = body.ok ? body.value.code : undefined
          const verified = await auth.reauthenticate(user.id, password, code, clientKey(request))
          if (!verified.ok)
            return status(verified.status, await refuse(verified, { request, set, record }, 'adding a passkey'))
        }
        return registration.options(request, user)
      },
      { staff: 'self', parse: 'none' },
    )
    .post(
      '/api/admin/passkeys',
      async ({ request, status, user, sessionId }) => {
        const body = await readJsonBody(request, PASSKEY_BODY_LIMIT_BYTES, ['response', 'name'])
        if (!body.ok) return status(body.status, { error: body.error })
        const name = stringField(body.value.name)
        const added = await registration.register(request, body.value.response, user.id, name, sessionId)
        if (!added) return status(400, { error: PASSKEY_MESSAGES.registrationFailed })
        await record(request, 'passkey.added', added.name)
        return status(201, added)
      },
      { staff: 'self', parse: 'none' },
    )
    .delete(
      '/api/admin/passkeys/:id',
      async ({ params, request, status, user }) => {
        if (!(await store.remove(params.id, user.id))) return status(404, { error: PASSKEY_MESSAGES.notFound })
        await record(request, 'passkey.removed')
        return { ok: true }
      },
      { staff: 'self', parse: 'none' },
    )
    .post(
      '/api/admin/passkey-login/options',
      async ({ request, set, status }) => {
        set.headers['cache-control'] = 'no-store'
        // Each answer stores a challenge for a few minutes: a client asks only so often.
        const hit = await challengeLimit.hit(clientKey(request))
        if (!hit.allowed) {
          set.headers['retry-after'] = String(hit.retryAfterSeconds)
          return status(429, { error: SECURITY_MESSAGES.tooManyAttempts })
        }
        const { generateAuthenticationOptions } = await webauthn()
        const options = await generateAuthenticationOptions({ rpID: party(request).rpID, userVerification: 'required' })
        await store.rememberChallenge(options.challenge, 'sign-in', null)
        return options
      },
      { parse: 'none' },
    )
    .post(
      '/api/admin/passkey-login',
      async ({ request, set, status, cookie, adminSession }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, PASSKEY_BODY_LIMIT_BYTES, ['response'])
        if (!body.ok) return status(body.status, { error: body.error })
        const client = clientKey(request)
        const response = body.value.response as AuthenticationResponseJSON
        // Read before anything that can wait: sessions ended from here on stop this sign-in (sessions.ts).
        const passkey = typeof response?.id === 'string' ? await store.byId(response.id) : null
        const admission = await throttle.admit(client)
        if (!admission.ok) {
          set.headers['retry-after'] = String(admission.retryAfterSeconds)
          return status(429, { error: SECURITY_MESSAGES.tooManyAttempts })
        }
        const { origin, rpID } = party(request)
        const { verifyAuthenticationResponse } = await webauthn()
        const verified = passkey
          ? await verifyAuthenticationResponse({
              response,
              expectedChallenge: (challenge) => store.consumeChallenge(challenge, 'sign-in', null),
              expectedOrigin: origin,
              expectedRPID: rpID,
              credential: {
                id: passkey.id,
                publicKey: new Uint8Array(passkey.publicKey),
                counter: passkey.counter,
                transports: passkey.transports,
              },
              requireUserVerification: true,
            }).catch(() => null)
          : null
        if (!passkey || !verified?.verified) {
          await throttle.failed()
          await record(request, 'login.failed', 'sign-in: passkey not accepted')
          return status(401, { error: PASSKEY_MESSAGES.notAccepted })
        }
        await store.used(passkey.id, verified.authenticationInfo.newCounter)
        const started = await adminSession.start(
          cookie,
          passkey.staffId,
          { clientAddress: client, userAgent: request.headers.get('user-agent') ?? '' },
          { generation: passkey.generation, passkeyId: passkey.id },
        )
        if (!started) {
          await record(request, 'login.failed', 'sign-in: the account’s sign-in changed meanwhile')
          return status(401, { error: SECURITY_MESSAGES.signInInterrupted })
        }
        const signedIn = await adminSession.current(cookie)
        // Only the owner's own success clears the client's failures (login-throttle.ts).
        await throttle.succeeded(client, { secondFactor: true, personId: passkey.staffId })
        await record(request, 'login.succeeded', `with the passkey "${passkey.name}"`, signedIn?.user)
        return { ok: true }
      },
      { parse: 'none' },
    )
}
