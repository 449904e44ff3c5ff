import { type FormEvent, useId, useRef, useState } from 'react'
import { ANALYTICS_MESSAGES, readRange } from '../../../../shared/analytics'
import { lastDays, type Range } from './analytics-queries'

const PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
]

/** The days the dashboard shows: a preset, or two dates chosen and shown with the button. */
export function RangePicker({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  const id = useId()
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  const [error, setError] = useState<string | null>(null)
  // "Chosen dates" stays chosen while the dates are typed, even where they still match a preset.
  const [custom, setCustom] = useState(false)
  const fromField = useRef<HTMLInputElement>(null)
  const preset = PRESETS.find((candidate) => {
    const last = lastDays(candidate.days)
    return last.from === range.from && last.to === range.to
  })
  const choose = (next: Range) => {
    setFrom(next.from)
    setTo(next.to)
    setError(null)
    onChange(next)
  }
  const pick = (value: string) => {
    setCustom(value === 'custom')
    if (value === 'custom') fromField.current?.focus()
    else choose(lastDays(Number(value)))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = readRange(from, to)
    if (!read.ok) return setError(ANALYTICS_MESSAGES.badRange)
    choose({ from: read.from, to: read.to })
  }
  return (
    <form className="analytics-range" onSubmit={submit} noValidate>
      <label className="field">
        Period
        <select
          value={preset && !custom ? String(preset.days) : 'custom'}
          onChange={(event) => pick(event.target.value)}
        >
          {PRESETS.map((candidate) => (
            <option key={candidate.days} value={candidate.days}>
              {candidate.label}
            </option>
          ))}
          <option value="custom">Chosen dates</option>
        </select>
      </label>
      <label className="field">
        From
        <input
          ref={fromField}
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <label className="field">
        To
        <input
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <button type="submit" className="button button--ghost">
        Show these dates
      </button>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
