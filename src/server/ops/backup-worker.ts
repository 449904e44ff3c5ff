/** Runs one backup off the server's thread: the embedded driver's VACUUM INTO and checks block while they work. */

import type { DatabaseOptions } from '../db/client'
import { backupDatabase } from './backup'

declare const self: Worker

self.onmessage = async (event: MessageEvent<{ options: DatabaseOptions; file: string }>) => {
  try {
    self.postMessage({ ok: true, backup: await backupDatabase(event.data.options, event.data.file) })
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) })
  }
}
