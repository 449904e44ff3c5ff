import type { Range } from 'quill'
import Uploader from 'quill/modules/uploader'

/**
 * Quill's uploader passes on only files of the types it lists and drops the rest without a word; here
 * every dropped, pasted or picked file goes to the handler, and the server's answer says what is wrong.
 */
export class SiteUploader extends Uploader {
  override upload(range: Range, files: FileList | File[]) {
    const all = Array.from(files)
    if (all.length > 0) this.options.handler?.call({ quill: this.quill }, range, all)
  }
}
