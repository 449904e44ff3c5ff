import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { createClient, type Client } from '@libsql/client'
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql'
import * as schema from './schema'

export type Database = LibSQLDatabase<typeof schema> & { $client: Client }

export interface DatabaseOptions {
  url: string
  authToken?: string
}

/** Opens the embedded file (creating its folder) or a remote libSQL server. */
export async function openDatabase({ url, authToken }: DatabaseOptions): Promise<Database> {
  const filePath = localFilePath(url)
  if (filePath) mkdirSync(dirname(filePath), { recursive: true })
  const client = createClient({ url, authToken })
  if (filePath) {
    // WAL lets readers proceed while a write is in progress; busy_timeout waits out short write locks.
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('PRAGMA busy_timeout = 5000')
  }
  await client.execute('PRAGMA foreign_keys = ON')
  return drizzle(client, { schema })
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.$client.execute('SELECT 1')
    return true
  } catch {
    return false
  }
}

function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null
  const path = url.slice('file:'.length).split('?')[0]
  return path && path !== ':memory:' ? path : null
}
