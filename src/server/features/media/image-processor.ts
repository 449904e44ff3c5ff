import type { ImageFormat } from '../../../shared/media'
import { serverSource } from '../../repo-paths'
import { ProcessingBusyError } from '../../tasks/processing-queue'
import {
  ImageError,
  type ImageJob,
  type ImageJobReply,
  type ImageShape,
  type ProcessedImage,
  type ProcessingTurns,
} from './processed-image'

/**
 * After its last job the image process waits this long for another (an editor drops several pictures at
 * once), then ends. Measured: sharp in the server kept 60–100 MB after a few phone photos; ended, nothing.
 */
export const IMAGE_PROCESS_IDLE_MS = 5_000
/** Reading an image's headers takes milliseconds: a process still at it after this is stuck. */
const SHAPE_LIMIT_MS = 10_000
/** sharp stops a step at the time limit itself; a process still at it this much later is ended instead. */
const STUCK_MARGIN_MS = 5_000

const SCRIPT = serverSource('features/media/image-process.ts')

type Job = { kind: 'shape' } | { kind: 'files'; known: ImageShape | null; seconds: number }

interface Call {
  resolve(reply: ImageJobReply): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

interface Running {
  proc: Bun.Subprocess<'ignore', 'inherit', 'inherit'>
  calls: Map<number, Call>
}

/**
 * Image processing in a child process (image-process.ts), started with the first upload and ended once
 * uploads stop, so what sharp takes is given back with it. A process that dies fails only its own jobs
 * (the next upload starts another); one stuck past a job's time limit is killed.
 */
export function createImageProcessor({ idleMs = IMAGE_PROCESS_IDLE_MS }: { idleMs?: number } = {}) {
  let running: Running | null = null
  let nextId = 0
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let started = 0

  /** No job will be sent to it again; it ends, and its jobs under way fail. */
  function retire(current: Running) {
    if (running === current) running = null
    current.proc.kill('SIGKILL')
  }

  function open(): Running {
    if (running) return running
    const calls = new Map<number, Call>()
    const proc = Bun.spawn([process.execPath, SCRIPT], {
      stdio: ['ignore', 'inherit', 'inherit'],
      // It parses untrusted images: none of the server's secrets (passwords, tokens, SMTP and S3 credentials).
      env: { PATH: process.env.PATH ?? '' },
      ipc(reply: ImageJobReply) {
        const call = calls.get(reply.id)
        if (!call) return
        calls.delete(reply.id)
        clearTimeout(call.timer)
        call.resolve(reply)
        if (calls.size > 0) return
        clearTimeout(idleTimer)
        idleTimer = setTimeout(() => {
          if (calls.size > 0) return
          retire(current)
          // The uploads' bodies and what went over IPC (about 3 × each photo) are garbage now: collected at
          // this quiet moment, their memory is given back with the process's rather than at some later GC.
          Bun.gc(true)
        }, idleMs)
        idleTimer.unref()
      },
      onExit() {
        if (running === current) running = null
        for (const call of calls.values()) {
          clearTimeout(call.timer)
          // Another upload's image stopped it (stuck past its limit): this one was fine, it may be sent again.
          call.reject(new ProcessingBusyError())
        }
        calls.clear()
      },
    })
    // The server may stop while it idles: it ends with the server (image-process.ts).
    proc.unref()
    const current: Running = { proc, calls }
    running = current
    started++
    return current
  }

  function send(bytes: Uint8Array, format: ImageFormat, job: Job, limitMs: number, late: ImageError) {
    const current = open()
    clearTimeout(idleTimer)
    const id = nextId++
    return new Promise<ImageJobReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        current.calls.delete(id)
        reject(late)
        retire(current)
      }, limitMs)
      current.calls.set(id, { resolve, reject, timer })
      current.proc.send({ ...job, id, bytes, format } satisfies ImageJob)
    })
  }

  function answer(reply: ImageJobReply) {
    if ('refused' in reply) throw new ImageError(reply.refused)
    if ('failed' in reply) throw new Error(`image processing failed: ${reply.failed}`)
    return reply
  }

  return {
    /**
     * The image's WebP files: its size is read from its headers first, so an image too large is refused
     * at once without waiting for a turn (`turns`) or being decoded.
     */
    async process(bytes: Uint8Array, format: ImageFormat, turns: ProcessingTurns): Promise<ProcessedImage> {
      const shaped = answer(await send(bytes, format, { kind: 'shape' }, SHAPE_LIMIT_MS, new ImageError('unreadable')))
      const known = 'shape' in shaped ? shaped.shape : null
      const seconds = turns.timeLimitSeconds
      const limitMs = seconds * 1000 + STUCK_MARGIN_MS
      const made = await turns.run(async () =>
        answer(await send(bytes, format, { kind: 'files', known, seconds }, limitMs, new ImageError('tooSlow'))),
      )
      if (!('image' in made)) throw new Error('the image process answered a file job without files')
      // Over IPC the files arrive as plain byte arrays; the store takes Buffers (the same memory).
      const files = made.image.files.map((file) => ({
        ...file,
        bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
      }))
      return { ...made.image, files }
    },
    /** The process running now, if any, and how many were started. */
    stats: () => ({ pid: running?.proc.pid ?? null, exited: running?.proc.exited ?? null, started }),
  }
}

/** The server's image processor: one process at most, shared by every upload. */
const processor = createImageProcessor()
export const processImage = processor.process
