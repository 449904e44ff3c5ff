import { SUBSCRIBE_ACTION } from '../../../shared/newsletter-basics'

/**
 * The footer's form, in every page's script, so as small as a form can be: the address alone (the label
 * wraps its field and names the form), posted as a plain form and answered with a redirect to /subscribe/sent.
 */
export function FooterSubscribe() {
  return (
    <form method="post" action={SUBSCRIBE_ACTION} className="subscribe">
      <label className="field">
        Newsletter: your email
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <button type="submit" className="button button--primary">
        Subscribe
      </button>
      <a href="/privacy#newsletter">Privacy notice</a>
    </form>
  )
}
