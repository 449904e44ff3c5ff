import { type KeyboardEvent as ReactKeyboardEvent, useState } from 'react'
import type { PostDetail, PostSummary } from '../../../shared/blog'
import { formatDisplayDateTime } from '../../../shared/dates'
import { editingNotice } from '../../../shared/post-version'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'
import { PostReaders } from './analytics/post-readers'
import { DraftLinkPanel } from './draft-link-panel'
import { PostContentField, PostDetailsFields, PostPublishingFields } from './post-form-fields'
import { PostPreviewDialog } from './post-preview-dialog'
import { RevisionHistory } from './revision-history'
import { SearchSettingsFields } from './search-settings-fields'
import { StaleSaveDialog } from './stale-save-dialog'
import { POST_FORM_ID, type PostFormState } from './use-post-form'
import { usePostPresence } from './use-post-presence'

/** A copy of unsaved changes from an earlier visit: the administrator takes it back or lets it go. */
function LocalCopyOffer({ form }: { form: PostFormState }) {
  const toast = useToast()
  if (!form.localCopy) return null
  const { copy, stale } = form.localCopy
  return (
    <div className="form-outcome form-outcome--notice local-copy" role="status">
      <p>
        This browser kept unsaved changes to this post from {formatDisplayDateTime(copy.savedAt)}
        {copy.values.title ? ` ("${copy.values.title}")` : ''}.
        {stale && ' They were made on an earlier version: the post has been saved since.'}
      </p>
      <div className="local-copy__actions">
        <button
          type="button"
          className="button button--small button--primary"
          onClick={() => {
            form.restoreLocalCopy(copy)
            toast(ADMIN_TOASTS.localCopyRestored)
          }}
        >
          Restore unsaved changes
        </button>
        <button type="button" className="button button--small button--ghost" onClick={form.discardLocalCopy}>
          Discard them
        </button>
      </div>
    </div>
  )
}

/** "{name} is editing this post", while someone else has it open. */
function EditingNotice({ postId }: { postId: number | null }) {
  const others = usePostPresence(postId)
  return (
    // Always in the page, so that screen readers announce the words when they appear.
    <p className={others.length > 0 ? 'form-outcome editing-notice' : 'editing-notice'} role="status">
      {others.length > 0 ? editingNotice(others) : ''}
    </p>
  )
}

/**
 * Ctrl+S, or ⌘S on a Mac: by the key's place as well as its letter, so a Cyrillic or Hebrew layout works;
 * not with Shift or Alt (other programs' shortcuts, AltGr letters).
 */
const isSaveShortcut = (event: ReactKeyboardEvent) =>
  (event.key.toLowerCase() === 's' || event.code === 'KeyS') &&
  (event.ctrlKey || event.metaKey) &&
  !event.shiftKey &&
  !event.altKey

/** Save Post (spec §4, back to the list), Save and keep editing (Ctrl/⌘+S), Preview and Cancel Edit. */
function PostFormActions({
  form,
  editing,
  onPreview,
  onCancel,
}: {
  form: PostFormState
  editing: boolean
  onPreview: () => void
  onCancel: () => void
}) {
  const disabled = form.saving || !form.contentReady
  return (
    <div className="post-form__actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {form.saving ? 'Saving Post...' : editing ? 'Update Post' : 'Save Post'}
      </button>
      <button
        type="button"
        className="button button--ghost"
        onClick={form.saveAndKeepEditing}
        // Not disabled while saving (a second press is ignored): a disabled button would drop the focus.
        disabled={!form.contentReady}
        aria-keyshortcuts="Control+S"
      >
        Save and keep editing
      </button>
      <button type="button" className="button button--ghost" onClick={onPreview} disabled={!form.contentReady}>
        Preview
      </button>
      {editing && (
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel Edit
        </button>
      )}
      <span className="post-form__state" aria-live="polite">
        {form.dirty ? 'Unsaved changes' : ''}
      </span>
    </div>
  )
}

/** Add Post / Edit Post (spec §2, §4 form modes, §5 rules, §8 toasts), with preview, history and autosave. */
export function PostForm({
  form,
  editing,
  onCancel,
  onRestored,
}: {
  /** Held by the workspace, so the writing outlives this tab. */
  form: PostFormState
  editing: PostSummary | null
  onCancel: () => void
  onRestored: (post: PostDetail) => void
}) {
  const [previewing, setPreviewing] = useState(false)
  return (
    <div className="post-editor">
      <form
        id={POST_FORM_ID}
        className="post-form"
        onSubmit={form.onSubmit}
        onKeyDown={(event) => {
          if (!isSaveShortcut(event)) return
          // Never the browser's "Save page"; the post only from the form itself, not from a dialog over it.
          event.preventDefault()
          const target = event.target as Element
          if (!event.repeat && !target.closest('dialog')) form.saveAndKeepEditing()
        }}
        noValidate
        aria-labelledby="post-form-title"
        aria-busy={!form.contentReady}
      >
        <h2 id="post-form-title" className="admin-section__title">
          {editing ? 'Edit Post' : 'Add New Post'}
        </h2>
        <EditingNotice postId={editing?.id ?? null} />
        <LocalCopyOffer form={form} />
        {form.uneditable && (
          <p className="form-outcome form-outcome--error" role="alert">
            This post contains something the editor cannot keep yet (a video in a figure, a caption on a gallery, or a
            toggle without a question or with more than paragraphs in its answer). Saving here will remove it; edit this
            post's HTML in the blog previewer instead.
          </p>
        )}
        {form.hasErrors && (
          <p className="form-outcome form-outcome--error" role="alert">
            Please fix the form errors before submitting
          </p>
        )}
        <div className="post-form__grid">
          <PostDetailsFields form={form} />
          <PostContentField form={form} />
          <PostPublishingFields form={form} />
          <SearchSettingsFields form={form} />
        </div>
        <PostFormActions
          form={form}
          editing={editing !== null}
          onPreview={() => setPreviewing(true)}
          onCancel={onCancel}
        />
      </form>
      <div className="post-editor__tools">
        {editing?.status === 'published' && <PostReaders slug={editing.slug} />}
        <DraftLinkPanel post={editing ? form.post : undefined} />
        <RevisionHistory
          post={editing ? form.post : undefined}
          version={form.version}
          unsavedChanges={form.dirty}
          onRestored={(post) => {
            form.discardLocalCopy()
            onRestored(post)
          }}
        />
      </div>
      <PostPreviewDialog
        open={previewing}
        values={form.values}
        base={editing ? form.post : undefined}
        onClose={() => setPreviewing(false)}
      />
      <ConfirmDialog
        open={form.slugConflict !== null}
        title="Take over this address?"
        message={form.slugConflict ?? ''}
        confirmLabel="Use this slug"
        busy={form.saving}
        onConfirm={form.confirmSlugTakeover}
        onCancel={form.cancelSlugTakeover}
      />
      <StaleSaveDialog
        stale={form.staleSave}
        postId={editing?.id ?? null}
        mine={form.values}
        busy={form.saving}
        onKeepTheirs={form.keepTheirs}
        onReplace={form.replaceTheirs}
        onCopyMine={form.copyMine}
        onCancel={form.keepEditing}
      />
    </div>
  )
}
