/**
 * What passes between the server and the image process (image-processor.ts, image-process.ts): the jobs,
 * their answers and refusals. Nothing here loads sharp, so the server can import it.
 */
import type { ImageFormat } from '../../../shared/media'

export type ImageRefusal = 'unreadable' | 'tooManyPixels' | 'tooManyFrames' | 'tooSlow'

export class ImageError extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(reason)
  }
}

export interface ProcessedFile {
  /** `480`, `800`, … or `share`. */
  suffix: string
  width: number
  height: number
  bytes: Buffer
}

export interface ProcessedImage {
  /** Of the upright original. */
  width: number
  height: number
  files: ProcessedFile[]
}

export interface ProcessingTurns {
  /** Runs the decoding and encoding when a turn comes (the processing queue's `run`). */
  run<T>(work: () => Promise<T>): Promise<T>
  /** The longest the decoding and encoding may take once the turn has come. */
  timeLimitSeconds: number
}

/** What an image's headers say of its size, checked against the bounds before a pixel is decoded. */
export interface ImageShape {
  width: number
  /** Of one frame. */
  height: number
  animated: boolean
  orientation: number
}

/** Read an image's headers (`shape`; null for BMP and ICO, read in their turn), or make its files within `seconds`. */
export type ImageJob = { id: number; bytes: Uint8Array; format: ImageFormat } & (
  | { kind: 'shape' }
  | { kind: 'files'; known: ImageShape | null; seconds: number }
)

export type ImageJobReply = { id: number } & (
  | { shape: ImageShape | null }
  | { image: ProcessedImage }
  | { refused: ImageRefusal }
  | { failed: string }
)
