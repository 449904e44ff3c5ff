import { useEffect, useState } from 'react'
import { todayDateString } from '../../../shared/post-rules'
import { useDebouncedValue } from '../../hooks/use-debounced-value'
import type { PreviewerDraft } from './post-export'

const DRAFT_KEY = 'kindlewave.blog-preview.draft'
const SAVE_DELAY_MS = 250

/** Spec §4: Published on and Featured off; a starter body to overwrite. */
const emptyDraft = (): PreviewerDraft => ({
  title: '',
  slug: '',
  excerpt: '',
  featuredImage: '',
  publishedAt: todayDateString(),
  published: true,
  featured: false,
  content: '<h2>A heading</h2>\n<p>Start writing your post here.</p>',
})

function loadDraft(): PreviewerDraft {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<PreviewerDraft> | null
    return saved ? { ...emptyDraft(), ...saved } : emptyDraft()
  } catch {
    return emptyDraft()
  }
}

/** The previewer's draft. Nothing is lost: it is saved in this browser as it changes and restored after a reload. */
export function usePreviewerDraft() {
  const [draft, setDraft] = useState<PreviewerDraft>(loadDraft)
  const settled = useDebouncedValue(draft, SAVE_DELAY_MS)

  useEffect(() => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(settled))
  }, [settled])

  const set = <K extends keyof PreviewerDraft>(key: K, value: PreviewerDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  return { draft, set }
}

export type SetDraftField = ReturnType<typeof usePreviewerDraft>['set']
