import { type KeyboardEvent, useId, useState } from 'react'
import type { AnalyticsDay } from '../../../../shared/analytics'
import { formatDisplayDate } from '../../../../shared/dates'
import { FiguresTable } from './figures-table'

const WIDTH = 720
const HEIGHT = 200
const PAD = 4

const said = (day: AnalyticsDay) =>
  `${formatDisplayDate(`${day.date}T12:00:00Z`)}: ${day.views} ${day.views === 1 ? 'view' : 'views'}, ${day.visitors} ${day.visitors === 1 ? 'visitor' : 'visitors'}`

/** Which day the arrow keys, Home and End move to from `index`, or null for another key. */
function step(key: string, index: number, last: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return Math.min(index + 1, last)
  if (key === 'ArrowLeft' || key === 'ArrowDown') return Math.max(index - 1, 0)
  if (key === 'Home') return 0
  if (key === 'End') return last
  return null
}

/**
 * Views (bars) and visitors (the darker inner bars) per day, drawn by React as SVG. The chart is one tab
 * stop: the arrow keys, Home and End move between days, and the chosen day's figures are said beside it
 * (and read out). The same figures are in the table below, for reading or copying.
 */
export function VisitsChart({ days, fileName }: { days: AnalyticsDay[]; fileName: string }) {
  const id = useId()
  const [active, setActive] = useState(days.length - 1)
  const chosen = days[Math.min(active, days.length - 1)]
  const top = Math.max(1, ...days.map((day) => day.views))
  const slot = (WIDTH - PAD * 2) / Math.max(days.length, 1)
  const height = (value: number) => (value / top) * (HEIGHT - PAD * 2)
  const onKeyDown = (event: KeyboardEvent) => {
    const next = step(event.key, Math.min(active, days.length - 1), days.length - 1)
    if (next === null) return
    event.preventDefault()
    setActive(next)
  }
  return (
    <figure className="visits-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="visits-chart__caption">
        Views and visitors per day
      </figcaption>
      {/* biome-ignore lint/a11y/useSemanticElements: a chart, not a group of form fields (fieldset) */}
      <div
        className="visits-chart__plot"
        role="group"
        aria-roledescription="chart"
        aria-label="Views and visitors per day. Use the arrow keys to move between days."
        aria-describedby={`${id}-day`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is one tab stop its arrow keys move within
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          {days.map((day, index) => {
            const x = PAD + index * slot
            const chosenDay = day === chosen
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: a pointer's shortcut; the keys do the same on the group
              <g
                key={day.date}
                onClick={() => setActive(index)}
                className={chosenDay ? 'visits-chart__day--chosen' : undefined}
              >
                <rect x={x} y={0} width={slot} height={HEIGHT} className="visits-chart__hit" />
                <rect
                  x={x + slot * 0.1}
                  y={HEIGHT - PAD - height(day.views)}
                  width={slot * 0.8}
                  height={height(day.views)}
                  className="visits-chart__views"
                />
                <rect
                  x={x + slot * 0.3}
                  y={HEIGHT - PAD - height(day.visitors)}
                  width={slot * 0.4}
                  height={height(day.visitors)}
                  className="visits-chart__visitors"
                />
              </g>
            )
          })}
        </svg>
        <div className="visits-chart__axis" aria-hidden="true">
          <span>{days[0]?.date}</span>
          <span>{`Highest: ${top} ${top === 1 ? 'view' : 'views'}`}</span>
          <span>{days.at(-1)?.date}</span>
        </div>
      </div>
      <p id={`${id}-day`} className="visits-chart__day" aria-live="polite">
        {chosen ? said(chosen) : 'No days chosen.'}
      </p>
      <p className="visits-chart__legend" aria-hidden="true">
        <span className="visits-chart__key visits-chart__key--views" /> Views
        <span className="visits-chart__key visits-chart__key--visitors" /> Visitors
      </p>
      <details className="visits-chart__table">
        <summary>Show the days as a table</summary>
        <FiguresTable
          title="Views and visitors per day"
          rows={days}
          fileName={fileName}
          columns={[
            { label: 'Day', value: (day) => day.date },
            { label: 'Views', value: (day) => day.views, numeric: true },
            { label: 'Visitors', value: (day) => day.visitors, numeric: true },
          ]}
        />
      </details>
    </figure>
  )
}
