import { Outlet } from 'react-router'
import { NavigationProgress, useNavigating } from './navigation-progress'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** Header, main landmark and footer around the public pages. */
export function SiteLayout() {
  const navigating = useNavigating()
  return (
    <>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main" aria-busy={navigating || undefined}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  )
}
