import { Elysia } from 'elysia'
import type { FeatureDeps } from '../../app-deps'
import type { OutboxReader } from '../../mail/outbox'
import { adminApplicationRoutes } from './admin-routes'
import { createApplicationAdminService } from './admin-service'
import { candidateEmailRoutes } from './candidate-email-routes'
import { createCandidateEmailService } from './candidate-email-service'
import type { CandidateMail } from './candidate-mail'
import { createHiringTeams } from './hiring-team'
import { hiringTeamRoutes } from './hiring-team-routes'
import { interviewRoutes } from './interview-routes'
import { createInterviewService } from './interview-service'
import { applicationRoutes } from './routes'
import { scorecardRoutes } from './scorecard-routes'
import { createScorecardService } from './scorecard-service'
import type { ApplicationService } from './service'

export interface ApplicationsPluginOptions {
  /** Applications as visitors send them (public-services.ts, shared with the form posted to a job's page). */
  applications: ApplicationService
  /** The messages the applicants were sent. */
  outbox: OutboxReader
  /** The origin of the links in the applicants' emails. */
  origin: (request: Request) => string
  retentionDays: number
  /** Email to candidates from the admin, when an SMTP server is configured. */
  mail: CandidateMail | null
}

/** Applications: sending one, and the staff's pipeline of those received. */
export function applicationsPlugin(
  { db, content, clock, session, record, clientKey }: FeatureDeps,
  { applications, outbox, origin, retentionDays, mail }: ApplicationsPluginOptions,
) {
  const admin = createApplicationAdminService(db, { content, outbox, clock })
  const emails = createCandidateEmailService(db, { content, clock, mail })
  const teams = createHiringTeams(db, { content })
  const interviews = createInterviewService({ content, clock, mail })
  const scorecards = createScorecardService(db, { content, clock })
  return new Elysia({ name: 'feature:applications' })
    .use(applicationRoutes(applications, { clientKey, origin, retentionDays }))
    .use(adminApplicationRoutes(admin, session, { record, clock, teams }))
    .use(hiringTeamRoutes(db, teams, session, record))
    .use(candidateEmailRoutes(emails, session, record))
    .use(interviewRoutes(interviews, session, { teams, record, clock, origin }))
    .use(scorecardRoutes(scorecards, session, { teams, record }))
}
