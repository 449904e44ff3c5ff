import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { todayDateString } from '../../../shared/post-rules'
import { PREVIEW_MESSAGES } from '../../../shared/preview'
import { useToast } from '../../components/toast/toaster'
import { useClientAssets } from '../../document'
import { exportPostModule, type PreviewDraft, resolvedSlug } from './post-export'
import { openPreviewInNewTab, PreviewFrame, previewDocument } from './preview-frame'
import { appendSnippet, SNIPPET_CATEGORIES, SNIPPETS, type SnippetCategory } from './snippets'

const DRAFT_KEY = 'kindlewave.blog-preview.draft'
const emptyDraft = (): PreviewDraft => ({
  title: '',
  slug: '',
  excerpt: '',
  featuredImage: '',
  publishedAt: todayDateString(),
  published: true,
  featured: false,
  content: '<h2>A heading</h2>\n<p>Start writing your post here.</p>',
})

function loadDraft(): PreviewDraft {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<PreviewDraft> | null
    return saved ? { ...emptyDraft(), ...saved } : emptyDraft()
  } catch {
    return emptyDraft()
  }
}

/** Tab inserts two spaces instead of leaving the editor; Shift+Tab still moves focus back. */
function onEditorKeyDown(event: KeyboardEvent<HTMLTextAreaElement>, update: (value: string) => void) {
  if (event.key !== 'Tab' || event.shiftKey) return
  event.preventDefault()
  const area = event.currentTarget
  const { selectionStart, selectionEnd, value } = area
  update(`${value.slice(0, selectionStart)}  ${value.slice(selectionEnd)}`)
  requestAnimationFrame(() => area.setSelectionRange(selectionStart + 2, selectionStart + 2))
}

export function PreviewWorkspace() {
  const toast = useToast()
  const { styles } = useClientAssets()
  const [draft, setDraft] = useState<PreviewDraft>(loadDraft)
  const [showSnippets, setShowSnippets] = useState(true)
  const [category, setCategory] = useState<SnippetCategory>('Images')
  const editorRef = useRef<HTMLTextAreaElement>(null)

  // Nothing lost: the draft is saved as it changes and restored after a reload.
  useEffect(() => {
    const timer = setTimeout(() => localStorage.setItem(DRAFT_KEY, JSON.stringify(draft)), 250)
    return () => clearTimeout(timer)
  }, [draft])

  const [debouncedDraft, setDebouncedDraft] = useState(draft)
  useEffect(() => {
    const timer = setTimeout(() => setDebouncedDraft(draft), 150)
    return () => clearTimeout(timer)
  }, [draft])
  const html = useMemo(() => previewDocument(debouncedDraft, styles, window.location.origin), [debouncedDraft, styles])

  const set = <K extends keyof PreviewDraft>(key: K, value: PreviewDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  const requireTitle = () => {
    if (draft.title.trim()) return true
    toast({ title: PREVIEW_MESSAGES.titleRequired, variant: 'destructive' })
    document.getElementById('preview-title')?.focus()
    return false
  }
  const copy = async (text: string, message: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: message })
    } catch {
      toast({
        title: 'Copy failed',
        description: 'The browser did not allow access to the clipboard.',
        variant: 'destructive',
      })
    }
  }
  const download = () => {
    if (!requireTitle()) return
    const { fileName, source } = exportPostModule(draft)
    const url = URL.createObjectURL(new Blob([source], { type: 'text/plain' }))
    const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  return (
    <div className="previewer">
      <header className="previewer__bar">
        <h1 className="previewer__title">Blog Previewer</h1>
        <div className="previewer__actions">
          <button
            type="button"
            className="button button--ghost button--small"
            aria-pressed={showSnippets}
            onClick={() => setShowSnippets((s) => !s)}
          >
            {showSnippets ? 'Hide Snippets' : 'Show Snippets'}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => requireTitle() && void copy(draft.content, PREVIEW_MESSAGES.htmlCopied)}
          >
            Copy HTML
          </button>
          <button type="button" className="button button--ghost button--small" onClick={download}>
            Download .ts File
          </button>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() =>
              requireTitle() &&
              openPreviewInNewTab(
                previewDocument(draft, styles, window.location.origin),
                draft.title,
                window.location.origin,
              )
            }
          >
            Open in New Tab
          </button>
        </div>
      </header>
      <div className={`previewer__columns${showSnippets ? '' : ' previewer__columns--no-snippets'}`}>
        {showSnippets && (
          <aside className="snippets" aria-labelledby="snippets-title">
            <h2 id="snippets-title" className="previewer__heading">
              Snippets
            </h2>
            {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset */}
            <div className="snippets__tabs" role="group" aria-label="Snippet categories">
              {SNIPPET_CATEGORIES.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="snippets__tab"
                  aria-pressed={name === category}
                  onClick={() => setCategory(name)}
                >
                  {name}
                </button>
              ))}
            </div>
            <ul className="snippets__list">
              {SNIPPETS[category].map((snippet) => (
                <li key={snippet.name} className="snippet">
                  <p className="snippet__name">{snippet.name}</p>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useAriaPropsSupportedByRole: scrollable code must be reachable and named for keyboard users (WCAG 2.1.1) */}
                  <pre className="snippet__code" tabIndex={0} aria-label={`${snippet.name} code`}>
                    {snippet.html}
                  </pre>
                  <div className="snippet__actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => void copy(snippet.html, PREVIEW_MESSAGES.snippetCopied)}
                      aria-label={`Copy ${snippet.name}`}
                    >
                      Copy
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`Insert ${snippet.name}`}
                      onClick={() => {
                        set('content', appendSnippet(draft.content, snippet.html))
                        editorRef.current?.focus()
                      }}
                    >
                      Insert
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </aside>
        )}
        <section className="previewer__editor" aria-labelledby="editor-title">
          <h2 id="editor-title" className="previewer__heading">
            Post
          </h2>
          <div className="previewer__fields">
            <div className="field">
              <label htmlFor="preview-title" className="field__label">
                Title <span aria-hidden="true">*</span>
              </label>
              <input id="preview-title" value={draft.title} required onChange={(e) => set('title', e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="preview-slug" className="field__label">
                Slug
              </label>
              <input
                id="preview-slug"
                value={draft.slug}
                placeholder={resolvedSlug(draft) || 'generated-from-the-title'}
                onChange={(e) => set('slug', e.target.value)}
              />
            </div>
            <div className="field field--wide">
              <label htmlFor="preview-excerpt" className="field__label">
                Excerpt
              </label>
              <input
                id="preview-excerpt"
                value={draft.excerpt}
                placeholder="Defaults to the title"
                onChange={(e) => set('excerpt', e.target.value)}
              />
            </div>
            <div className="field field--wide">
              <label htmlFor="preview-image" className="field__label">
                Featured image URL
              </label>
              <input
                id="preview-image"
                value={draft.featuredImage}
                placeholder="/blog/image.webp or https://…"
                onChange={(e) => set('featuredImage', e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="preview-date" className="field__label">
                Publish date
              </label>
              <input
                id="preview-date"
                type="date"
                value={draft.publishedAt}
                onChange={(e) => set('publishedAt', e.target.value)}
              />
            </div>
            <div className="field previewer__checks">
              <label className="checkbox">
                <input type="checkbox" checked={draft.published} onChange={(e) => set('published', e.target.checked)} />
                Published
              </label>
              <label className="checkbox">
                <input type="checkbox" checked={draft.featured} onChange={(e) => set('featured', e.target.checked)} />
                Featured
              </label>
            </div>
          </div>
          <label htmlFor="preview-html" className="field__label">
            HTML
          </label>
          <textarea
            ref={editorRef}
            id="preview-html"
            className="previewer__code"
            spellCheck={false}
            value={draft.content}
            onChange={(e) => set('content', e.target.value)}
            onKeyDown={(e) => onEditorKeyDown(e, (value) => set('content', value))}
            aria-describedby="preview-html-hint"
          />
          <p id="preview-html-hint" className="field__hint">
            Tab inserts spaces; Shift+Tab leaves the editor. The draft is saved in this browser as you type.
          </p>
        </section>
        <section className="previewer__preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="previewer__heading">
            Preview
          </h2>
          <PreviewFrame html={html} />
        </section>
      </div>
    </div>
  )
}
