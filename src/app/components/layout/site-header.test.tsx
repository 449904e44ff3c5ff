import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { installDom } from '../../../../tests/support/dom'
import { RequestInfoProvider } from '../../request-info'
import { SiteHeader } from './site-header'

installDom()

async function renderHeader(path = '/') {
  const container = document.createElement('div')
  document.body.append(container)
  const router = createMemoryRouter([{ path: '*', element: <SiteHeader /> }], { initialEntries: [path] })
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <RequestInfoProvider value={{ now: Date.UTC(2030, 0, 1), origin: 'http://localhost' }}>
        <RouterProvider router={router} />
      </RequestInfoProvider>,
    ),
  )
  const toggle = container.querySelector<HTMLButtonElement>('.menu-toggle')!
  const menu = container.querySelector<HTMLElement>('.mobile-menu')!
  return { container, toggle, menu, unmount: () => act(() => root.unmount()) }
}

describe('SiteHeader mobile menu', () => {
  test('the toggle opens and closes the menu and reports its state', async () => {
    const { toggle, menu, unmount } = await renderHeader()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(menu.hidden).toBe(true)
    expect(toggle.getAttribute('aria-controls')).toBe(menu.id)

    await act(async () => toggle.click())
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(menu.hidden).toBe(false)
    expect(toggle.textContent).toContain('Close menu')

    await act(async () => toggle.click())
    expect(menu.hidden).toBe(true)
    await unmount()
  })

  test('choosing any link closes it', async () => {
    const { toggle, menu, unmount } = await renderHeader()
    const links = [...menu.querySelectorAll('a')]
    expect(links.map((a) => a.textContent?.replace(' (opens in a new tab)', ''))).toEqual([
      'Home',
      'Blog',
      'Careers',
      'Store',
      'Contact',
    ])
    for (const link of links) {
      await act(async () => toggle.click())
      expect(menu.hidden).toBe(false)
      link.addEventListener('click', (e) => e.preventDefault(), { once: true })
      await act(async () => link.click())
      expect(menu.hidden).toBe(true)
    }
    await unmount()
  })

  test('Escape closes it and returns focus to the toggle', async () => {
    const { toggle, menu, unmount } = await renderHeader()
    await act(async () => toggle.click())
    menu.querySelector('a')!.focus()
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    })
    expect(menu.hidden).toBe(true)
    expect(document.activeElement).toBe(toggle)
    await unmount()
  })

  test('a tap outside the header closes it; a tap inside the menu does not', async () => {
    const { toggle, menu, unmount } = await renderHeader()
    const outside = document.createElement('p')
    document.body.append(outside)
    await act(async () => toggle.click())
    await act(async () => menu.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })))
    expect(menu.hidden).toBe(false)
    await act(async () => outside.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })))
    expect(menu.hidden).toBe(true)
    outside.remove()
    await unmount()
  })

  test('the store link opens in a new tab without an opener', async () => {
    const { container, unmount } = await renderHeader()
    const store = [...container.querySelectorAll('a')].find((a) => a.textContent?.startsWith('Store'))!
    expect(store.target).toBe('_blank')
    expect(store.rel).toContain('noopener')
    const contact = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Contact')!
    expect(contact.getAttribute('href')).toStartWith('mailto:')
    await unmount()
  })
})

describe('SiteHeader current section', () => {
  const currentOf = (container: HTMLElement, nav: string) =>
    Object.fromEntries(
      [...container.querySelectorAll(`${nav} a[aria-current]`)].map((a) => [
        a.textContent,
        a.getAttribute('aria-current'),
      ]),
    )

  test.each([
    ['/', { Home: 'page' }],
    ['/blog', { Blog: 'page' }],
    ['/blog/some-post', { Blog: 'true' }],
    ['/jobs', { Careers: 'page' }],
    ['/jobs/senior-artist', { Careers: 'true' }],
    ['/rdc25', {}],
  ])('on %s the header and the menu mark %p', async (path, expected) => {
    const { container, unmount } = await renderHeader(path)
    expect(currentOf(container, '.site-header__nav')).toEqual(expected)
    expect(currentOf(container, '.mobile-menu')).toEqual(expected)
    await unmount()
  })
})
