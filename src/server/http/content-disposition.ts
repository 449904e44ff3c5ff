import { transliterate } from '../../shared/transliterate'

/** RFC 8187's value encoding: percent-encoded UTF-8, with the few characters encodeURIComponent leaves that it must not. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * `Content-Disposition: attachment` for a download (RFC 6266): the name as a quoted ASCII fallback for
 * old clients and as `filename*` in UTF-8 for the rest. Always an attachment, so a browser saves the
 * file and never shows it in the site's origin. `name` must already be a safe file name.
 */
export function attachmentDisposition(name: string): string {
  const ascii =
    transliterate(name)
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'download'
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`
}
