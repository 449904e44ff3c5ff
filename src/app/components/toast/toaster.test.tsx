import { expect, test } from 'bun:test'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { installDom } from '../../../../tests/support/dom'
import { ToastProvider, useToast } from './toaster'

installDom()

function Trigger() {
  const toast = useToast()
  return (
    <>
      <button type="button" id="ok" onClick={() => toast({ title: 'Saved', description: 'All good' })} />
      <button type="button" id="again" onClick={() => toast({ title: 'Saved', description: 'Again' })} />
      <button
        type="button"
        id="bad"
        onClick={() =>
          toast({
            title: 'Login failed',
            description: 'Invalid admin password',
            variant: 'destructive',
            action: { label: 'Retry', onClick: () => ((globalThis as { retried?: boolean }).retried = true) },
          })
        }
      />
    </>
  )
}

test('toasts are announced, show title and description, and can be closed or acted on', async () => {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    ),
  )
  const list = container.querySelector('.toaster__list')!
  expect(container.querySelector('section[aria-label="Notifications"]')).not.toBeNull()

  await act(async () => container.querySelector<HTMLButtonElement>('#ok')!.click())
  const status = list.querySelector('[role="status"]')!.closest('li')!
  expect(status.textContent).toContain('Saved')
  expect(status.textContent).toContain('All good')

  await act(async () => container.querySelector<HTMLButtonElement>('#bad')!.click())
  const alert = list.querySelector('[role="alert"]')!.closest('li')!
  expect(alert.className).toContain('toast--destructive')
  expect(alert.textContent).toContain('Invalid admin password')

  await act(async () => alert.querySelector<HTMLButtonElement>('.toast__action')!.click())
  expect((globalThis as { retried?: boolean }).retried).toBe(true)
  expect(list.querySelector('[role="alert"]')).toBeNull()

  await act(async () => status.querySelector<HTMLButtonElement>('[aria-label="Close notification"]')!.click())
  expect(list.children.length).toBe(0)
  await act(async () => root.unmount())
})

test('three toasts at once are all in the one list, newest last', async () => {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    ),
  )
  for (const id of ['ok', 'again', 'bad'])
    await act(async () => container.querySelector<HTMLButtonElement>(`#${id}`)!.click())
  expect(container.querySelectorAll('.toaster')).toHaveLength(1)
  const titles = [...container.querySelectorAll('.toaster__list > li .toast__title')].map((p) => p.textContent)
  expect(titles).toEqual(['Saved', 'Saved', 'Login failed'])
  await act(async () => root.unmount())
})
