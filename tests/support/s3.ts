import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import S3rver, { type FilesystemStore, type ObjectToStore } from 's3rver'
import { freePort } from './free-port'

/** s3rver's one account: it checks the key id, not the SigV4 signature, so a wrong secret goes through. */
export const S3RVER_KEYS = { BACKUP_S3_ACCESS_KEY_ID: 'S3RVER', BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER' }

export interface S3Server {
  /** `http://127.0.0.1:{port}`: what BACKUP_S3_ENDPOINT is set to. */
  endpoint: string
  /** Stops answering (connections are refused): an outage of the storage. */
  stop(): Promise<void>
  /** Answers again on the same port, with the objects it had. */
  start(): Promise<void>
  /** Stops it and removes its objects. */
  dispose(): Promise<void>
}

/**
 * Writes `content` to `file` and says its size and MD5 once all of it is there: through a file of its own, renamed
 * onto `file` at the end, so a read meanwhile finds the object as it was and an upload cut short leaves no half.
 */
async function writeWhole(content: Buffer | NodeJS.ReadableStream, file: string) {
  await mkdir(dirname(file), { recursive: true })
  const md5 = createHash('md5')
  let size = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  const partial = `${file}.${randomUUID()}.partial`
  try {
    await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, counted, createWriteStream(partial))
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return { size, md5: md5.digest('hex') }
}

/**
 * s3rver's store, answering a PUT (of an object or of an upload's part) once what it sent is in its file. s3rver's
 * own answers when the body has passed through, before the file is written, so a read right after could find the
 * object short or empty (a busy run did: the checked upload read back 0 of 65,536 bytes and refused it). S3 itself
 * reads its own writes.
 */
function readingItsWrites(store: FilesystemStore) {
  store.putObject = async function (this: FilesystemStore, object: ObjectToStore) {
    const written = await writeWhole(object.content, this.getResourcePath(object.bucket, object.key, 'object'))
    await this.putMetadata(object.bucket, object.key, object.metadata, written.md5)
    return written
  }
  store.putPart = async function (this: FilesystemStore, bucket, uploadId, partNumber, content) {
    const part = join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber))
    const written = await writeWhole(content, part)
    await writeFile(`${part}.md5`, written.md5)
    return written
  }
}

/** An S3-compatible server on loopback (s3rver, in this process) holding `bucket`, its objects in a temporary folder. */
export async function startS3Server(bucket: string): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'site-s3-'))
  const port = freePort()
  let server: S3rver | null = null
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] })
    readingItsWrites(server.store)
    await server.run()
  }
  const stop = async () => {
    await server?.close()
    server = null
  }
  await start()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop,
    start,
    async dispose() {
      await stop()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
