/**
 * The multipart field that carries the résumé file, on the form and on the API. A module of its own: the
 * browser's data interface (in the entry script) needs only this name, not the résumé rules.
 */
export const RESUME_FIELD = 'resume'
