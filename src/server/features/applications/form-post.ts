import { APPLICATION_MESSAGES, isFormContentType } from '../../../shared/application-rules'
import { readUploadForm } from './read-application'
import type { ApplicationService } from './service'

/** The application form posted to a job's page, read before the page renders (render turns are for rendering). */
export interface PostedForm {
  /** The form, or why it was refused (from its headers, or while it was read). */
  form: FormData | { ok: false; status: number; error: string; retryAfterSeconds?: number }
  /** The upload gate counted it toward the rate limit already (upload-gate.ts). */
  counted: boolean
  /**
   * For the page's answer: when to come back. The connection stays open when the body is left unread, so
   * the browser, which stops sending when the answer comes, reads the whole page (closing it would reset
   * the connection under the page while the browser is still sending).
   */
  headers: Record<string, string>
  /** Gives back the room in memory the form held, once the page is done with it. */
  release(): void
}

/**
 * Reads the form posted without JavaScript as the API reads its multipart: admitted by the upload gate
 * from its headers, then read against the room in memory and a deadline. It is read here, before the
 * page's render takes a turn in the render line, so a slow sender holds no render turn.
 */
export async function receiveFormPost(
  request: Request,
  applications: Pick<ApplicationService, 'admitUpload'>,
  client: string,
): Promise<PostedForm> {
  const refused = (form: Exclude<PostedForm['form'], FormData>): PostedForm => ({
    form,
    counted: false,
    headers: form.retryAfterSeconds ? { 'retry-after': String(form.retryAfterSeconds) } : {},
    release() {},
  })
  const type = request.headers.get('content-type') ?? ''
  if (!isFormContentType(type)) return refused({ ok: false, status: 415, error: APPLICATION_MESSAGES.notAForm })
  const admission = await applications.admitUpload(request, client)
  if (!admission.ok) return refused(admission)
  let form: Awaited<ReturnType<typeof readUploadForm>>
  try {
    form = await readUploadForm(request, type, admission)
  } catch (error) {
    // A connection lost on the way: its place and its room go back now, as no page will give them back.
    admission.release()
    throw error
  }
  if (form instanceof FormData) return { form, counted: admission.counted, headers: {}, release: admission.release }
  return { ...refused(form), release: admission.release }
}
