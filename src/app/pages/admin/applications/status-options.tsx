import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES } from '../../../../shared/application-pipeline'

/** One `<option>` per pipeline status, labelled as the admin shows it (the list's filter and the review). */
export function ApplicationStatusOptions() {
  return APPLICATION_STATUSES.map((status) => (
    <option key={status} value={status}>
      {APPLICATION_STATUS_LABELS[status]}
    </option>
  ))
}
