/**
 * Decodes a BMP, or one icon's BMP image, to RGBA off the server's main thread: the decoder is plain
 * JavaScript and would otherwise stop every other request while it runs.
 */
import decodeBmp from 'decode-bmp'

declare const self: Worker

export interface DecodeRequest {
  bytes: Uint8Array
  /** An icon's image (no file header; its height counts the transparency mask too). */
  icon: boolean
}

export type DecodeResponse = { ok: true; width: number; height: number; data: Uint8Array } | { ok: false }

self.onmessage = (event: MessageEvent<DecodeRequest>) => {
  try {
    const image = decodeBmp(event.data.bytes, { icon: event.data.icon })
    const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength)
    self.postMessage({ ok: true, width: image.width, height: image.height, data } satisfies DecodeResponse)
  } catch {
    self.postMessage({ ok: false } satisfies DecodeResponse)
  }
}
