import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { SCORECARD_LIMITS } from '../../../../shared/scorecard'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { scorecardQueries, scorecardWrites } from '../applications/interview-queries'
import { LoadError } from '../load-error'

/**
 * What the job's interviewers rate on their scorecards (craft, collaboration...), each on a 4-point scale,
 * saved as soon as it changes. Only for a job that exists, like its hiring team.
 */
export function ScorecardField({ jobId }: { jobId: number }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const scorecard = useQuery(scorecardQueries.ofJob(jobId))
  const [draft, setDraft] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const save = useMutation({
    mutationFn: (attributes: string[]) => scorecardWrites.setAttributes(jobId, attributes),
    onSuccess: (saved) => {
      toast(ADMIN_TOASTS.scorecardAttributesSaved)
      setDraft('')
      queryClient.setQueryData(scorecardQueries.ofJob(jobId).queryKey, saved)
    },
    onError: (error) => toast(ADMIN_TOASTS.scorecardAttributesFailed(error)),
  })
  if (scorecard.isPending) return <LoadingSkeleton label="Loading the scorecard..." lines={2} />
  if (scorecard.isError)
    return <LoadError title="Error loading the scorecard" onRetry={() => void scorecard.refetch()} />
  const attributes = scorecard.data.attributes
  const full = attributes.length >= SCORECARD_LIMITS.attributes
  const add = () => {
    if (draft.trim()) save.mutate([...attributes, draft])
  }
  return (
    <fieldset className="job-questions" aria-describedby={`${id}-hint`}>
      <legend className="field__label">Scorecard</legend>
      <p id={`${id}-hint`} className="field__hint">
        What interviewers rate, each from 1 to 4, beside their overall recommendation. Changes here are saved at once.
      </p>
      <ul className="job-questions__list">
        {attributes.map((attribute) => (
          <li key={attribute} className="job-question__row">
            <span>{attribute}</span>
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={save.isPending}
              onClick={() => {
                // The button goes with its line: the keyboard stays in the scorecard, on its new line.
                input.current?.focus()
                save.mutate(attributes.filter((one) => one !== attribute))
              }}
            >
              Remove<span className="visually-hidden">{` ${attribute} from the scorecard`}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="job-question__row">
        <label htmlFor={`${id}-new`}>Attribute</label>
        <input
          id={`${id}-new`}
          ref={input}
          value={draft}
          maxLength={SCORECARD_LIMITS.attribute}
          aria-describedby={full ? `${id}-full` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the attribute; it must not submit the job's own form around it.
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
        />
        <button
          type="button"
          className="button button--small"
          disabled={!draft.trim() || full || save.isPending}
          onClick={add}
        >
          Add to the scorecard
        </button>
      </div>
      {full && (
        <p
          id={`${id}-full`}
          className="field__hint"
        >{`A scorecard holds at most ${SCORECARD_LIMITS.attributes} attributes.`}</p>
      )}
    </fieldset>
  )
}
