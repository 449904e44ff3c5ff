import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { derivePreviewerDigest, PREVIEWER_MESSAGES, type PreviewerGate } from '../../../shared/previewer'
import { LogoImage } from '../../components/layout/logo'
import { PageMeta } from '../../components/page-meta'
import { loaderServicesContext } from '../../router-context'
import { PreviewerWorkspace } from './previewer-workspace'

const UNLOCK_KEY = 'kindlewave.blog-preview.unlocked'

export function previewerLoader({ context }: LoaderFunctionArgs): Promise<PreviewerGate> {
  return context.get(loaderServicesContext).data.previewer.gate()
}

type LockState = 'pending' | 'locked' | 'unlocked'

/**
 * The previewer's client-side gate (spec §6): the page holds only a salted PBKDF2 digest of the password,
 * the browser derives the same from what is typed and compares, and the unlocked state (the digest) lasts
 * for the browser session.
 */
export function PreviewerPage() {
  const gate = useLoaderData<typeof previewerLoader>()
  const [state, setState] = useState<LockState>('pending')
  const [password, setPassword] = useState('')
  const [wrong, setWrong] = useState(false)
  const [busy, setBusy] = useState(false)
  // The derivation takes a noticeable moment: a second submit (Enter again) before the re-render is ignored.
  const checking = useRef(false)

  useEffect(() => {
    setState(gate.digest && sessionStorage.getItem(UNLOCK_KEY) === gate.digest ? 'unlocked' : 'locked')
  }, [gate.digest])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!gate.configured || !crypto.subtle || checking.current) return
    checking.current = true
    setBusy(true)
    let matches = false
    try {
      matches = (await derivePreviewerDigest(password, gate.salt, gate.iterations)) === gate.digest
    } finally {
      checking.current = false
      setBusy(false)
    }
    if (!matches) {
      setWrong(true)
      return
    }
    sessionStorage.setItem(UNLOCK_KEY, gate.digest)
    setPassword('')
    setState('unlocked')
  }

  const meta = (
    <PageMeta
      title={`Blog Previewer | ${site.name}`}
      description="Write and preview blog post HTML."
      path={PAGES.previewer}
      noindex
    />
  )
  if (state === 'unlocked') {
    return (
      <main id="main" tabIndex={-1} className="previewer-main">
        {meta}
        <PreviewerWorkspace />
      </main>
    )
  }
  return (
    <div className="admin-login">
      {meta}
      <main id="main" tabIndex={-1} className="admin-login__main">
        <form className="admin-card" onSubmit={onSubmit} noValidate>
          <LogoImage className="admin-card__logo" />
          <h1 className="admin-card__title">Blog Previewer</h1>
          {!gate.configured ? (
            <p className="admin-card__description">
              The previewer is not configured on this server. Set PREVIEW_PASSWORD to enable it.
            </p>
          ) : typeof crypto === 'undefined' || (state !== 'pending' && !crypto.subtle) ? (
            <p className="admin-card__description">The previewer needs a secure (https) connection.</p>
          ) : (
            <>
              <p className="admin-card__description">Enter the password to open the previewer.</p>
              <div className="field">
                <label htmlFor="preview-password" className="field__label">
                  Password
                </label>
                <input
                  id="preview-password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  aria-invalid={wrong || undefined}
                  aria-describedby={wrong ? 'preview-password-error' : undefined}
                  onChange={(event) => {
                    setPassword(event.target.value)
                    setWrong(false)
                  }}
                />
              </div>
              {wrong && (
                <div id="preview-password-error" className="form-outcome form-outcome--error" role="alert">
                  <strong>{PREVIEWER_MESSAGES.wrongPassword}</strong>
                  {gate.hint && <span className="preview-hint">{` Hint: ${gate.hint}`}</span>}
                </div>
              )}
              {/* Kept focusable while checking (aria-disabled, not disabled) so focus stays where it was. */}
              <button
                type="submit"
                className="button button--primary admin-card__submit"
                disabled={state === 'pending'}
                aria-disabled={busy || undefined}
              >
                {busy ? 'Unlocking...' : 'Unlock'}
              </button>
            </>
          )}
          <Link to={PAGES.home} className="admin-card__home">
            Back to Home
          </Link>
        </form>
      </main>
    </div>
  )
}

export { PreviewerPage as Component, previewerLoader as loader }
