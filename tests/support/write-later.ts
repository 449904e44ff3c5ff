/**
 * Another process's write that takes its time: `bun tests/support/write-later.ts <DATABASE_URL> <ms> <sql>…`
 * takes the write lock, prints `locked`, waits, runs the statements and commits them together. A request sent meanwhile
 * reads the data as it was and waits for the lock to write: the moment a check made before the write goes
 * stale, made to happen every time.
 */
import { createClient } from '@libsql/client'

const [url, ms, ...statements] = process.argv.slice(2)
const client = createClient({ url: url! })
const tx = await client.transaction('write')
console.log('locked')
await Bun.sleep(Number(ms))
for (const sql of statements) await tx.execute(sql)
await tx.commit()
client.close()
