import type { ReactNode } from 'react'
import { Copyright } from './copyright'
import { LogoLink } from './logo'

/** A centred page with the logo above and a copyright footer below, for error screens. */
export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <div className="standalone">
      <header className="standalone__header">
        <LogoLink />
      </header>
      <main id="main" tabIndex={-1} className="standalone__main">
        {children}
      </main>
      <footer className="standalone__footer">
        <Copyright />
      </footer>
    </div>
  )
}
