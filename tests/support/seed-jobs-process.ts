/** One server start's job seeding, in a process of its own: `bun tests/support/seed-jobs-process.ts <database url>`. */
import { openDatabase } from '../../src/server/db/client'
import { seedJobsOnce } from '../../src/server/features/jobs/seed'

const db = await openDatabase({ url: process.argv[2]! })
process.stdout.write(String(await seedJobsOnce(db)))
db.$client.close()
