import { afterEach, beforeEach, expect, mock, test } from 'bun:test'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { installDom } from '../../../../tests/support/dom'
import { STAFF_MESSAGES, type StaffUser } from '../../../shared/staff'
import { ToastProvider } from '../../components/toast/toaster'
import { adminQueries } from './admin-queries'
import { PostForm } from './post-form'
import { authorsQuery } from './post-form-fields'
import { StaffUserContext } from './staff-user'
import { type PostFormState, usePostForm } from './use-post-form'

installDom()

const fetchMock = mock(() => Promise.reject(new Error('the form sent a request')))
/** What the form sent (reads such as the tags, asked afresh as it opens, are not sending). */
const sent = () =>
  (fetchMock.mock.calls as unknown as [RequestInfo, RequestInit | undefined][]).filter(
    ([, init]) => (init?.method ?? 'GET') !== 'GET',
  )
let root: Root | null = null
let form: PostFormState | null = null

beforeEach(() => {
  fetchMock.mockClear()
  globalThis.fetch = fetchMock as unknown as typeof fetch
})
afterEach(() => {
  act(() => root?.unmount())
  root = null
})

function AddPost() {
  form = usePostForm(null, () => {})
  return <PostForm form={form} editing={null} onCancel={() => {}} onRestored={() => {}} />
}

const OWNER: StaffUser = { id: 1, name: 'Kindlewave Studios', email: '', role: 'owner' }

/** The Add Post form as the admin page shows it, its tags already known, once the editor has loaded. */
async function renderForm(user: StaffUser = OWNER) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  queryClient.setQueryData(adminQueries.tags().queryKey, [{ id: 1, name: 'News', slug: 'news' }])
  queryClient.setQueryData(authorsQuery().queryKey, [{ id: 1, name: 'Kindlewave Studios' }])
  const container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
  await act(async () => {
    root!.render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <StaffUserContext value={user}>
            <AddPost />
          </StaffUserContext>
        </ToastProvider>
      </QueryClientProvider>,
    )
  })
  // act renders, and runs the effect that makes the editor, only once its callback has returned: a wait inside
  // it waited for nothing. Each wait is an act of its own, so the editor's state updates land inside one.
  const until = Date.now() + 10_000
  while (!container.querySelector('.ql-editor') && Date.now() < until) await act(() => Bun.sleep(10))
  expect(container.querySelector('.ql-editor')).not.toBeNull()
  return container
}

/**
 * Changes a field as its control does. (React DOM, loaded before happy-dom is registered, does not hear
 * input events in these tests; the submit goes through the DOM.)
 */
function change(update: (form: PostFormState) => void) {
  act(() => update(form!))
}

test('the post form reports a rule the API applies, a 201-character slug, beside the slug and before any request', async () => {
  const container = await renderForm()
  const field = <T extends Element>(id: string) => container.querySelector<T>(`#${id}`)!
  change((form) => form.setTitle('Opening night'))
  change((form) => form.setContent('<p>The doors open at eight.</p>'))
  change((form) => form.set('slug', 's'.repeat(201)))

  const slug = field<HTMLInputElement>('post-slug')
  expect(field('post-slug-error').textContent).toBe('Slug is too long (at most 200 characters)')
  expect(slug.getAttribute('aria-invalid')).toBe('true')
  expect(slug.getAttribute('aria-describedby')).toContain('post-slug-error')

  await act(async () => field<HTMLFormElement>('post-form').requestSubmit())
  expect(document.activeElement).toBe(slug)
  expect(container.querySelector('[role="alert"]')?.textContent).toBe('Please fix the form errors before submitting')
  expect(sent()).toEqual([])
})

test('every rule of the post is checked in the form: the excerpt, the address of the image, the date', async () => {
  const container = await renderForm()
  const field = <T extends Element>(id: string) => container.querySelector<T>(`#${id}`)!
  change((form) => form.set('excerpt', 'e'.repeat(1001)))
  change((form) => form.set('featuredImage', 'javascript:alert(1)'))
  change((form) => form.set('publishedAt', '2030-02-31'))

  expect(field('post-excerpt-error').textContent).toBe('Excerpt is too long (at most 1000 characters)')
  expect(field('post-image-error').textContent).toBe(
    'Featured image URL must be an http(s) address or a path on this site',
  )
  expect(field('post-date-error').textContent).toBe(
    'Publication date must be a date (yyyy-MM-dd) or a date and time (yyyy-MM-ddTHH:mm)',
  )
  await act(async () => field<HTMLFormElement>('post-form').requestSubmit())
  expect(document.activeElement).toBe(field('post-title'))
  expect(field('post-title-error').textContent).toBe('Title is required')
  expect(field('post-content-error').textContent).toBe('Content is required')
  expect(field('post-content').getAttribute('aria-invalid')).toBe('true')
  expect(sent()).toEqual([])
})

test('a contributor’s form offers no way to publish or feature: Published is disabled and says why', async () => {
  const container = await renderForm({ id: 5, name: 'Cai', email: 'cai@studio.test', role: 'contributor' })
  const published = container.querySelector<HTMLOptionElement>('#post-status option[value="published"]')!
  expect(published.disabled).toBe(true)
  expect(container.querySelector('#post-status-hint')?.textContent).toBe(STAFF_MESSAGES.contributorsDraftOnly)
  expect(container.textContent).not.toContain('Feature this post in the carousel')
})

test('search and share settings: counters say how long each text is, a bad canonical URL is caught and unfolded on submit', async () => {
  const container = await renderForm()
  const field = <T extends Element>(id: string) => container.querySelector<T>(`#${id}`)!
  change((form) => form.setTitle('Patch notes'))
  change((form) => form.setContent('<p>Forty fixes.</p>'))
  expect(field<HTMLInputElement>('post-metaTitle').placeholder).toBe('Patch notes | Blog')
  expect(field('post-metaTitle-hint').textContent).toBe('Empty: "Patch notes | Blog" is used.')
  change((form) => form.set('metaTitle', 'Patch 1.4: every fix'))
  expect(field('post-metaTitle-hint').textContent).toBe('20 of 60 characters.')
  change((form) => form.set('metaDescription', 'd'.repeat(161)))
  expect(field('post-metaDescription-hint').textContent).toBe(
    '161 characters: past about 160, most places cut it short.',
  )
  expect(container.querySelector('.share-card--discord .share-card__title')?.textContent).toBe('Patch 1.4: every fix')
  expect(container.querySelector('.post-form__section summary')?.textContent).toBe(
    'Search and sharing · 2 settings changed',
  )

  change((form) => form.set('canonicalUrl', 'press.example.com/first'))
  expect(field('post-canonicalUrl-error').textContent).toBe('Canonical URL must be an http(s) address')
  const section = container.querySelector<HTMLDetailsElement>('.post-form__section')!
  expect(section.open).toBe(false)
  await act(async () => field<HTMLFormElement>('post-form').requestSubmit())
  expect(section.open).toBe(true)
  expect(document.activeElement).toBe(field('post-canonicalUrl'))
  expect(sent()).toEqual([])
})
