import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { ApplicationSummary } from '../../../../shared/application-pipeline'
import { tomorrowAtNine } from '../../../../shared/candidate-email'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { refreshApplications } from '../admin-queries'
import { emailQueries, emailWrites } from './email-queries'

/**
 * The candidates ticked in the list, rejected with a template at once: after one confirmation naming how
 * many and which template, each is sent it and moved to Rejected (POST /api/admin/applications/bulk-reject).
 */
export function RejectBar({
  selected,
  onDone,
}: {
  selected: Pick<ApplicationSummary, 'id' | 'fullName'>[]
  onDone: (ids: number[]) => void
}) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const templates = useQuery(emailQueries.templates()).data?.templates ?? []
  const [chosen, setChosen] = useState<number | null>(null)
  const [asking, setAsking] = useState(false)
  // Told now, or tomorrow at 9:00 (the reader's time): a kinder hour than the end of a long review.
  const [later, setLater] = useState(false)
  // The rejection template unless another is chosen; never some other template by default.
  const template =
    templates.find((candidate) => candidate.id === chosen) ??
    (chosen === null ? templates.find((candidate) => candidate.name === 'Rejection') : undefined)
  const reject = useMutation({
    mutationFn: () =>
      emailWrites.bulkReject(
        selected.map((candidate) => candidate.id),
        template!.id,
        later ? tomorrowAtNine(new Date()).toISOString() : null,
      ),
    onSuccess: (result) => {
      toast(ADMIN_TOASTS.candidatesRejected(result.done.length, result.failed))
      onDone(result.done)
      void refreshApplications(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.candidateEmailFailed(error)),
    // Sent again after a lost answer, it would be refused for those already rejected: never told twice.
    retry: false,
    onSettled: () => setAsking(false),
  })
  const count = `${selected.length} ${selected.length === 1 ? 'candidate' : 'candidates'}`
  return (
    // biome-ignore lint/a11y/useSemanticElements: actions on the ticked candidates, not form fields to group in a fieldset
    <div className="post-bulk-bar" role="group" aria-label="Selected candidates">
      <span role="status">{`${count} selected`}</span>
      <label htmlFor={`${id}-template`}>Template</label>
      <select
        id={`${id}-template`}
        value={template?.id ?? ''}
        onChange={(event) => setChosen(Number(event.target.value))}
      >
        {!template && <option value="">Choose a template…</option>}
        {templates.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-when`}>Send</label>
      <select
        id={`${id}-when`}
        value={later ? 'later' : 'now'}
        onChange={(event) => setLater(event.target.value === 'later')}
      >
        <option value="now">Now</option>
        <option value="later">Tomorrow at 9:00 (your time)</option>
      </select>
      <button
        type="button"
        className="button button--small button--danger"
        disabled={!template}
        onClick={() => setAsking(true)}
      >
        Reject with this template
      </button>
      <ConfirmDialog
        open={asking}
        title={`Reject ${count}?`}
        message={`${selected.map((candidate) => candidate.fullName).join(', ')}: each is sent "${template?.name ?? ''}" ${later ? 'tomorrow at 9:00' : 'now'} and moved to Rejected now. Anyone already rejected is not told again.`}
        confirmLabel="Reject"
        busy={reject.isPending}
        onConfirm={() => reject.mutate()}
        onCancel={() => setAsking(false)}
      />
    </div>
  )
}
