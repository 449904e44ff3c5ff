import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import {
  RATING_LABELS,
  RATINGS,
  type Rating,
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  type Recommendation,
  ratingOf,
  SCORECARD_LIMITS,
} from '../../../../shared/scorecard'
import { useToast } from '../../../components/toast/toaster'
import { errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { refreshApplications } from '../admin-queries'
import { scorecardWrites } from './interview-queries'

/** One rating as a group of radio buttons, named by what it rates. */
function Choice<Value extends string | number>({
  legend,
  name,
  values,
  labels,
  value,
  onChange,
}: {
  legend: string
  name: string
  values: readonly Value[]
  labels: Record<Value, string>
  value: Value | undefined
  onChange: (value: Value) => void
}) {
  return (
    <fieldset className="scorecard-form__choice">
      <legend className="field__label">{legend}</legend>
      {values.map((option) => (
        <label key={option} className="scorecard-form__option">
          <input type="radio" name={name} required checked={value === option} onChange={() => onChange(option)} />
          {typeof option === 'number' ? `${option} · ${labels[option]}` : labels[option]}
        </label>
      ))}
    </fieldset>
  )
}

/** The reader's own scorecard: each attribute rated 1 to 4, an overall recommendation and a note. */
export function ScorecardForm({
  applicationId,
  attributes,
  othersHidden,
  onSubmitted,
}: {
  applicationId: number
  attributes: string[]
  /** Whether the others' scorecards wait for this one (an interviewer's). */
  othersHidden: boolean
  onSubmitted: () => void
}) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [ratings, setRatings] = useState<Record<string, Rating>>({})
  const [overall, setOverall] = useState<Recommendation | undefined>()
  const [note, setNote] = useState('')
  const submit = useMutation({
    // The attributes as they are now: one removed since the form opened is not sent.
    mutationFn: () =>
      scorecardWrites.submit(applicationId, {
        ratings: Object.fromEntries(
          attributes.flatMap((name) => {
            const rating = ratingOf(ratings, name)
            return rating === undefined ? [] : [[name, rating]]
          }),
        ),
        overall: overall!,
        note,
      }),
    onSuccess: () => {
      toast(ADMIN_TOASTS.scorecardSaved)
      onSubmitted()
      void refreshApplications(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.scorecardFailed(error)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (overall) submit.mutate()
  }
  return (
    <form className="scorecard-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className="scorecard-form__title">
        {othersHidden
          ? 'Your scorecard (the others show once yours is in; it cannot be changed after)'
          : 'Your scorecard (it cannot be changed once submitted)'}
      </h5>
      {attributes.map((attribute, index) => (
        <Choice
          key={attribute}
          legend={attribute}
          name={`${id}-attribute-${index}`}
          values={RATINGS}
          labels={RATING_LABELS}
          value={ratingOf(ratings, attribute)}
          onChange={(rating) => setRatings((now) => ({ ...now, [attribute]: rating }))}
        />
      ))}
      <Choice
        legend="Overall recommendation"
        name={`${id}-overall`}
        values={RECOMMENDATIONS}
        labels={RECOMMENDATION_LABELS}
        value={overall}
        onChange={setOverall}
      />
      <div className="field field--wide">
        <label htmlFor={`${id}-note`} className="field__label">
          Note (optional)
        </label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={SCORECARD_LIMITS.note}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {submit.isError && (
        <p className="field__error" role="alert">
          {errorMessage(submit.error, 'The scorecard could not be saved.')}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit scorecard'}
      </button>
    </form>
  )
}
