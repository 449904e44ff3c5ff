import { EMAIL_MAX_LENGTH } from '../../../shared/email'
import { SUBSCRIBER_NAME_MAX_LENGTH } from '../../../shared/newsletter'
import { PAGES } from '../../../shared/paths'
import { SiteLink } from '../site-link'

/**
 * The newsletter form's fields: posted as a plain form (answered with a redirect to /subscribe) without
 * JavaScript; SubscribeForm sends them in the page with it.
 */
export function SubscribeFields({
  id,
  error,
  sending = false,
}: {
  id: string
  error?: string | null
  sending?: boolean
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-email`} className="field__label">
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`} className="field__label">
          Name <span className="field__optional">(optional)</span>
        </label>
        <input id={`${id}-name`} name="name" autoComplete="name" maxLength={SUBSCRIBER_NAME_MAX_LENGTH} />
      </div>
      <button type="submit" className="button button--primary subscribe__button" disabled={sending}>
        {sending ? 'Subscribing…' : 'Subscribe'}
      </button>
      {error && (
        <p id={`${id}-error`} className="field__error subscribe__error" role="alert">
          {error}
        </p>
      )}
      <p className="subscribe__consent">
        We email you only the news you ask for. See the{' '}
        <SiteLink to={`${PAGES.privacy}#newsletter`}>privacy notice</SiteLink>.
      </p>
    </>
  )
}

/** The section around the form: its heading and what the newsletter is. */
export function SubscribeSection({
  id,
  heading,
  children,
}: {
  id: string
  heading: string
  children: React.ReactNode
}) {
  return (
    <section className="subscribe" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="subscribe__heading">
        {heading}
      </h2>
      <p className="subscribe__lead">
        New posts by email: updates, events and awards. No spam, unsubscribe in one click.
      </p>
      {children}
    </section>
  )
}
