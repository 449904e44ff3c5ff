import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
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

/** An S3-compatible server on loopback (s3rver, in this process) holding `bucket`, its objects in a temporary folder. */
export async function startS3Server(bucket: string): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'site-s3-'))
  const port = freePort()
  let server: S3rver | null = null
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] })
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
