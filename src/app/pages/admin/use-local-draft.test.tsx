import { afterEach, expect, test } from 'bun:test'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { installDom } from '../../../../tests/support/dom'
import { localDraftKey, readLocalDraft } from './local-draft'
import { emptyPostValues, type PostFormValues } from './post-form-values'
import { DRAFTS_FORGOTTEN_KEY, forgetLocalDrafts, useLocalDraft } from './use-local-draft'

installDom()

const saved = emptyPostValues(Date.UTC(2030, 0, 1))

/** The post form's use of the hook, with the writing under way in it. */
function Editor({ postId, values }: { postId: number | null; values: PostFormValues }) {
  useLocalDraft({ postId, basedOn: null, values, saved, dirty: true, ready: true })
  return null
}

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  localStorage.clear()
})

function render(postId: number | null, values: PostFormValues) {
  root ??= createRoot(document.body.appendChild(document.createElement('div')))
  act(() => root!.render(<Editor postId={postId} values={values} />))
}

/** Every copy the editor keeps, whichever post it is of. */
const draftKeys = () =>
  Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index) ?? '').filter((key) =>
    key.startsWith('admin-post-draft:'),
  )

test('logging out removes every copy in this browser, and the editor still open writes none back as the page goes', () => {
  // Copies of other posts, left by earlier visits, and something else the site keeps.
  localStorage.setItem(localDraftKey(7), JSON.stringify({ savedAt: 1, basedOn: null, values: saved }))
  localStorage.setItem(localDraftKey(8), JSON.stringify({ savedAt: 1, basedOn: null, values: saved }))
  localStorage.setItem('theme', 'dark')

  render(null, { ...saved, title: 'Half written' })
  window.dispatchEvent(new Event('pagehide'))
  expect(readLocalDraft(localStorage, localDraftKey(null))?.values.title).toBe('Half written')

  // More writing, then "Log out": the page goes away (pagehide, beforeunload) with changes not yet copied.
  render(null, { ...saved, title: 'Half written, and more' })
  forgetLocalDrafts()
  window.dispatchEvent(new Event('beforeunload'))
  window.dispatchEvent(new Event('pagehide'))
  expect(draftKeys()).toEqual([])
  expect(localStorage.getItem('theme')).toBe('dark')
})

test('without logging out, the copy is kept as the page goes (what the editor is for)', () => {
  render(3, { ...saved, title: 'Kept' })
  window.dispatchEvent(new Event('pagehide'))
  expect(draftKeys()).toEqual([localDraftKey(3)])
})

test('logging out in another tab: this tab forgets its copy and writes none back as its page goes', () => {
  render(4, { ...saved, title: 'Written in the second tab' })
  window.dispatchEvent(new Event('pagehide'))
  expect(draftKeys()).toEqual([localDraftKey(4)])
  // What the browser tells this tab when the other one logs out (forgetLocalDrafts there).
  window.dispatchEvent(new StorageEvent('storage', { key: DRAFTS_FORGOTTEN_KEY, newValue: String(Date.now()) }))
  render(4, { ...saved, title: 'Written in the second tab, and more' })
  window.dispatchEvent(new Event('pagehide'))
  expect(draftKeys()).toEqual([])
})
