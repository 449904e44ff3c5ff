/**
 * One sender process: `bun tests/support/send-outbox.ts <DATABASE_URL> <SMTP_URL>` runs passes over the
 * outbox, as a server process's loop does, until a pass finds nothing due, and prints how many messages
 * it sent as JSON. Tests start several at once against one database to see that none is sent twice.
 */
import { openDatabase } from '../../src/server/db/client'
import { createMailSender } from '../../src/server/mail/sender'
import { smtpTransport } from '../../src/server/mail/transport'

const [databaseUrl, smtpUrl] = process.argv.slice(2)
const db = await openDatabase({ url: databaseUrl! })
const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }
const sender = createMailSender({ db, transport: smtpTransport(smtpUrl!), from: 'careers@studio.test', logger })
let sent = 0
for (;;) {
  const pass = await sender.runOnce()
  if (pass.sent + pass.retrying + pass.failed === 0) break
  sent += pass.sent
}
await sender.stop()
db.$client.close()
console.log(JSON.stringify({ sent }))
