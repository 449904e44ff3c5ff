import type { JobQuestion } from '../../../shared/job-questions'
import type { WriteTx } from '../../db/write-transaction'

/** What applications need to know of a job. */
export interface OpenJob {
  id: number
  title: string
  /** What it asks applicants beside the form's own fields. */
  questions: JobQuestion[]
}

/** The one place applications learn which jobs take applications (the jobs feature's reads, given by app.ts). */
export interface JobDirectory {
  /** The job if it is open for applications now, else null; read inside `tx` when given. */
  openJob(id: number, tx?: WriteTx): Promise<OpenJob | null>
}
