import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { formatDisplayDateTime } from '../../../shared/dates'
import { type StalePostAnswer, staleSaveMessage } from '../../../shared/post-version'
import { useModalDialog } from '../../components/use-modal-dialog'
import { adminQueries } from './admin-queries'
import type { PostFormValues } from './post-form-values'

/** What a reader sees of a post's HTML: its text (neither version is rendered here). */
const textOf = (html: string) =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim()

interface Side {
  title: string
  excerpt: string
  status: string
  text: string
}

const FIELDS: { key: keyof Side; label: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'excerpt', label: 'Excerpt' },
  { key: 'status', label: 'Status' },
  { key: 'text', label: 'Text' },
]

/**
 * Someone saved the post after it was opened here: their version and this one side by side, each field
 * marked where they differ. Keep theirs (this form takes their version), replace with mine (theirs stays
 * in the history), or copy mine out first.
 */
export function StaleSaveDialog({
  stale,
  postId,
  mine,
  busy,
  onKeepTheirs,
  onReplace,
  onCopyMine,
  onCancel,
}: {
  stale: StalePostAnswer | null
  postId: number | null
  mine: PostFormValues
  busy: boolean
  onKeepTheirs: () => void
  onReplace: () => void
  onCopyMine: (text: string) => void
  onCancel: () => void
}) {
  const ref = useModalDialog(stale !== null)
  const id = useId()
  const theirs = useQuery({ ...adminQueries.post(postId ?? 0), enabled: stale !== null && postId !== null })
  const sides: [string, Side | null][] = [
    [
      stale ? `Theirs: ${stale.savedBy}, ${formatDisplayDateTime(stale.savedAt)}` : 'Theirs',
      theirs.data
        ? {
            title: theirs.data.title,
            excerpt: theirs.data.excerpt,
            status: theirs.data.status,
            text: textOf(theirs.data.content),
          }
        : null,
    ],
    [
      'Yours (not saved)',
      { title: mine.title, excerpt: mine.excerpt, status: mine.status, text: textOf(mine.content) },
    ],
  ]
  const [, their] = sides[0]!
  const [, yours] = sides[1]!
  return (
    <dialog
      ref={ref}
      className="dialog dialog--compare"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={`${id}-title`} className="dialog__title">
        Saved by someone else
      </h2>
      <p id={`${id}-message`} className="dialog__message">
        {stale ? staleSaveMessage(stale, formatDisplayDateTime(stale.savedAt)) : ''}
      </p>
      <div className="compare">
        {sides.map(([heading, side]) => (
          <section key={heading} className="compare__side" aria-label={heading}>
            <h3 className="compare__heading">{heading}</h3>
            {side === null ? (
              <p role="status">Loading their version...</p>
            ) : (
              <dl className="compare__fields">
                {FIELDS.map(({ key, label }) => (
                  <div
                    key={key}
                    className={
                      their && yours && their[key] !== yours[key]
                        ? 'compare__field compare__field--differs'
                        : 'compare__field'
                    }
                  >
                    <dt>
                      {label}
                      {their && yours && their[key] !== yours[key] && (
                        <span className="badge badge--invited">Differs</span>
                      )}
                    </dt>
                    <dd>{side[key] || '—'}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        ))}
      </div>
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          // biome-ignore lint/a11y/noAutofocus: a modal dialog starts on its least destructive action (WAI-ARIA dialog pattern)
          autoFocus
        >
          Keep editing
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => yours && onCopyMine(`${yours.title}\n\n${yours.text}`)}
        >
          Copy mine
        </button>
        <button type="button" className="button button--ghost" disabled={busy || !theirs.data} onClick={onKeepTheirs}>
          Keep theirs
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onReplace}>
          Replace with mine
        </button>
      </div>
    </dialog>
  )
}
