import { inspectZipDocument } from './zip-document'

declare const self: Worker

/** Inspects one zip archive (resume-check.ts) and answers its format, or null. */
self.onmessage = async (event: MessageEvent<Uint8Array>) => {
  self.postMessage(await inspectZipDocument(event.data))
}
