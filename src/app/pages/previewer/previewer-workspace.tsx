import { useMemo, useRef, useState } from 'react'
import { PREVIEWER_MESSAGES } from '../../../shared/previewer'
import { useToast } from '../../components/toast/toaster'
import { useClientAssets } from '../../document'
import { useDebouncedValue } from '../../hooks/use-debounced-value'
import { exportPostModule } from './post-export'
import { PreviewerEditor } from './previewer-editor'
import { openPreviewerHtmlInNewTab, PreviewerFrame, previewerDocument } from './previewer-frame'
import { appendSnippet, type SnippetCategory } from './snippets'
import { SnippetsPanel } from './snippets-panel'
import { usePreviewerDraft } from './use-previewer-draft'

/** The live preview follows typing after this pause, so fast typing does not re-render the frame each key. */
const PREVIEWER_DELAY_MS = 150

/** The unlocked previewer (spec §2): header actions, snippets, the editor and the live preview. */
export function PreviewerWorkspace() {
  const toast = useToast()
  const { styles } = useClientAssets()
  const { draft, set } = usePreviewerDraft()
  const [showSnippets, setShowSnippets] = useState(true)
  // Kept here, so hiding and showing the snippets returns to the same category.
  const [category, setCategory] = useState<SnippetCategory>('Images')
  const editorRef = useRef<HTMLTextAreaElement>(null)
  const shown = useDebouncedValue(draft, PREVIEWER_DELAY_MS)
  const html = useMemo(() => previewerDocument(shown, styles, window.location.origin), [shown, styles])

  const requireTitle = () => {
    if (draft.title.trim()) return true
    toast({ title: PREVIEWER_MESSAGES.titleRequired, variant: 'destructive' })
    document.getElementById('preview-title')?.focus()
    return false
  }
  const copy = async (text: string, message: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: message })
    } catch {
      toast({
        title: PREVIEWER_MESSAGES.copyFailed,
        description: PREVIEWER_MESSAGES.copyRefused,
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
  const openInNewTab = () => {
    if (!requireTitle()) return
    const origin = window.location.origin
    openPreviewerHtmlInNewTab(previewerDocument(draft, styles, origin), draft.title, origin)
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
            onClick={() => requireTitle() && void copy(draft.content, PREVIEWER_MESSAGES.htmlCopied)}
          >
            Copy HTML
          </button>
          <button type="button" className="button button--ghost button--small" onClick={download}>
            Download .ts File
          </button>
          <button type="button" className="button button--primary button--small" onClick={openInNewTab}>
            Open in New Tab
          </button>
        </div>
      </header>
      <div className={`previewer__columns${showSnippets ? '' : ' previewer__columns--no-snippets'}`}>
        {showSnippets && (
          <SnippetsPanel
            category={category}
            onCategory={setCategory}
            onCopy={(snippet) => void copy(snippet.html, PREVIEWER_MESSAGES.snippetCopied)}
            onInsert={(snippet) => {
              set('content', appendSnippet(draft.content, snippet.html))
              editorRef.current?.focus()
            }}
          />
        )}
        <PreviewerEditor draft={draft} set={set} editorRef={editorRef} />
        <section className="previewer__preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="previewer__heading">
            Preview
          </h2>
          <PreviewerFrame html={html} />
        </section>
      </div>
    </div>
  )
}
