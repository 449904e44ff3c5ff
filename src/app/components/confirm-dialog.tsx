import { type ReactNode, useId } from 'react'
import { useModalDialog } from './use-modal-dialog'

interface ConfirmDialogProps {
  open: boolean
  title: string
  message: string
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
  /** A choice that goes with the confirmation, shown under the message. */
  children?: ReactNode
  /** The confirm button looks dangerous unless the action can be undone (publishing, tagging). */
  destructive?: boolean
}

/**
 * A modal confirmation on the native <dialog>: focus moves into it and stays there, Escape cancels,
 * and focus returns to whatever opened it.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
  destructive = true,
}: ConfirmDialogProps) {
  const ref = useModalDialog(open)
  // Several confirmations can live on one screen: each names itself by its own ids.
  const id = useId()

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={`${id}-title`} className="dialog__title">
        {title}
      </h2>
      <p id={`${id}-message`} className="dialog__message">
        {message}
      </p>
      {children}
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          // biome-ignore lint/a11y/noAutofocus: a modal dialog starts on its least destructive action (WAI-ARIA dialog pattern)
          autoFocus
        >
          Cancel
        </button>
        <button
          type="button"
          className={`button ${destructive ? 'button--danger' : 'button--primary'}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
