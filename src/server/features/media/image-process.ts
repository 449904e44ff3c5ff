/**
 * The image process (image-processor.ts starts it): reads headers and makes the files of uploaded images
 * with sharp, so libvips' memory (its caches, the allocator's arenas a large photo grows) goes back to the
 * system when the process ends instead of staying in the server's. Jobs come and answers go over IPC.
 */

import { makeImageFiles, readShape } from './process-image'
import { ImageError, type ImageJob, type ImageJobReply } from './processed-image'

async function answer(job: ImageJob): Promise<ImageJobReply> {
  const { id, bytes, format } = job
  try {
    if (job.kind === 'shape') return { id, shape: await readShape(bytes, format) }
    return { id, image: await makeImageFiles(bytes, format, job.known, job.seconds) }
  } catch (error) {
    if (error instanceof ImageError) return { id, refused: error.reason }
    return { id, failed: error instanceof Error ? error.message : String(error) }
  }
}

process.on('message', (job: ImageJob) => {
  void answer(job).then((reply) => process.send?.(reply))
})
// The server is gone (it ended, or died): so is the reason to run.
process.on('disconnect', () => process.exit(0))
