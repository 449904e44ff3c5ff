/** The admin's "could not load" panel with its 'Retry Loading' button (spec §2). */
export function LoadError({ title, message, onRetry }: { title: string; message?: string; onRetry: () => void }) {
  return (
    <div className="admin-error" role="alert">
      <p className="admin-error__title">{title}</p>
      {message && <p>{message}</p>}
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Retry Loading
      </button>
    </div>
  )
}
