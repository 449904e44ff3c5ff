/**
 * The status of an answer saying a write may or may not have been stored: the database stopped answering
 * after the write went out. Sending it again could store it twice, so nothing repeats it on its own.
 */
export const WRITE_UNCONFIRMED_STATUS = 504

/** What the site's error page says, sent with its route error by the server, which alone answers these. */
export interface ErrorPageText {
  title: string
  text: string
}

/** The database unavailable (503), or a write left in doubt by it (504). */
export type UnavailableStatus = 503 | typeof WRITE_UNCONFIRMED_STATUS

/**
 * The error page for a 503 (the server cannot answer for now: its database is out of reach, not a failure)
 * and for a 504 (what was sent may or may not have been saved: the database stopped answering as it was).
 */
export const UNAVAILABLE_PAGE_TEXTS: Record<UnavailableStatus, ErrorPageText> = {
  503: { title: 'Temporarily unavailable', text: 'This page cannot be shown right now. Please try again in a moment.' },
  [WRITE_UNCONFIRMED_STATUS]: {
    title: 'Not confirmed',
    text: 'What you sent may or may not have been saved. Please check before you send it again.',
  },
}
