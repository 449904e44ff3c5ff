import { expect, test } from 'bun:test'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { installDom } from '../../../../tests/support/dom'
import { NavigationProgress } from './navigation-progress'

installDom()

/** Lets time pass in small steps, so React renders along the way as it would in a browser. */
async function elapse(ms: number) {
  for (let waited = 0; waited < ms; waited += 10) await act(() => Bun.sleep(10))
}

test('a slow navigation shows the loading bar until its data arrives; a quick one never does', async () => {
  let finishSlow = () => {}
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <p>home</p> },
        { path: 'quick', loader: () => Bun.sleep(50).then(() => null), element: <p>quick</p> },
        {
          path: 'slow',
          loader: () => new Promise<null>((resolve) => (finishSlow = () => resolve(null))),
          element: <p>slow</p>,
        },
      ],
    },
  ])
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => root.render(<RouterProvider router={router} />))
  const bar = () => container.querySelector('[role="progressbar"]')

  await act(async () => void router.navigate('/slow'))
  await elapse(200)
  expect(bar()?.getAttribute('aria-label')).toBe('Loading page')
  expect(container.textContent).toBe('home')

  await act(async () => {
    finishSlow()
    await Bun.sleep(10)
  })
  expect(container.textContent).toBe('slow')
  expect(bar()).toBeNull()

  let barAppeared = false
  const watcher = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) barAppeared ||= (node as Element).getAttribute?.('role') === 'progressbar'
  })
  watcher.observe(container, { childList: true, subtree: true })
  await act(async () => void router.navigate('/quick'))
  await elapse(200)
  watcher.disconnect()
  expect(container.textContent).toBe('quick')
  expect(barAppeared).toBe(false)

  await act(async () => root.unmount())
})
