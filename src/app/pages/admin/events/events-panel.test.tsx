import { afterEach, beforeEach, expect, mock, test } from 'bun:test'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { installDom } from '../../../../../tests/support/dom'
import { eventWhen } from '../../../../shared/event-when'
import { FIRST_EVENT_ID, type SiteEvent } from '../../../../shared/events'
import { ToastProvider } from '../../../components/toast/toaster'
import { adminEventQueries } from './admin-event-queries'
import { EventsPanel } from './events-panel'

installDom()

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
/** The list when it is read again, `{ ok: true }` to a write. */
const fetchMock = mock((_url: RequestInfo, init?: RequestInit) =>
  Promise.resolve(json((init?.method ?? 'GET') === 'GET' ? EVENTS : { ok: true })),
)
/** What the panel sent (the list, read afresh as it shows, is not sending). */
const sent = () =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET').map(([url, init]) => [url, init?.method])
let root: Root | null = null

beforeEach(() => {
  fetchMock.mockClear()
  globalThis.fetch = fetchMock as unknown as typeof fetch
})
afterEach(() => {
  act(() => root?.unmount())
  root = null
})

const event = (id: number, title: string, startsAt: string, endsAt: string, more: Partial<SiteEvent> = {}) =>
  ({
    id,
    slug: title.toLowerCase().replaceAll(' ', '-'),
    title,
    startsAt,
    endsAt,
    timeZone: 'UTC',
    when: eventWhen({ startsAt, endsAt, timeZone: 'UTC' }),
    place: '',
    description: '',
    rsvpLabel: '',
    rsvpUrl: '',
    coverImage: '',
    visibility: 'public',
    promoteOnHome: true,
    updatedAt: startsAt,
    ...more,
  }) satisfies SiteEvent

/** Newest start first, as the API lists them: one to come, one going on (until 2099), the first one, long over. */
const EVENTS = [
  event(3, 'Launch Party', '2098-05-01T18:00:00.000Z', '2098-05-01T23:00:00.000Z', { visibility: 'unlisted' }),
  event(2, 'Game Jam', '2020-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z'),
  event(FIRST_EVENT_ID, 'RDC 2025', '2025-09-05T00:00:00.000Z', '2025-09-06T00:00:00.000Z'),
]

async function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  queryClient.setQueryData(adminEventQueries.list().queryKey, EVENTS)
  const container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
  await act(async () =>
    root!.render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <EventsPanel />
        </ToastProvider>
      </QueryClientProvider>,
    ),
  )
  return container
}

const labelled = (container: Element, label: string) =>
  [...container.querySelectorAll<HTMLElement>('[aria-label]')].find(
    (element) => element.getAttribute('aria-label') === label,
  )

test('each event says when it is, who may find it and whether it is over; the first one cannot be deleted', async () => {
  const container = await renderPanel()
  const rows = [...container.querySelectorAll('tbody tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  )
  expect(rows.map((row) => row.slice(0, 4))).toEqual([
    ['Launch Party/events/launch-party', 'May 1, 20986:00 PM – 11:00 PM (UTC)', 'Unlisted', 'Upcoming'],
    ['Game Jam/events/game-jam', 'Jan 1, 2020 – Dec 31, 2098', 'PublicOn the home page now', 'Happening now'],
    ['RDC 2025/rdc25', 'Sept 5, 2025', 'Public', 'Ended'],
  ])
  const links = [...container.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')]
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['/events/launch-party', '/events/game-jam', '/rdc25'])
  expect(labelled(container, 'Delete "RDC 2025"')).toBeUndefined()
  expect(labelled(container, 'Edit "RDC 2025"')).toBeDefined()
})

test('Delete asks first, then deletes that event', async () => {
  const container = await renderPanel()
  await act(async () => labelled(container, 'Delete "Game Jam"')!.click())
  const dialog = container.querySelector('dialog')!
  expect(dialog.textContent).toContain('Are you sure you want to delete the event "Game Jam"?')
  expect(sent()).toEqual([])
  const confirm = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Delete')!
  await act(async () => confirm.click())
  expect(sent()).toEqual([['/api/admin/events/2', 'DELETE']])
  // Then the list is read again, as it is now.
  expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/admin/events')
})
