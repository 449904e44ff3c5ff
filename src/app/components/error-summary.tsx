import type { Ref } from 'react'

export interface SummaryProblem {
  /** The id of the control to fix, which the problem links to. */
  target: string
  message: string
}

/**
 * What is wrong with a form, listed above it (GOV.UK's error summary): each problem links to its field, and
 * the form moves focus here when it refuses, so a screen reader reads the list and a phone shows it.
 */
export function ErrorSummary({
  id,
  problems,
  summaryRef,
}: {
  id: string
  problems: SummaryProblem[]
  summaryRef?: Ref<HTMLDivElement>
}) {
  if (problems.length === 0) return null
  const focusField = (target: string) => (event: { preventDefault(): void }) => {
    const field = document.getElementById(target)
    if (!field) return
    event.preventDefault()
    field.focus()
    field.scrollIntoView({ block: 'center' })
  }
  return (
    <div id={id} ref={summaryRef} className="error-summary" tabIndex={-1}>
      <div role="alert">
        <h3 className="error-summary__title">There is a problem</h3>
        <ul className="error-summary__list">
          {problems.map(({ target, message }) => (
            <li key={target}>
              <a href={`#${target}`} onClick={focusField(target)}>
                {message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
