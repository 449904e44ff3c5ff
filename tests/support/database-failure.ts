import { openDatabase } from '../../src/server/db/client'

/** What the site's own database client throws for `sql` against the database at `url`. */
export async function failure(url: string, sql = 'SELECT 1', timeoutMs?: number): Promise<unknown> {
  const db = await openDatabase({ url, authToken: 'token', timeoutMs })
  try {
    await db.$client.execute(sql)
  } catch (error) {
    return error
  } finally {
    db.$client.close()
  }
  throw new Error(`${sql} did not fail on ${url}`)
}

/** A stand-in for whatever sits at a libSQL server's address, answering every request with `fetch`. */
export async function serving(fetch: () => Response | Promise<Response>, run: (url: string) => Promise<void>) {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch })
  try {
    await run(`http://127.0.0.1:${server.port}`)
  } finally {
    server.stop(true)
  }
}
