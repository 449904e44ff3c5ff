import { useEffect, useRef } from 'react'
import { applicationReference } from '../../../shared/application-reference'
import { APPLICATION_MESSAGES } from '../../../shared/application-rules'
import { PAGES } from '../../../shared/paths'
import { SiteLink } from '../../components/site-link'

/**
 * What replaces the form once an application is stored, with scripts and without (the page after the
 * post): it stays, with the reference the applicant quotes when they write. With scripts focus moves to it.
 */
export function ApplicationSent({ id, focus }: { id: number | null; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focus) heading.current?.focus()
  }, [focus])
  return (
    <section className="application-sent" aria-labelledby="application-sent-title">
      <h2 id="application-sent-title" ref={heading} tabIndex={-1} className="application-sent__title">
        {APPLICATION_MESSAGES.successTitle}
      </h2>
      <p>{APPLICATION_MESSAGES.successDescription}</p>
      {id !== null && (
        <p className="application-sent__reference">
          Your reference: <strong>{applicationReference(id)}</strong>
        </p>
      )}
      <p className="application-sent__next">
        {id !== null && 'Quote it if you write to us about your application. '}
        <SiteLink to={PAGES.jobs}>See our other open roles</SiteLink>
      </p>
    </section>
  )
}
