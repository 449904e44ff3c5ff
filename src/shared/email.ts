/** An email address as every form of the site takes it: staff, subscribers. */
export const EMAIL_MAX_LENGTH = 254

export const EMAIL_INVALID = 'Enter a valid email address, like name@example.com.'

/**
 * A bare address (local part, @, a domain with a dot) and nothing a mail library would read around it: a
 * comment `(…)`, a display name's `<…>`, a second address after `,` or `;`. Each of those would reach the same
 * mailbox under another spelling, past any limit counted per address.
 */
const BARE_ADDRESS = /^[^\s@()<>,;:"[\]\\]+@[^\s@()<>,;:"[\]\\]+\.[^\s@()<>,;:"[\]\\]+$/

export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && BARE_ADDRESS.test(value)

/** Emails compare without case and surrounding spaces. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase()
