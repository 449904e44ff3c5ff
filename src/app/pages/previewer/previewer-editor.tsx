import type { KeyboardEvent, Ref } from 'react'
import { FormField } from '../../components/form-field'
import { type PreviewerDraft, resolvedSlug } from './post-export'
import type { SetDraftField } from './use-previewer-draft'

/** Tab inserts two spaces instead of leaving the editor; Shift+Tab still moves focus back. */
function onEditorKeyDown(event: KeyboardEvent<HTMLTextAreaElement>, update: (value: string) => void) {
  if (event.key !== 'Tab' || event.shiftKey) return
  event.preventDefault()
  const area = event.currentTarget
  const { selectionStart, selectionEnd, value } = area
  update(`${value.slice(0, selectionStart)}  ${value.slice(selectionEnd)}`)
  requestAnimationFrame(() => area.setSelectionRange(selectionStart + 2, selectionStart + 2))
}

/** Spec §2, middle column: the post's metadata and its HTML. */
export function PreviewerEditor({
  draft,
  set,
  editorRef,
}: {
  draft: PreviewerDraft
  set: SetDraftField
  editorRef: Ref<HTMLTextAreaElement>
}) {
  return (
    <section className="previewer__editor" aria-labelledby="editor-title">
      <h2 id="editor-title" className="previewer__heading">
        Post
      </h2>
      <div className="previewer__fields">
        <FormField
          id="preview-title"
          label={
            <>
              Title <span aria-hidden="true">*</span>
            </>
          }
        >
          {(control) => (
            <input {...control} value={draft.title} required onChange={(e) => set('title', e.target.value)} />
          )}
        </FormField>
        <FormField id="preview-slug" label="Slug">
          {(control) => (
            <input
              {...control}
              value={draft.slug}
              placeholder={resolvedSlug(draft) || 'generated-from-the-title'}
              onChange={(e) => set('slug', e.target.value)}
            />
          )}
        </FormField>
        <FormField id="preview-excerpt" label="Excerpt" wide>
          {(control) => (
            <input
              {...control}
              value={draft.excerpt}
              placeholder="Defaults to the title"
              onChange={(e) => set('excerpt', e.target.value)}
            />
          )}
        </FormField>
        <FormField id="preview-image" label="Featured image URL" wide>
          {(control) => (
            <input
              {...control}
              value={draft.featuredImage}
              placeholder="/blog/image.webp or https://…"
              onChange={(e) => set('featuredImage', e.target.value)}
            />
          )}
        </FormField>
        <FormField id="preview-date" label="Publish date">
          {(control) => (
            <input
              {...control}
              type="date"
              value={draft.publishedAt}
              onChange={(e) => set('publishedAt', e.target.value)}
            />
          )}
        </FormField>
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
  )
}
