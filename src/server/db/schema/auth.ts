import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Failed administrator logins per client address: a growing lockout for the client that fails, never
 * for anyone else (see features/admin/login-throttle.ts).
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    client: text('client').primaryKey(),
    /** Attempts since the last success, lock or quiet window (counted before the password is checked). */
    failures: integer('failures').notNull(),
    /** Locks so far: each one is twice as long as the last. */
    lockouts: integer('lockouts').notNull(),
    lockedUntil: integer('locked_until').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('login_failures_updated_at_idx').on(table.updatedAt)],
)

/** Administrator sessions: only a SHA-256 of each random token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    /** Where and in what browser it signed in, so the administrator can tell their sessions apart. */
    clientAddress: text('client_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Whose session it is (sessions from before staff accounts were the owner's). */
    staffId: integer('staff_id').notNull().default(1),
  },
  (table) => [index('sessions_created_at_idx').on(table.createdAt), index('sessions_staff_id_idx').on(table.staffId)],
)

/**
 * Each person's TOTP second factor: the row's id is their staff id (the owner's is 1). `pendingSecret` waits for its first code;
 * `lastStep` is the newest time step accepted, so a code is never accepted twice.
 */
export const twoFactor = sqliteTable('two_factor', {
  id: integer('id').primaryKey(),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  /** The session that asked for the pending secret, when, and its wrong first codes so far. */
  pendingSessionId: integer('pending_session_id'),
  pendingCreatedAt: integer('pending_created_at'),
  pendingFailures: integer('pending_failures').notNull().default(0),
  lastStep: integer('last_step').notNull().default(0),
  /** Wrong authenticator codes since the last right code (auth/two-factor.ts, CONSECUTIVE_CODE_FAILURES). */
  failedCodes: integer('failed_codes').notNull().default(0),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

/** One-time recovery codes for the second factor: only a SHA-256 of each is stored; using one deletes it. */
export const recoveryCodes = sqliteTable('recovery_codes', {
  codeHash: text('code_hash').primaryKey(),
  staffId: integer('staff_id').notNull().default(1),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})

/** Security and content events, newest read first; kept for AUDIT_RETENTION_DAYS. Never secrets. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    type: text('type').notNull(),
    clientAddress: text('client_address').notNull().default(''),
    /** What the event was about (a post title, a session's browser), shown beside it. */
    subject: text('subject').notNull().default(''),
    /** Who did it: null for a stranger (a failed sign-in) or the operator's commands. */
    staffId: integer('staff_id'),
    /** Their name when it happened, so the line still says who after they are removed. */
    staffName: text('staff_name').notNull().default(''),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_type_idx').on(table.type, table.at)],
)
