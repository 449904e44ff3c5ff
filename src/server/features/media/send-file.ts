import { SURROGATE_KEYS } from '../../cache/surrogate-keys'
import { IMMUTABLE } from '../../http/cache-control'
import { sendRepresentation } from '../../http/representation'
import { fileHeaders } from '../../http/security-headers'
import type { MediaFile, MediaService } from './service'

/** The route of media files, and the label of their answers in the metrics, at the door and in the app. */
export const MEDIA_ROUTE = '/media/:name'
/** What a media URL's last segment can be: a content hash and a width (or the share picture). */
export const MEDIA_FILE_NAME = /^[0-9a-f]{24}-(\d+|share)\.webp$/
export const MEDIA_PREFIX = '/media/'

/**
 * A media file's answer, the same on the framework's path and at the front door: immutable, its name as
 * its ETag (304 for it), and the headers every stored file carries.
 */
export function sendMediaFile(request: Request, file: MediaFile, answerHeaders: Record<string, string>): Response {
  return sendRepresentation(request, {
    headers: () => {
      const key = SURROGATE_KEYS.media(file.name)
      const own = {
        'content-type': file.contentType,
        'cache-control': IMMUTABLE,
        'surrogate-key': key,
        'cache-tag': key,
      }
      return fileHeaders(own, answerHeaders)
    },
    prepared: file.prepared,
    token: file.name,
    bodies: { identity: () => file.bytes },
  })
}

/**
 * The front door's media answers: a file asked for lately, by its exact path as sent (a percent-encoded
 * twin is not its URL), from memory; null for anything else, which the app answers.
 */
export function mediaFromMemory(service: MediaService, answerHeaders: Record<string, string>) {
  return (request: Request, pathname: string): Response | null => {
    if (!pathname.startsWith(MEDIA_PREFIX)) return null
    const name = pathname.slice(MEDIA_PREFIX.length)
    const file = MEDIA_FILE_NAME.test(name) ? service.peek(name) : null
    return file ? sendMediaFile(request, file, answerHeaders) : null
  }
}
