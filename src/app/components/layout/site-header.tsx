import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useLaunchFlag } from '../../hooks/use-launch-flag'
import { LogoLink } from './logo'
import { NavLinks } from './nav-links'

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false)
  const launched = useLaunchFlag()
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const headerRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const close = () => setMenuOpen(false)

  // A navigation closes the menu (state adjusted while rendering, as React recommends over an effect).
  const [menuPath, setMenuPath] = useState(pathname)
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setMenuOpen(false)
  }

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    // A tap or click anywhere outside the header (the page under the open menu) closes it.
    const onPointerDown = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setMenuOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [menuOpen])

  return (
    <header ref={headerRef} className="site-header" data-launched={launched}>
      <div className="site-header__inner">
        <LogoLink onClick={close} />
        <nav aria-label="Main" className="site-header__nav">
          <ul className="nav-list">
            <NavLinks linkClassName="nav-link" />
          </ul>
        </nav>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span className={`menu-toggle__icon${menuOpen ? ' is-open' : ''}`} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </button>
      </div>
      <nav id={menuId} aria-label="Mobile" className="mobile-menu" hidden={!menuOpen}>
        <ul className="mobile-menu__list">
          <NavLinks linkClassName="mobile-menu__link" onNavigate={close} />
        </ul>
      </nav>
    </header>
  )
}
