import { afterEach, beforeEach, expect, mock, test } from 'bun:test'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { installDom } from '../../../../../tests/support/dom'
import { EVENT_INPUT_MESSAGES } from '../../../../shared/event-input'
import { FIRST_EVENT_ID, type SiteEvent } from '../../../../shared/events'
import { ToastProvider } from '../../../components/toast/toaster'
import { EventForm } from './event-form'

installDom()

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const fetchMock = mock((_url: RequestInfo, _init?: RequestInit) => Promise.resolve(json(500, { error: 'unset' })))
let root: Root | null = null
const closed = mock(() => {})

beforeEach(() => {
  fetchMock.mockClear()
  closed.mockClear()
  globalThis.fetch = fetchMock as unknown as typeof fetch
})
afterEach(() => {
  act(() => root?.unmount())
  root = null
})

const newYear: SiteEvent = {
  id: 7,
  slug: 'new-year',
  title: 'New Year',
  startsAt: '2026-12-31T19:00:00.000Z',
  endsAt: '2027-01-01T01:00:00.000Z',
  timeZone: 'Europe/Berlin',
  place: '',
  description: '',
  rsvpLabel: '',
  rsvpUrl: '',
  coverImage: '',
  visibility: 'public',
  promoteOnHome: true,
  updatedAt: '2026-11-01T00:00:00.000Z',
  when: { date: 'Dec 31, 2026 – Jan 1, 2027', time: '8:00 PM – 2:00 AM (Europe/Berlin)' },
}

async function renderForm(event: SiteEvent | null) {
  const container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
  await act(async () =>
    root!.render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <EventForm event={event} onClose={closed} />
        </ToastProvider>
      </QueryClientProvider>,
    ),
  )
  const field = <T extends Element>(id: string) => container.querySelector<T>(`#${id}`)!
  const submit = () => act(async () => container.querySelector('form')!.requestSubmit())
  return { container, field, submit }
}

test('an empty new event is refused in the form: the rule’s message beside its field, the keyboard on it, nothing sent', async () => {
  const { field, submit } = await renderForm(null)
  expect(field('event-slug-hint').textContent).toBe('Empty: made from the title. The address is /events/…')
  await submit()
  // The first field first: the title, then (once it has one) the times.
  const title = field<HTMLInputElement>('event-title')
  expect(field('event-title-error').textContent).toBe('Title is required')
  expect(title.getAttribute('aria-describedby')).toContain('event-title-error')
  expect(document.activeElement).toBe(title)
  expect(fetchMock).not.toHaveBeenCalled()
})

test('an event saved unchanged is sent with its instants as stored, read back on its own clock', async () => {
  fetchMock.mockImplementationOnce(() => Promise.resolve(json(200, newYear)))
  const { field, submit } = await renderForm(newYear)
  expect(field<HTMLInputElement>('event-startsAt').value).toBe('2026-12-31T20:00')
  expect(field<HTMLSelectElement>('event-timeZone').value).toBe('Europe/Berlin')
  expect(field('event-timeZone-hint').textContent).toContain('It will say: Dec 31, 2026 – Jan 1, 2027')
  expect(field<HTMLFieldSetElement>('event-visibility').querySelector('legend')?.textContent).toBe('Visibility')
  await submit()
  const [url, init] = fetchMock.mock.calls[0]!
  expect(url).toBe('/api/admin/events/7')
  expect(init?.method).toBe('PUT')
  expect(JSON.parse(String(init?.body))).toMatchObject({
    startsAt: '2026-12-31T19:00:00.000Z',
    endsAt: '2027-01-01T01:00:00.000Z',
  })
  expect(closed).toHaveBeenCalled()
})

test('a slug another event took (409) is said beside Slug, with the keyboard on it; the form stays open', async () => {
  fetchMock.mockImplementation(() => Promise.resolve(json(409, { error: EVENT_INPUT_MESSAGES.slugTaken })))
  const { field, submit } = await renderForm({ ...newYear, id: FIRST_EVENT_ID })
  expect(field('event-slug-hint').textContent).toBe(
    'The first event keeps its address: it stays /rdc25 whatever its slug.',
  )
  await submit()
  expect(field('event-slug-error').textContent).toBe(EVENT_INPUT_MESSAGES.slugTaken)
  expect(document.activeElement).toBe(field('event-slug'))
  expect(closed).not.toHaveBeenCalled()
})
