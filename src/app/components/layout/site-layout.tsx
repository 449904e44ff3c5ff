import { Outlet, useNavigation } from 'react-router'
import { NavigationProgress } from './navigation-progress'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** Header, main landmark and footer around the public pages. */
export function SiteLayout() {
  const loading = useNavigation().state === 'loading'
  return (
    <>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main" aria-busy={loading || undefined}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  )
}
