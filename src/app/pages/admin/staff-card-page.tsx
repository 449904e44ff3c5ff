import type { ReactNode } from 'react'
import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { LogoImage } from '../../components/layout/logo'
import { PageMeta } from '../../components/page-meta'

/**
 * A staff page outside the administration (joining, a new password), in the login screen's card: kept out
 * of search engines, and never naming its secret link in its head.
 */
export function StaffCardPage({
  title,
  heading,
  description,
  children,
}: {
  title: string
  heading: string
  description: string
  children: ReactNode
}) {
  return (
    <div className="admin-login">
      <PageMeta title={`${title} | ${site.name}`} description={description} path={PAGES.admin} noindex />
      <main id="main" tabIndex={-1} className="admin-login__main">
        <div className="admin-card">
          <LogoImage className="admin-card__logo" />
          <h1 id="staff-card-title" className="admin-card__title">
            {heading}
          </h1>
          {children}
        </div>
      </main>
    </div>
  )
}
