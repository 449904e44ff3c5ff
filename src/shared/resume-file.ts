import { RESUME_FIELD } from './resume-field'

/**
 * The résumé file an applicant may attach (issue 20): which documents are accepted, how large, and what
 * the form and the API say about it. The server recognises a file by its bytes, never by its name.
 */
export const RESUME_MAX_BYTES = 10 * 1024 * 1024

export const RESUME_FORMATS = {
  pdf: { label: 'PDF', extension: 'pdf', contentType: 'application/pdf' },
  docx: {
    label: 'Word (DOCX)',
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  doc: { label: 'Word 97–2003 (DOC)', extension: 'doc', contentType: 'application/msword' },
  odt: { label: 'OpenDocument (ODT)', extension: 'odt', contentType: 'application/vnd.oasis.opendocument.text' },
  rtf: { label: 'Rich Text (RTF)', extension: 'rtf', contentType: 'application/rtf' },
} as const

export type ResumeFormat = keyof typeof RESUME_FORMATS
export const RESUME_FORMAT_NAMES = Object.keys(RESUME_FORMATS) as [ResumeFormat, ...ResumeFormat[]]

/** What the file picker offers: the extensions and the declared types of the accepted formats. */
export const RESUME_ACCEPT = RESUME_FORMAT_NAMES.flatMap((format) => [
  `.${RESUME_FORMATS[format].extension}`,
  RESUME_FORMATS[format].contentType,
]).join(',')

const megabytes = RESUME_MAX_BYTES / 1024 / 1024

export const RESUME_MESSAGES = {
  tooLarge: `The résumé file is too large: it can be at most ${megabytes} MB.`,
  wrongType: 'The résumé file must be a PDF, Word (DOCX or DOC), OpenDocument (ODT) or RTF document.',
  notAFile: 'Attach the résumé as a file (form field "resume").',
  noName: 'The résumé file came without a name. Please choose the file again.',
  hint: `PDF, DOCX, DOC, ODT or RTF, up to ${megabytes} MB.`,
} as const

/**
 * The résumé file of a posted form, or null when none was chosen (a browser then sends an empty part
 * with an empty file name).
 */
export function resumeFileOf(form: FormData): File | null {
  const value = form.get(RESUME_FIELD)
  // Bun reads `filename=""` as a File whose name is undefined, not "".
  return value instanceof File && (Boolean(value.name) || value.size > 0) ? value : null
}

/**
 * What the form can tell about a chosen file before sending it: too large, or not named as a document
 * it takes. The server decides by the bytes; this only spares a wasted upload.
 */
export function resumeFileProblem(file: { name: string; size: number }): string | null {
  if (file.size > RESUME_MAX_BYTES) return RESUME_MESSAGES.tooLarge
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase()
  const known = RESUME_FORMAT_NAMES.some((format) => RESUME_FORMATS[format].extension === extension)
  return known ? null : RESUME_MESSAGES.wrongType
}

/** A size as a person reads it: "840 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
