/** The administrator's security settings: rules and messages shared by the admin's forms and the API. */

export const ADMIN_PASSWORD_MIN_LENGTH = 12
export const RECOVERY_CODE_COUNT = 10

export const SECURITY_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  invalidCode: 'That code is not valid. Codes work once; wait for the next one and try again.',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  codesStopped: 'Too many wrong codes for this account. Sign in with one of your recovery codes.',
  signInInterrupted: 'A change to this account’s sign-in came while you were signing in. Please sign in again.',
  tooManyWrongCodes: 'Too many wrong codes: authenticator codes are refused for a while. A recovery code still works.',
  currentPasswordRequired: 'Enter your current password to confirm.',
  reauthenticationRequired: 'You signed in a while ago: enter your password to set up two-factor sign-in.',
  wrongCurrentPassword: 'The current password is not correct.',
  newPasswordTooShort: `The new password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`,
  newPasswordCommon: 'This password is one of the most commonly used ones. Choose something less guessable.',
  newPasswordIsPreviewerPassword: 'The new password must differ from the previewer password.',
  newPasswordUnchanged: 'The new password must differ from the current one.',
  confirmationMismatch: 'The two new passwords do not match.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotSetUp:
    'Start the set-up again: no authenticator secret from this session is waiting for its first code (they wait 10 minutes).',
  setupDropped: 'Too many wrong codes: that secret was dropped. Start the set-up again and scan the new code.',
  twoFactorOff: 'Two-factor sign-in is not on.',
  sessionNotFound: 'That session has already ended.',
  currentSession: 'This is the session you are using: sign out instead.',
} as const

/** The first problem with a new administrator password that the form can see, or null. */
export function newPasswordProblem(newPassword: string, confirmation?: string): string | null {
  if ([...newPassword].length < ADMIN_PASSWORD_MIN_LENGTH) return SECURITY_MESSAGES.newPasswordTooShort
  if (confirmation !== undefined && confirmation !== newPassword) return SECURITY_MESSAGES.confirmationMismatch
  return null
}

/** What the admin knows about one signed-in session (`GET /api/admin/sessions`). */
export interface AdminSessionInfo {
  id: number
  createdAt: string
  lastSeenAt: string
  clientAddress: string
  userAgent: string
  current: boolean
  /** Whose session it is. */
  staffId: number
  staffName: string
}

/** The events the audit log records, with how the admin names them. */
export const AUDIT_EVENT_LABELS = {
  'login.succeeded': 'Signed in',
  'login.failed': 'Failed sign-in',
  'login.locked': 'Locked out',
  'login.slowed': 'Many failed sign-ins: every sign-in slowed down',
  logout: 'Signed out',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset by the operator',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'two_factor.recovery_code_used': 'Recovery code used',
  'session.revoked': 'Session signed out',
  'sessions.revoked_others': 'Signed out everywhere else',
  'login.unlocked': 'Login limits cleared by the operator',
  'post.created': 'Post created',
  'post.updated': 'Post updated',
  'post.published': 'Post published',
  'post.deleted': 'Post deleted',
  'tag.created': 'Tag created',
  'tag.deleted': 'Tag deleted',
  'job.created': 'Job created',
  'job.updated': 'Job updated',
  'job.published': 'Job published',
  'job.closed': 'Job closed',
  'job.reopened': 'Job reopened',
  'job.deleted': 'Job deleted',
  'job.team_changed': 'Hiring team changed',
  'settings.changed': 'Site settings changed',
  'sample_content.removed': 'Sample content removed',
  'setup.finished': 'First-run setup finished',
  'profile.email_set': 'Own email address given (sign-in and password reset)',
  'analytics.switched': 'Analytics turned on or off',
  'webhook.added': 'Webhook added',
  'webhook.removed': 'Webhook removed',
  'job.scorecard_changed': 'Scorecard attributes changed',
  'event.created': 'Event created',
  'event.updated': 'Event updated',
  'event.deleted': 'Event deleted',
  'applications.viewed': 'Applications viewed',
  'applications.exported': 'Applications exported (CSV)',
  'applications.expired': 'Applications deleted after the retention period',
  'application.viewed': 'Application opened',
  'application.status_changed': 'Application status changed',
  'application.noted': 'Note added to an application',
  'application.resume_downloaded': 'Résumé downloaded',
  'application.exported': 'Application exported for its applicant (zip)',
  'application.emailed': 'Email to a candidate queued',
  'application.interview_scheduled': 'Interview scheduled',
  'application.interview_moved': 'Interview moved',
  'application.interview_cancelled': 'Interview cancelled',
  'application.scorecard_submitted': 'Scorecard submitted',
  'email_template.saved': 'Email template saved',
  'email_template.deleted': 'Email template deleted',
  'application.deleted': 'Application deleted',
  'subscriber.deleted': 'Newsletter subscriber deleted',
  'subscribers.exported': 'Newsletter subscribers exported (CSV)',
  'subscribers.imported': 'Newsletter subscribers imported (CSV)',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'staff.invited': 'Invitation sent',
  'staff.invitation_revoked': 'Invitation withdrawn',
  'staff.joined': 'Joined the staff',
  'staff.role_changed': 'Role changed',
  'staff.suspended': 'Suspended',
  'staff.reactivated': 'Reactivated',
  'staff.removed': 'Removed from the staff',
  'staff.sign_in_reset': 'Two-factor and passkeys reset',
} as const

export type AuditEventType = keyof typeof AUDIT_EVENT_LABELS

export const AUDIT_EVENT_TYPES = Object.keys(AUDIT_EVENT_LABELS) as AuditEventType[]

/** Filters of the admin's audit list: an event type's first part (`login`, `post`) or a whole type. */
export const AUDIT_FILTERS = {
  security: ['login', 'logout', 'password', 'two_factor', 'passkey', 'session', 'sessions', 'staff'],
  account: ['password', 'two_factor', 'passkey', 'session', 'sessions'],
  content: ['post', 'tag', 'job', 'event', 'applications', 'application'],
} as const

export interface AuditEvent {
  id: number
  at: string
  type: AuditEventType
  clientAddress: string
  subject: string
  /** Who did it; null for a stranger or the operator's commands. */
  staffId: number | null
  staffName: string
}
