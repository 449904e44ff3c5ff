import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react'
import { createToastStore, type Toast, type ToastInput, type ToastStore } from './toast-store'

const ToastContext = createContext<ToastStore | null>(null)
const noToasts: Toast[] = []

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore)
  return (
    <ToastContext.Provider value={store}>
      {children}
      <Toaster store={store} />
    </ToastContext.Provider>
  )
}

/** Returns `toast({ title, description, variant, action })`. */
export function useToast(): (input: ToastInput) => number {
  const store = useContext(ToastContext)
  if (!store) throw new Error('useToast must be used inside ToastProvider')
  return store.show
}

function Toaster({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, () => noToasts)
  return (
    <section className="toaster" aria-label="Notifications">
      {/* Each toast's body is its own status or alert region, so the list itself is not live. */}
      <ol className="toaster__list">
        {toasts.map((t) => (
          <li key={t.id} className={`toast toast--${t.variant}`}>
            <div className="toast__body" role={t.variant === 'destructive' ? 'alert' : 'status'}>
              <p className="toast__title">{t.title}</p>
              {t.description && <p className="toast__description">{t.description}</p>}
            </div>
            {t.action && (
              <button
                type="button"
                className="toast__action"
                onClick={() => {
                  t.action?.onClick()
                  store.dismiss(t.id)
                }}
              >
                {t.action.label}
              </button>
            )}
            <button
              type="button"
              className="toast__close"
              aria-label="Close notification"
              onClick={() => store.dismiss(t.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  )
}
