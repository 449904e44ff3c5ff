import { useSyncExternalStore } from 'react'

/**
 * Notes being written, by application, kept while the recruiter opens another candidate or another tab and
 * comes back: nothing typed is lost until it is saved. The workspace warns before the page is left while any
 * is here, and the list marks the candidates they belong to. Only a person typing fills it, never a render.
 */
const drafts = new Map<number, string>()
const listeners = new Set<() => void>()
let unsavedIds = ''

function changed() {
  unsavedIds = [...drafts.keys()].join(',')
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function setNoteDraft(id: number, text: string) {
  if (text.trim()) drafts.set(id, text)
  else drafts.delete(id)
  changed()
}

/** A note saved: its draft goes, unless more was typed while it was saving. */
export function settleNoteDraft(id: number, saved: string) {
  if ((drafts.get(id) ?? '') === saved) setNoteDraft(id, '')
}

/** The note being written for one application, and a way to change it ('' clears it: saved, or emptied). */
export function useNoteDraft(id: number): [string, (text: string) => void] {
  const text = useSyncExternalStore(
    subscribe,
    () => drafts.get(id) ?? '',
    () => '',
  )
  return [text, (next) => setNoteDraft(id, next)]
}

/** The applications with a note typed and not saved. */
export function useUnsavedNotes(): number[] {
  const ids = useSyncExternalStore(
    subscribe,
    () => unsavedIds,
    () => '',
  )
  return ids ? ids.split(',').map(Number) : []
}
