const CONTROL = /\p{Cc}/u
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u

/** Whether text holds a control character (a NUL cuts a stored name short); `multiline` text may hold \t, \n and \r. */
export const hasControlCharacters = (text: string, multiline = false) =>
  (multiline ? CONTROL_BUT_LINES : CONTROL).test(text)
