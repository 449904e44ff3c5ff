import { EMAIL_INVALID, EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from './email'
/**
 * Staff accounts and what each role may do: the one permission table the server enforces on every admin
 * endpoint and the admin reads to hide what a role cannot do.
 */

export const ROLES = ['owner', 'administrator', 'editor', 'author', 'contributor', 'recruiter'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
  recruiter: 'Recruiter',
}

/** The roles an invitation or a role change may give: there is one owner, made at the first start. */
export const ASSIGNABLE_ROLES = ROLES.filter((role) => role !== 'owner')

/** The owner is the first account, made by the migration that brought staff accounts. */
export const OWNER_ID = 1

export const STAFF_STATES = ['invited', 'active', 'suspended'] as const
export type StaffState = (typeof STAFF_STATES)[number]

const WRITERS = ['owner', 'administrator', 'editor', 'author', 'contributor'] as const
const EDITORS = ['owner', 'administrator', 'editor'] as const
const ADMINISTRATORS = ['owner', 'administrator'] as const
const HIRING = ['owner', 'administrator', 'recruiter'] as const

/** Each permission and the roles that hold it. */
export const PERMISSIONS = {
  /** Their own account: profile, password, two-factor, sessions. */
  self: ROLES,
  /** The admin's post list and a post's detail, tags to pick from, draft links of posts they may edit. */
  'posts.read': WRITERS,
  /** Create posts and edit their own drafts. */
  'posts.write': WRITERS,
  /** Publish and schedule their own posts, and edit or delete them once published. */
  'posts.publish': ['owner', 'administrator', 'editor', 'author'],
  /** Edit, publish, feature, delete and re-assign anyone's posts. */
  'posts.others': EDITORS,
  'tags.manage': EDITORS,
  'media.upload': WRITERS,
  /** Delete uploads. */
  'media.manage': EDITORS,
  'event.manage': EDITORS,
  /** The newsletter's subscribers: the list, export, import and deletion. */
  'subscribers.manage': EDITORS,
  /** Marking a post to be emailed to the subscribers, and a test of that email. */
  'newsletter.send': EDITORS,
  'jobs.manage': HIRING,
  /** Applications, and the outbox that carries their mail. */
  'applications.manage': HIRING,
  /**
   * Reading candidates and moving them on: every application for those with applications.manage, the
   * candidates of their own jobs for anyone on a job's hiring team (checked per request), nothing otherwise.
   */
  'applications.read': ROLES,
  /** The site's analytics: visits, pages, sources and each post's figures. */
  'analytics.read': EDITORS,
  /** The careers part of the analytics: each job's views, applications started and sent. */
  'analytics.careers': ['owner', 'administrator', 'editor', 'recruiter'],
  /** Invite, change, suspend and remove people; everyone's sessions. */
  'staff.manage': ADMINISTRATORS,
  /** The audit log. */
  'site.manage': ADMINISTRATORS,
  /** The studio's details every page shows: contact address, store, tagline, share image, links. */
  'site.details': ADMINISTRATORS,
  /** Where the site sends what happens (webhooks), and the settings only the owner may change. */
  'site.settings': ['owner'],
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

export const can = (role: Role, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly Role[]).includes(role)

/** Who a byline may name, and so who may take over a removed person's posts: someone active who writes posts. */
export const mayHaveByline = (person: { role: Role; state: StaffState }): boolean =>
  person.state === 'active' && can(person.role, 'posts.write')

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && Object.hasOwn(PERMISSIONS, value)

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value)

/** The signed-in person, as `GET /api/admin/check` names them. */
export interface StaffUser {
  id: number
  name: string
  email: string
  role: Role
}

/** How the site names a staff member to others: their name, or their address when they gave none. */
export const staffName = (person: { name: string; email: string }) => person.name || person.email

/** One person on the staff list (`GET /api/admin/staff`). */
export interface StaffMember extends StaffUser {
  state: StaffState
  /** Their open invitation, while they have not accepted it. */
  invitation?: { id: number; expiresAt: string }
}

export const STAFF_BIO_MAX_LENGTH = 400

/** A person's own profile: the name on their bylines and the bio on their author page. */
export interface StaffProfile {
  name: string
  email: string
  slug: string
  bio: string
}

export const PASSWORD_RESET_VALID_MINUTES = 30
/** The outbox's kind of "forgot password" emails. */
export const PASSWORD_RESET_MAIL_KIND = 'password-reset'

export const INVITATION_VALID_DAYS = 7
/** The outbox's kind of invitation emails. */
export const INVITATION_MAIL_KIND = 'staff-invitation'
export { EMAIL_MAX_LENGTH, isEmail, normalizeEmail }
export const STAFF_NAME_MAX_LENGTH = 100

export const STAFF_MESSAGES = {
  /** A staff route without a live session (none, expired, or ended while the request was on its way). */
  authenticationRequired: 'Authentication required',
  forbidden: 'Your role does not allow that.',
  emailInvalid: EMAIL_INVALID,
  roleInvalid: `Role must be one of ${ASSIGNABLE_ROLES.join(', ')}`,
  emailTaken: 'Someone on the staff already uses that email address.',
  nameRequired: 'Enter your name.',
  nameTooLong: `Name is too long (at most ${STAFF_NAME_MAX_LENGTH} characters)`,
  bioTooLong: `Bio is too long (at most ${STAFF_BIO_MAX_LENGTH} characters)`,
  invitationNotFound: 'That invitation does not exist.',
  invitationUsed: 'This invitation has already been used. Sign in instead.',
  invitationRevoked: 'This invitation was withdrawn. Ask whoever invited you for a new one.',
  invitationExpired: `This invitation has expired (they last ${INVITATION_VALID_DAYS} days). Ask for a new one.`,
  staffNotFound: 'That person is not on the staff.',
  ownerFixed: 'Only the owner may do that to the owner: they cannot be suspended, removed or given another role.',
  notYourself: 'You cannot change your own role or state, or remove yourself.',
  stateInvalid: 'State must be active or suspended',
  stillInvited: 'They have not accepted their invitation yet: withdraw it instead.',
  reassignInvalid: 'Choose someone active on the staff who writes posts to take them over, or keep them with the name.',
  emailRequired: 'Enter your email address.',
  emailFixed: 'Your email address is already set: it is how you sign in.',
  emailNeedsFreshSignIn: 'You signed in a while ago: sign out and in again to give your email address.',
  wrongEmailOrPassword: 'Wrong email or password.',
  resetSent:
    'If that address belongs to someone on the staff, a link to choose a new password is on its way. It works once, for 30 minutes.',
  resetLinkGone: 'This link has expired or has been used. Ask for a new one from the sign-in page.',
  contributorsDraftOnly: 'Contributors save drafts: an editor publishes them.',
  notYourPost: 'Only its author or an editor can change this post.',
  featureEditorsOnly: 'Only editors choose the featured posts.',
  bylineEditorsOnly: 'Only editors give a post to another author.',
  authorUnknown: 'The author must be someone active on the staff who writes posts.',
} as const

/**
 * An email address given on one's own profile: set once, by someone who has none yet (the owner of a fresh
 * install, at setup; password resets need it), and from then on how they sign in, changed by nobody.
 */
export function emailOnce(
  current: string,
  given: unknown,
): { ok: true; value?: string } | { ok: false; error: string } {
  if (given === undefined) return { ok: true }
  if (typeof given !== 'string') return { ok: false, error: STAFF_MESSAGES.emailInvalid }
  const email = normalizeEmail(given)
  if (email === current) return { ok: true }
  if (current !== '') return { ok: false, error: STAFF_MESSAGES.emailFixed }
  return isEmail(email) ? { ok: true, value: email } : { ok: false, error: STAFF_MESSAGES.emailInvalid }
}

/** The first problem with a profile's name or bio, or null (the form and the API). */
export function profileProblem({ name, bio }: { name: string; bio: string }): string | null {
  if (name.trim() === '') return STAFF_MESSAGES.nameRequired
  if ([...name].length > STAFF_NAME_MAX_LENGTH) return STAFF_MESSAGES.nameTooLong
  if ([...bio].length > STAFF_BIO_MAX_LENGTH) return STAFF_MESSAGES.bioTooLong
  return null
}

/** One of a person's passkeys, as their Security tab lists it. */
export interface PasskeyInfo {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
}

export const PASSKEY_NAME_MAX_LENGTH = 60

export const PASSKEY_MESSAGES = {
  reauthenticationRequired: 'You signed in a while ago: enter your password to add a passkey.',
  registrationFailed: 'That passkey could not be added. Try again, and finish on your device within five minutes.',
  notFound: 'That passkey has already been removed.',
  notAccepted: 'That passkey was not accepted. Try again, or sign in with your password.',
} as const
