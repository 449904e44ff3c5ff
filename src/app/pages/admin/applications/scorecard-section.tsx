import { useId } from 'react'
import type { ApplicationDetail } from '../../../../shared/application-pipeline'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { RECOMMENDATION_LABELS, RECOMMENDATIONS, scorecardSummary } from '../../../../shared/scorecard'
import { useStaffUser } from '../staff-user'
import { ScorecardForm } from './scorecard-form'

/**
 * Scorecards: the summary (how many said what overall, each attribute's mean), each scorecard with its
 * note, and the reader's own to write. An interviewer sees only that the others are in until theirs is.
 */
export function ScorecardSection({ application }: { application: ApplicationDetail }) {
  const id = useId()
  const me = useStaffUser()
  const attributes = application.scorecardAttributes
  const cards = application.scorecards
  const mine = cards.find((card) => card.staffId === me.id) ?? null
  const summary = scorecardSummary(cards, attributes)
  return (
    <section className="scorecards" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="application-review__title">
        Scorecards
      </h4>
      {attributes.length === 0 ? (
        <p className="field__hint">This job's scorecard has no attributes yet: add them in the job's form.</p>
      ) : (
        <>
          {application.scorecardsHidden > 0 && (
            <p className="scorecards__hidden" role="status">
              {`${application.scorecardsHidden} ${application.scorecardsHidden === 1 ? 'scorecard is' : 'scorecards are'} in. You see them once yours is submitted.`}
            </p>
          )}
          {cards.length === 0 && application.scorecardsHidden === 0 && <p className="field__hint">No scorecard yet.</p>}
          {cards.length > 0 && (
            <>
              <p className="scorecards__overall">
                {`${summary.count} ${summary.count === 1 ? 'scorecard' : 'scorecards'}: `}
                {RECOMMENDATIONS.toReversed()
                  .map((value) => `${RECOMMENDATION_LABELS[value]} ${summary.overall[value]}`)
                  .join(' · ')}
              </p>
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
              <ul className="scorecards__list">
                {cards.map((card) => (
                  <li key={card.staffId} className="scorecards__card">
                    <p className="application-history__meta">
                      <span className="application-history__author">{card.by}</span>
                      {' · '}
                      <time dateTime={card.submittedAt}>{formatDisplayDateTime(card.submittedAt)}</time>
                    </p>
                    <p className="scorecards__verdict">{RECOMMENDATION_LABELS[card.overall]}</p>
                    <p className="field__hint">
                      {attributes.map((attribute) => `${attribute}: ${card.ratings[attribute] ?? '—'}`).join(' · ')}
                    </p>
                    {card.note && <p className="application-detail__text">{card.note}</p>}
                  </li>
                ))}
              </ul>
            </>
          )}
          <ScorecardForm
            key={mine?.submittedAt ?? 'new'}
            applicationId={application.id}
            attributes={attributes}
            mine={mine}
            othersHidden={application.scorecardsHidden > 0}
          />
        </>
      )}
    </section>
  )
}
