import { useId, useRef } from 'react'
import type { ApplicationDetail } from '../../../../shared/application-pipeline'
import { formatDisplayDateTime } from '../../../../shared/dates'
import {
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  ratingOf,
  type Scorecard,
  scorecardSummary,
} from '../../../../shared/scorecard'
import { useStaffUser } from '../staff-user'
import { ScorecardForm } from './scorecard-form'

/** How many said what overall, each attribute's mean, and each scorecard with its note. */
function ScorecardSummary({ cards, attributes }: { cards: Scorecard[]; attributes: string[] }) {
  const summary = scorecardSummary(cards, attributes)
  return (
    <>
      <p className="scorecards__overall">
        {`${summary.count} ${summary.count === 1 ? 'scorecard' : 'scorecards'}: `}
        {RECOMMENDATIONS.toReversed()
          .map((value) => `${RECOMMENDATION_LABELS[value]} ${summary.overall[value]}`)
          .join(' · ')}
      </p>
      {attributes.length > 0 && (
        <table className="scorecards__table">
          <caption className="visually-hidden">Mean rating of each attribute, out of 4</caption>
          <thead>
            <tr>
              <th scope="col">Attribute</th>
              <th scope="col">Mean (of 4)</th>
            </tr>
          </thead>
          <tbody>
            {summary.averages.map(({ attribute, average }) => (
              <tr key={attribute}>
                <th scope="row">{attribute}</th>
                <td>{average ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ul className="scorecards__list">
        {cards.map((card) => (
          <li key={card.staffId} className="scorecards__card">
            <p className="application-history__meta">
              <span className="application-history__author">{card.by}</span>
              {' · '}
              <time dateTime={card.submittedAt}>{formatDisplayDateTime(card.submittedAt)}</time>
            </p>
            <p className="scorecards__verdict">{RECOMMENDATION_LABELS[card.overall]}</p>
            {/* What the card rated, even an attribute the job has dropped since. */}
            <p className="field__hint">
              {Object.keys(card.ratings)
                .map((attribute) => `${attribute}: ${ratingOf(card.ratings, attribute)}`)
                .join(' · ')}
            </p>
            {card.note && <p className="application-detail__text">{card.note}</p>}
          </li>
        ))}
      </ul>
    </>
  )
}

/**
 * Scorecards: the summary and each card, and the reader's own to write (final once in). An interviewer
 * sees only that the others are in until theirs is.
 */
export function ScorecardSection({ application }: { application: ApplicationDetail }) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const me = useStaffUser()
  const attributes = application.scorecardAttributes
  const cards = application.scorecards
  const mine = cards.some((card) => card.staffId === me.id)
  const hidden = application.scorecardsHidden
  return (
    <section className="scorecards" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} ref={heading} tabIndex={-1} className="application-review__title">
        Scorecards
      </h4>
      {hidden > 0 && (
        <p className="scorecards__hidden" role="status">
          {`${hidden} ${hidden === 1 ? 'scorecard is' : 'scorecards are'} in. You see them once yours is submitted.`}
        </p>
      )}
      {cards.length === 0 && hidden === 0 && <p className="field__hint">No scorecard yet.</p>}
      {cards.length > 0 && <ScorecardSummary cards={cards} attributes={attributes} />}
      {attributes.length === 0 ? (
        <p className="field__hint">This job's scorecard has no attributes yet: add them in the job's form.</p>
      ) : mine ? (
        <p className="field__hint">Your scorecard is in.</p>
      ) : (
        <ScorecardForm
          applicationId={application.id}
          attributes={attributes}
          othersHidden={hidden > 0}
          // The form goes once it is in: the reader is taken to the scorecards they may now read.
          onSubmitted={() => heading.current?.focus()}
        />
      )}
    </section>
  )
}
