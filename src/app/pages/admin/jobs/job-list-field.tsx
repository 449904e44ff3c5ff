import { useLayoutEffect, useRef, useState } from 'react'
import { JOB_LIMITS } from '../../../../shared/job-rules'
import { type ListItem, listItem } from './job-form-values'

type Control = 'text' | 'up' | 'down' | 'remove' | 'add'

/**
 * A list the recruiter edits line by line: add, remove, and move up or down with buttons, all by
 * keyboard. Focus stays on the control that was used (on the line it moved with), a removed line hands
 * it to the next one, and each change is announced.
 */
export function JobListField({
  id,
  label,
  itemLabel,
  items,
  error,
  onChange,
}: {
  id: string
  label: string
  itemLabel: string
  items: ListItem[]
  error?: string
  onChange: (items: ListItem[]) => void
}) {
  const [announcement, setAnnouncement] = useState('')
  const focusNext = useRef<{ key: string; control: Control } | null>(null)
  const controlId = (key: string, control: Control) => (control === 'add' ? `${id}-add` : `${id}-${key}-${control}`)
  useLayoutEffect(() => {
    const next = focusNext.current
    if (!next) return
    focusNext.current = null
    document.getElementById(controlId(next.key, next.control))?.focus()
  })
  const name = (position: number) => `${itemLabel} ${position}`

  const move = (index: number, by: -1 | 1) => {
    const to = index + by
    if (to < 0 || to >= items.length) return
    const next = [...items]
    const [moved] = next.splice(index, 1)
    next.splice(to, 0, moved!)
    focusNext.current = { key: moved!.key, control: by < 0 ? 'up' : 'down' }
    setAnnouncement(`${name(index + 1)} moved to position ${to + 1} of ${items.length}`)
    onChange(next)
  }
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index)
    const neighbour = next[index] ?? next[index - 1]
    focusNext.current = neighbour ? { key: neighbour.key, control: 'text' } : { key: '', control: 'add' }
    setAnnouncement(`${name(index + 1)} removed; ${next.length} left`)
    onChange(next)
  }
  const edit = (item: ListItem, text: string) => onChange(items.map((i) => (i === item ? { ...i, text } : i)))
  const add = () => {
    const item = listItem()
    focusNext.current = { key: item.key, control: 'text' }
    setAnnouncement(`${name(items.length + 1)} added`)
    onChange([...items, item])
  }

  return (
    <fieldset id={id} className="job-list-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{label}</legend>
      <ol className="job-list-field__items">
        {items.map((item, index) => (
          <li key={item.key} className="job-list-field__item">
            <label htmlFor={controlId(item.key, 'text')} className="visually-hidden">
              {name(index + 1)}
            </label>
            <textarea
              id={controlId(item.key, 'text')}
              value={item.text}
              rows={2}
              maxLength={JOB_LIMITS.listItem}
              aria-invalid={error ? true : undefined}
              // One line per item: a pasted line break becomes a space.
              onChange={(event) => edit(item, event.target.value.replace(/\s*[\r\n]+\s*/g, ' '))}
            />
            <div className="job-list-field__buttons">
              {(['up', 'down'] as const).map((direction) => {
                const blocked = direction === 'up' ? index === 0 : index === items.length - 1
                return (
                  <button
                    key={direction}
                    type="button"
                    id={controlId(item.key, direction)}
                    className="button button--small button--ghost"
                    // Stays focusable at the ends, so focus is not lost when a line reaches the top or bottom.
                    aria-disabled={blocked || undefined}
                    aria-label={`Move ${name(index + 1)} ${direction}`}
                    onClick={() => move(index, direction === 'up' ? -1 : 1)}
                  >
                    <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
                  </button>
                )
              })}
              <button
                type="button"
                id={controlId(item.key, 'remove')}
                className="button button--small button--danger"
                aria-label={`Remove ${name(index + 1)}`}
                onClick={() => remove(index)}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" id={controlId('', 'add')} className="button button--small button--ghost" onClick={add}>
        {`Add ${itemLabel.toLowerCase()}`}
      </button>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  )
}
