import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { site } from '../../../content/site'
import { SECURITY_MESSAGES } from '../../../shared/admin-security'
import { SETUP_API, type SetupState } from '../../../shared/first-run'
import { landingAfterLogin, PAGES } from '../../../shared/paths'
import { POST_MESSAGES } from '../../../shared/post-rules'
import { STAFF_MESSAGES } from '../../../shared/staff'
import { FormField } from '../../components/form-field'
import { LogoImage } from '../../components/layout/logo'
import { PageMeta } from '../../components/page-meta'
import { useToast } from '../../components/toast/toaster'
import { ApiError, apiGet, apiRequest } from '../../data/api-request'
import { ADMIN_TOASTS } from './admin-messages'
import { PasskeySignIn } from './passkey-sign-in'

export const LOGIN_REDIRECT_DELAY_MS = 1000

/**
 * Where a sign-in lands: the admin page it was sent from; otherwise the first-run setup while a fresh
 * install's owner has not finished it; the administration. Only the owner's password sign-in (no email, as the
 * spec's login screen) asks whether the setup is pending: a staff member's answer would be a 403.
 */
async function landingFor(next: string | null, asOwner: boolean): Promise<string> {
  if (next) return landingAfterLogin(next)
  const setup = asOwner ? await apiGet<SetupState>(SETUP_API).catch(() => null) : null
  return setup?.pending ? `${PAGES.adminBlog}?setup` : PAGES.adminBlog
}

/**
 * Spec §7 retries a failed login POST once. Only a network failure or a server error is retried, so a
 * wrong password is never counted twice against the rate limit.
 */
async function postLogin(email: string | null, password: string, code: string | null): Promise<void> {
  const body = { ...(email === null ? {} : { email }), password, ...(code === null ? {} : { code }) }
  const attempt = () => apiRequest('/api/admin/login', { method: 'POST', body })
  try {
    await attempt()
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status < 500) throw error
    await attempt()
  }
}

/** The login form's state: the email (for staff), the password, the code when asked for, and the submit. */
function useLoginForm() {
  const toast = useToast()
  const [searchParams] = useSearchParams()
  // Null: the spec's owner sign-in with the admin password alone; a string: a staff member's email.
  const [email, setEmail] = useState<string | null>(null)
  const [emailError, setEmailError] = useState<string | null>(null)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Null until the server says this administrator signs in with a second factor.
  const [code, setCode] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const codeInput = useRef<HTMLInputElement>(null)
  const asksForCode = code !== null
  useEffect(() => {
    if (asksForCode) codeInput.current?.focus()
  }, [asksForCode])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (email !== null && !email.trim()) {
      setEmailError(STAFF_MESSAGES.emailRequired)
      return
    }
    if (!password.trim()) {
      setError(POST_MESSAGES.passwordRequired)
      return
    }
    if (code !== null && !code.trim()) {
      setCodeError(SECURITY_MESSAGES.codeRequired)
      codeInput.current?.focus()
      return
    }
    setError(null)
    setCodeError(null)
    setBusy(true)
    try {
      await postLogin(email?.trim() ?? null, password, code)
      toast(email === null ? ADMIN_TOASTS.loggedIn : ADMIN_TOASTS.staffLoggedIn)
      // A full navigation, so the admin page starts with the fresh session cookie.
      const landing = await landingFor(searchParams.get('next'), email === null)
      setTimeout(() => window.location.assign(landing), LOGIN_REDIRECT_DELAY_MS)
    } catch (failure) {
      setBusy(false)
      if (failure instanceof ApiError && failure.body?.twoFactorRequired === true) {
        // The password was right: ask for the code (a wrong one is said beside its field).
        if (code === null) setCode('')
        else {
          setCode('')
          setCodeError(failure.message)
          codeInput.current?.focus()
        }
        return
      }
      toast(
        ADMIN_TOASTS.loginFailed(
          failure,
          email === null ? POST_MESSAGES.invalidPassword : STAFF_MESSAGES.wrongEmailOrPassword,
        ),
      )
    }
  }
  return {
    email: { value: email, set: setEmail, error: emailError, setError: setEmailError },
    password: { value: password, set: setPassword, error, setError },
    code: { value: code, set: setCode, error: codeError, setError: setCodeError, input: codeInput },
    asksForCode,
    busy,
    onSubmit,
  }
}

export function AdminLoginPage() {
  const { email: emailField, password: passwordField, code: codeField, asksForCode, busy, onSubmit } = useLoginForm()
  const { value: email, set: setEmail, error: emailError, setError: setEmailError } = emailField
  const { value: password, set: setPassword, error, setError } = passwordField
  const { value: code, set: setCode, error: codeError, setError: setCodeError, input: codeInput } = codeField
  const [searchParams] = useSearchParams()
  const toast = useToast()
  const passkeySignedIn = () => {
    toast(ADMIN_TOASTS.staffLoggedIn)
    void landingFor(searchParams.get('next'), false).then((landing) => window.location.assign(landing))
  }

  return (
    <div className="admin-login">
      <PageMeta
        title={`Admin Login | ${site.name}`}
        description="Administrator sign-in."
        path={PAGES.adminLogin}
        noindex
      />
      <main id="main" tabIndex={-1} className="admin-login__main">
        <form className="admin-card" onSubmit={onSubmit} noValidate aria-describedby="admin-login-description">
          <LogoImage className="admin-card__logo" />
          <h1 className="admin-card__title">Admin Login</h1>
          <p id="admin-login-description" className="admin-card__description">
            Enter the admin password to access the blog management system
          </p>
          {email !== null && (
            <FormField id="admin-email" label="Email" error={emailError}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  name="email"
                  autoComplete="username"
                  // biome-ignore lint/a11y/noAutofocus: the field appears because the person asked for it
                  autoFocus
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value)
                    setEmailError(null)
                  }}
                />
              )}
            </FormField>
          )}
          <FormField id="admin-password" label={email === null ? 'Admin Password' : 'Password'} error={error}>
            {(control) => (
              <input
                {...control}
                type="password"
                name="password"
                autoComplete="current-password"
                placeholder="Enter password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value)
                  setError(null)
                }}
              />
            )}
          </FormField>
          {asksForCode && (
            <FormField
              id="admin-code"
              label="Authentication code"
              hint="The 6-digit code from your authenticator app, or one of your recovery codes."
              error={codeError}
            >
              {(control) => (
                <input
                  {...control}
                  ref={codeInput}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="text"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={40}
                  value={code ?? ''}
                  onChange={(event) => {
                    setCode(event.target.value)
                    setCodeError(null)
                  }}
                />
              )}
            </FormField>
          )}
          <button type="submit" className="button button--primary admin-card__submit" disabled={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
          {email !== null && (
            <a href={PAGES.passwordReset} className="admin-card__home">
              Forgot your password?
            </a>
          )}
          <PasskeySignIn onSignedIn={passkeySignedIn} />
          <button
            type="button"
            className="admin-card__switch"
            onClick={() => {
              setEmail(email === null ? '' : null)
              setEmailError(null)
              setCode(null)
            }}
          >
            {email === null ? 'Staff member? Sign in with your email' : 'Sign in with the admin password'}
          </button>
          <Link to={PAGES.home} className="admin-card__home" reloadDocument>
            Return to homepage
          </Link>
        </form>
      </main>
    </div>
  )
}

export { AdminLoginPage as Component }
