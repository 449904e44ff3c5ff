export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title: string
  description?: string
  variant?: ToastVariant
  action?: { label: string; onClick: () => void }
  /** Milliseconds before it closes by itself; defaults to TOAST_DURATION_MS. */
  duration?: number
}

export interface Toast extends ToastInput {
  id: number
  variant: ToastVariant
}

export const TOAST_DURATION_MS = 5000
const MAX_VISIBLE = 3

type Listener = () => void

/** A tiny external store so toasts can be raised from anywhere (handlers, mutations) without re-rendering the page. */
export function createToastStore() {
  let toasts: Toast[] = []
  let nextId = 1
  const listeners = new Set<Listener>()
  const timers = new Map<number, ReturnType<typeof setTimeout>>()
  const emit = () => {
    for (const listener of listeners) listener()
  }

  function dismiss(id: number) {
    clearTimeout(timers.get(id))
    timers.delete(id)
    toasts = toasts.filter((t) => t.id !== id)
    emit()
  }

  function show(input: ToastInput): number {
    // The same message raised again (a second click on a refused form) takes the place of the first, anew,
    // instead of stacking a copy.
    const copy = toasts.find(
      (t) =>
        !t.action &&
        !input.action &&
        t.title === input.title &&
        t.description === input.description &&
        t.variant === (input.variant ?? 'default'),
    )
    if (copy) {
      clearTimeout(timers.get(copy.id))
      timers.delete(copy.id)
      toasts = toasts.filter((t) => t !== copy)
    }
    const id = nextId++
    toasts = [...toasts, { ...input, id, variant: input.variant ?? 'default' }].slice(-MAX_VISIBLE)
    timers.set(
      id,
      setTimeout(() => dismiss(id), input.duration ?? TOAST_DURATION_MS),
    )
    emit()
    return id
  }

  return {
    show,
    dismiss,
    getSnapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type ToastStore = ReturnType<typeof createToastStore>
