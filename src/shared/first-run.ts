/** The owner's first-run setup: whether it is still to do (`GET`), and done (`POST …/done`). */
export const SETUP_API = '/api/admin/setup'

export interface SetupState {
  /** True from a fresh install's first start until the owner finishes (or skips) the setup. */
  pending: boolean
}

/** What the setup offers for the sample posts and jobs a fresh install starts with. */
export const SAMPLE_CHOICES = [
  { value: 'keep', label: 'Keep the sample posts and jobs' },
  { value: 'remove', label: 'Start empty' },
] as const
export type SampleChoice = (typeof SAMPLE_CHOICES)[number]['value']
