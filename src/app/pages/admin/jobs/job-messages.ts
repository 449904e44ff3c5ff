import type { ToastInput } from '../../../components/toast/toast-store'
import { errorMessage } from '../../../data/api-request'

const failure = (description: string): ToastInput => ({ title: 'Error', description, variant: 'destructive' })
const success = (description: string): ToastInput => ({ title: 'Success', description })

/** The Jobs tab's toasts and confirmations. */
export const JOB_TOASTS = {
  saved: (title: string, created: boolean) => success(`Job "${title}" ${created ? 'created' : 'saved'}`),
  saveFailed: (error: unknown) => failure(`Failed to save the job: ${errorMessage(error, 'Unknown error')}`),
  closed: (title: string) => success(`"${title}" is closed: its page says so and it takes no applications`),
  reopened: (title: string, dateCleared: boolean) =>
    success(`"${title}" is open again${dateCleared ? '; its closing date had passed, so it has none now' : ''}`),
  statusFailed: (error: unknown) => failure(errorMessage(error, 'Failed to change the job. Please try again.')),
  deleted: (title: string) => success(`Job "${title}" deleted`),
  deleteFailed: (error: unknown) => failure(errorMessage(error, 'Failed to delete the job. Please try again.')),
}

export const JOB_CONFIRMATIONS = {
  deleteJob: (title: string) => `Are you sure you want to delete the job "${title}"? This cannot be undone.`,
  discardChanges: 'Your unsaved changes to this job will be lost.',
}
