/** Runs one backup off the server's thread: the embedded driver's VACUUM INTO and checks block while they work. */
import { backupDatabase } from './backup'
import type { DatabaseOptions } from './client'

declare const self: Worker

self.onmessage = async (event: MessageEvent<{ options: DatabaseOptions; file: string }>) => {
  try {
    self.postMessage({ ok: true, backup: await backupDatabase(event.data.options, event.data.file) })
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) })
  }
}
