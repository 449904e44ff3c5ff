import type { MediaUpload } from '../../../shared/media'
import { ApiError } from '../../data/api-request'

/**
 * Uploads one image to `POST /api/media`, reporting progress (0–1) as the bytes leave; resolves with the
 * stored upload, or rejects with the server's explanation. XMLHttpRequest, because fetch has no upload progress.
 */
export function uploadMedia(file: File, options: { alt?: string; onProgress?: (share: number) => void } = {}) {
  return new Promise<MediaUpload>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/media')
    request.withCredentials = true
    request.responseType = 'json'
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total)
    })
    request.addEventListener('load', () => {
      const body = request.response as { error?: unknown } | null
      if (request.status === 201) resolve(body as MediaUpload)
      else
        reject(
          new ApiError(
            typeof body?.error === 'string' ? body.error : `${request.status} ${request.statusText}`,
            request.status,
          ),
        )
    })
    request.addEventListener('error', () =>
      reject(new ApiError('The upload was interrupted; check the connection.', 0)),
    )
    const form = new FormData()
    form.append('file', file)
    if (options.alt) form.append('alt', options.alt)
    request.send(form)
  })
}
