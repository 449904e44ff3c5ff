import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { jobInputOf } from '../../../../shared/job-schema'
import type { AdminJob } from '../../../../shared/jobs'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { LoadError } from '../load-error'
import { JOB_CONFIRMATIONS, JOB_TOASTS } from './job-messages'
import { adminJobQueries, jobWrites, refreshJobs } from './job-queries'
import { type JobAction, JobRow } from './job-row'

/** Closing keeps everything else; reopening a job whose closing date passed drops the date (it would stay closed). */
async function changeStatus(job: AdminJob, status: 'active' | 'closed') {
  const dateCleared = status === 'active' && job.validThrough !== null && Date.parse(job.validThrough) < Date.now()
  await jobWrites.save({ ...jobInputOf(job), status, ...(dateCleared ? { validThrough: null } : {}) }, job.id)
  return dateCleared
}

/** Every job with its status and application count; close, reopen and delete (after a confirmation) in place. */
export function JobsTable({ onEdit }: { onEdit: (job: AdminJob) => void }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const jobs = useQuery(adminJobQueries.list())
  const [pendingDelete, setPendingDelete] = useState<AdminJob | null>(null)
  const status = useMutation({
    mutationFn: ({ job, to }: { job: AdminJob; to: 'active' | 'closed' }) => changeStatus(job, to),
    onSuccess: (dateCleared, { job, to }) =>
      toast(to === 'closed' ? JOB_TOASTS.closed(job.title) : JOB_TOASTS.reopened(job.title, dateCleared)),
    onError: (error) => toast(JOB_TOASTS.statusFailed(error)),
    onSettled: () => refreshJobs(queryClient),
  })
  const remove = useMutation({
    mutationFn: (job: AdminJob) => jobWrites.remove(job.id),
    onSuccess: (_, job) => toast(JOB_TOASTS.deleted(job.title)),
    onError: (error) => toast(JOB_TOASTS.deleteFailed(error)),
    onSettled: () => {
      setPendingDelete(null)
      return refreshJobs(queryClient)
    },
  })

  if (jobs.isPending) return <LoadingSkeleton label="Loading jobs..." lines={4} />
  if (jobs.isError) return <LoadError title="Error loading jobs" onRetry={() => void jobs.refetch()} />
  if (jobs.data.length === 0) return <p className="admin-status">No jobs yet. Create the first one with "New job".</p>
  const act = (job: AdminJob, action: JobAction) => {
    if (action === 'edit') onEdit(job)
    else if (action === 'delete') setPendingDelete(job)
    else status.mutate({ job, to: action === 'close' ? 'closed' : 'active' })
  }

  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards">
          <caption className="visually-hidden">All jobs</caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Status</th>
              <th scope="col">Applications</th>
              <th scope="col">Posted</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {jobs.data.map((job) => (
              <JobRow key={job.id} job={job} onAction={act} />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete job"
        message={JOB_CONFIRMATIONS.deleteJob(pendingDelete?.title ?? '')}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => pendingDelete && remove.mutate(pendingDelete)}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  )
}
