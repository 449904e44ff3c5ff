/** An email address as every form of the site takes it: staff, subscribers. */
export const EMAIL_MAX_LENGTH = 254

export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

/** Emails compare without case and surrounding spaces. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase()
