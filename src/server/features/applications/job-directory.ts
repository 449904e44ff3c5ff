/** What applications need to know of a job. */
export interface OpenJob {
  id: number
  title: string
}

/** The one place applications learn which jobs take applications (the jobs feature's reads, given by app.ts). */
export interface JobDirectory {
  /** The job if it is open for applications now, else null. */
  openJob(id: number): Promise<OpenJob | null>
}
