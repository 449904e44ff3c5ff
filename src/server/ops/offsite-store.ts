import { statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { S3Client } from 'bun'
import { type Config, S3_URL } from '../config'

/** Where backups go off-site: a bucket, and the prefix their names are put under (`''` for none). */
export interface S3Location {
  bucket: string
  prefix: string
}

/** What is known of a backup in the bucket, by its name under the prefix. */
export interface StoredBackup {
  name: string
  bytes: number
}

/** The bucket as the backups see it (an interface, so the rules of what to send and expire read plainly). */
export interface OffsiteStore {
  /** `s3://bucket/prefix`, for logs and messages. */
  readonly url: string
  /** The backups directly under the prefix (deeper keys are someone else's). */
  list(): Promise<StoredBackup[]>
  /** Uploads `file` as `name`, then checks what the bucket holds: see `uploadChecked`. */
  upload(file: string, name: string): Promise<{ bytes: number; sha256: string }>
  delete(name: string): Promise<void>
}

const S3_PATTERN = new RegExp(S3_URL)

/** `s3://bucket/a/b/` → bucket and `a/b`; throws on anything else (config.ts checks the setting with the same pattern). */
export function parseS3Url(url: string): S3Location {
  if (!S3_PATTERN.test(url)) throw new Error(`${url} is not an s3://bucket/prefix address`)
  const [bucket, ...rest] = url.slice('s3://'.length).split('/')
  return { bucket: bucket!, prefix: rest.filter(Boolean).join('/') }
}

const keyOf = (location: S3Location, name: string) => (location.prefix ? `${location.prefix}/${name}` : name)

/**
 * The client for `bucket` with the BACKUP_S3_ settings; for one left unset Bun reads its own (S3_ENDPOINT or
 * AWS_ENDPOINT, AWS_REGION…), then takes AWS S3 in us-east-1.
 */
export function s3Client(config: Config, bucket: string): S3Client {
  return new S3Client({
    bucket,
    endpoint: config.BACKUP_S3_ENDPOINT,
    region: config.BACKUP_S3_REGION,
    accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
  })
}

/** The off-site store BACKUP_S3_URL names, or null when backups stay local. */
export function offsiteStoreFromConfig(config: Config): OffsiteStore | null {
  if (!config.BACKUP_S3_URL) return null
  const location = parseS3Url(config.BACKUP_S3_URL)
  return s3Store(s3Client(config, location.bucket), location)
}

export function s3Store(client: S3Client, location: S3Location): OffsiteStore {
  const folder = location.prefix ? `${location.prefix}/` : ''
  return {
    url: `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`,
    async list() {
      const found: StoredBackup[] = []
      let continuationToken: string | undefined
      do {
        const page = await client.list({ prefix: folder, continuationToken })
        for (const object of page.contents ?? []) {
          const name = object.key.slice(folder.length)
          if (name && !name.includes('/')) found.push({ name, bytes: object.size ?? 0 })
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined
      } while (continuationToken)
      return found
    },
    upload: (file, name) => uploadChecked(client, keyOf(location, name), file),
    delete: (name) => client.delete(keyOf(location, name)),
  }
}

/** The SHA-256 of a stream, read chunk by chunk (a backup may be larger than memory should hold). */
export async function sha256Of(stream: ReadableStream<Uint8Array>): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256')
  for await (const chunk of stream) hasher.update(chunk)
  return hasher.digest('hex')
}

/**
 * Uploads `file` to `key`, then reads back what the bucket stored: its size (HEAD) and the SHA-256 of its
 * bytes (downloaded again), both compared with the local file's. An ETag is no such check: it is the MD5
 * only of a single-part upload without KMS or customer-key encryption, computed from what the storage received.
 */
export async function uploadChecked(client: S3Client, key: string, file: string) {
  const bytes = statSync(file).size
  const sha256 = await sha256Of(Bun.file(file).stream())
  await client.write(key, Bun.file(file), { type: 'application/vnd.sqlite3' })
  const stored = await client.stat(key)
  const problem =
    stored.size !== bytes
      ? `holds ${stored.size} bytes instead of ${bytes}`
      : (await sha256Of(client.file(key).stream())) !== sha256
        ? 'differs from the local file (SHA-256)'
        : null
  if (problem) {
    // Removed, so the next run does not take it for a good copy and sends the file again.
    const removed = await client.delete(key).then(
      () => 'deleted, to be sent again',
      () => 'and could not be deleted: delete it by hand',
    )
    throw new Error(`the uploaded ${key} ${problem}: ${removed}`)
  }
  return { bytes, sha256 }
}

/** The backup `s3://bucket/prefix/name` could not be found; `stored` are those under its prefix, oldest first. */
export class OffsiteBackupMissing extends Error {
  constructor(
    url: string,
    readonly stored: string[],
  ) {
    super(`${url} names no backup in the bucket`)
  }
}

/**
 * Downloads the backup at `url` (`s3://bucket/prefix/name`, with the BACKUP_S3_ settings) into `dir` and
 * checks its size against the bucket's; the restore then checks its integrity. A name that is not there
 * (or none: `s3://bucket/prefix/`) is refused with the backups that are.
 */
export async function downloadBackup(config: Config, url: string, dir: string): Promise<string> {
  const { bucket, prefix: key } = parseS3Url(url)
  const client = s3Client(config, bucket)
  const stat = key && !url.endsWith('/') ? await client.stat(key).catch(notFoundAsNull) : null
  if (!stat) {
    const folder = url.endsWith('/') ? key : key.split('/').slice(0, -1).join('/')
    const listed = await s3Store(client, { bucket, prefix: folder }).list()
    throw new OffsiteBackupMissing(url, listed.map((backup) => backup.name).sort())
  }
  const file = join(dir, basename(key))
  await Bun.write(file, client.file(key))
  const bytes = statSync(file).size
  if (bytes !== stat.size) throw new Error(`${url} holds ${stat.size} bytes, the download ${bytes}`)
  return file
}

const notFoundAsNull = (error: unknown) => {
  if ((error as { code?: string }).code === 'NoSuchKey') return null
  throw error
}
