/**
 * The status of an answer saying a write may or may not have been stored: the database stopped answering
 * after the write went out. Sending it again could store it twice, so nothing repeats it on its own.
 */
export const WRITE_UNCONFIRMED_STATUS = 504
