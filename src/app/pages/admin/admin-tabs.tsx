import { type KeyboardEvent, type ReactNode, useRef } from 'react'

export interface TabSpec<T extends string> {
  id: T
  label: string
}

/** The WAI-ARIA tabs pattern: one tab stop, arrow keys and Home/End move between tabs. */
export function AdminTabs<T extends string>({
  tabs,
  current,
  onChange,
  children,
}: {
  tabs: TabSpec<T>[]
  current: T
  onChange: (id: T) => void
  children: ReactNode
}) {
  const listRef = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1
    if (next < 0) return
    event.preventDefault()
    onChange(tabs[next]!.id)
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus()
  }
  return (
    <>
      <div ref={listRef} role="tablist" aria-label="Blog administration" className="admin-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === current}
            aria-controls={tab.id === current ? `panel-${tab.id}` : undefined}
            tabIndex={tab.id === current ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${current}`}
        aria-labelledby={`tab-${current}`}
        className="admin-tabs__panel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the panel a tab stop
        tabIndex={0}
      >
        {children}
      </div>
    </>
  )
}
