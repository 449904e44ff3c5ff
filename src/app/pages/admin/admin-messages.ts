import type { BulkAction, BulkResult } from '../../../shared/post-bulk'
import { SAMPLE_CONTENT_MESSAGES, type SampleContentRemoved } from '../../../shared/sample-content'
import type { ToastInput } from '../../components/toast/toast-store'
import { ApiError, errorMessage } from '../../data/api-request'

const postCount = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`
const BULK_DONE_WORDS: Record<BulkAction, (tag: string) => string> = {
  publish: () => 'published',
  unpublish: () => 'unpublished',
  delete: () => 'deleted',
  tag: (tag) => `tagged "${tag}"`,
  untag: (tag) => `no longer tagged "${tag}"`,
}

const failure = (title: string, description: string): ToastInput => ({ title, description, variant: 'destructive' })
const success = (description: string): ToastInput => ({ title: 'Success', description })

/** Every toast of the administrator's screens (spec §4 and §8), with the fallbacks for errors that say nothing. */
export const ADMIN_TOASTS = {
  loggedIn: success('You are now logged in as admin'),
  staffLoggedIn: success('You are now signed in'),
  loginFailed: (error: unknown, fallback: string) => failure('Login failed', errorMessage(error, fallback)),
  authenticationRequired: failure('Authentication Required', 'Please log in with your admin credentials'),
  authenticationError: failure('Authentication Error', 'Please try logging in again'),
  keptTheirs: success('Their version is in the form now; your changes were dropped'),
  copiedMine: success('Your title and text are on the clipboard'),
  sessionEnded: failure('Signed out', 'Your session has ended. Please sign in again.'),

  editCancelled: { title: 'Edit Cancelled', description: 'Returned to create post mode' },
  postLoaded: { title: 'Ready to edit', description: 'Post loaded successfully' },
  postLoadFailed: (error: unknown) =>
    failure(
      'Error loading post',
      error instanceof ApiError && error.status
        ? `Failed to load post data: ${error.status} ${error.message}`
        : 'Failed to load post data. Please try again.',
    ),
  nothingToSave: { title: 'Saved', description: 'No changes since the last save' },
  postSaved: (updated: boolean) => success(updated ? 'Post updated successfully' : 'Post created successfully'),
  postSaveFailed: (error: unknown) => failure('Error', `Failed to save post: ${errorMessage(error, 'Unknown error')}`),
  postDeleted: (title: string) => success(`Post "${title}" deleted successfully`),
  postDeleteFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'Failed to delete post. Please try again.')),

  draftLinkCopied: success('Preview link copied'),
  copyManually: { title: 'Copy the link', description: 'The link is selected: press Ctrl+C (or ⌘C) to copy it.' },
  draftLinkRegenerated: success('A new preview link was made; the old one no longer works'),
  draftLinkFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'Failed to make a new preview link. Please try again.')),
  revisionRestored: (when: string) => success(`The version from ${when} was restored`),
  revisionRestoreFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'Failed to restore this version. Please try again.')),
  localCopyRestored: success('Your unsaved changes are back in the form'),

  uploadFailed: (name: string, error: unknown) =>
    failure('Upload failed', `${name}: ${errorMessage(error, 'The picture could not be uploaded. Please try again.')}`),
  buttonNeedsLink: {
    title: 'Make it a link first',
    description: 'Select the text, add its address with the Link button, then choose Button.',
  },
  picturesElsewhere: (hosts: string[]) =>
    failure(
      'Pasted pictures left on other sites',
      `Pictures pasted from ${hosts.join(', ')} show from there, and go if they are removed there. Download them and upload them to keep them in the post.`,
    ),
  pastedPictureUnreadable: failure(
    'Pasted picture not read',
    'It could not be read as a picture: save it as a file and upload it with the Picture button.',
  ),
  tableNeeded: {
    title: 'Put the cursor in a table first',
    description: 'Rows and columns are added to, or deleted from, the table the cursor is in.',
  },
  tableInTable: {
    title: 'This is already a table',
    description: 'Add a row or a column to it, or put the cursor below it to start another table.',
  },
  videoRefused: failure('Video not embedded', 'Only YouTube and Vimeo links can be embedded as players.'),
  mediaDeleted: (name: string) => success(`"${name}" deleted`),
  mediaDeleteFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'Failed to delete the picture. Please try again.')),

  applicationSaved: (reference: string) => success(`${reference} saved`),
  applicationMoved: (reference: string, status: string) => success(`${reference} moved to ${status}`),
  applicationSaveFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'Failed to save the application. Please try again.')),
  applicationDeleted: (reference: string) => success(`${reference} deleted, with its résumé file`),
  candidateEmailQueued: (name: string, scheduledFor: string | null) =>
    success(scheduledFor ? `Email to ${name} scheduled for ${scheduledFor}` : `Email to ${name} is on its way`),
  candidateEmailFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'The email could not be queued. Please try again.')),
  templateSaved: (name: string) => success(`Template "${name}" saved`),
  teamSaved: success('Hiring team saved'),
  webhookAdded: success('Webhook added'),
  webhookRemoved: success('Webhook removed'),
  webhookTestQueued: success('Test event queued: it is sent within seconds'),
  webhookFailed: (error: unknown) => failure('Error', errorMessage(error, 'That did not work. Please try again.')),
  settingsSaved: success('Settings saved'),
  siteFactsSaved: success('Site details saved: every page shows them now'),
  siteFactsUnchanged: success('Nothing to save: the site details are as saved'),
  setupDone: (removed: SampleContentRemoved['removed'] | null) =>
    success(removed ? `Your site is set up. ${SAMPLE_CONTENT_MESSAGES.removed(removed)}.` : 'Your site is set up'),
  sampleContentRemoved: (removed: SampleContentRemoved['removed']) => success(SAMPLE_CONTENT_MESSAGES.removed(removed)),
  sampleContentFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'The sample content could not be removed. Please try again.')),
  interviewSaved: (change: 'scheduled' | 'moved' | 'cancelled', sent: number) =>
    success(
      `Interview ${change}${sent > 0 ? `: ${sent} ${change === 'cancelled' ? 'cancellations' : 'invitations'} on their way` : ''}`,
    ),
  interviewFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'The interview could not be saved. Please try again.')),
  scorecardSaved: success('Scorecard submitted'),
  scorecardFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'The scorecard could not be saved. Please try again.')),
  scorecardAttributesSaved: success('Scorecard attributes saved'),
  scorecardAttributesFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'The scorecard attributes could not be saved. Please try again.')),
  teamSaveFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'The hiring team could not be saved. Please try again.')),
  candidatesRejected: (done: number, failed: { error: string }[]) =>
    (done === 0 ? (text: string) => failure('Nothing rejected', text) : success)(
      `${done} rejected and told${failed.length ? `; ${failed.length} not: ${[...new Set(failed.map((f) => f.error))].join(' ')}` : ''}`,
    ),
  templateDeleted: (name: string) => success(`Template "${name}" deleted`),
  templateSaveFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'The template could not be saved. Please try again.')),
  applicationDeleteFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'Failed to delete the application. Please try again.')),
  mailRetrying: success('The email will be sent again in a moment'),
  mailRetryFailed: (error: unknown) => failure('Error', errorMessage(error, 'Failed to queue the email again.')),

  tagCreated: success('Tag created successfully'),
  tagCreateFailed: (error: unknown) => failure('Error', errorMessage(error, 'Failed to create tag. Please try again.')),
  tagDeleted: (name: string) => success(`Tag "${name}" deleted successfully`),
  tagDeleteFailed: (error: unknown) => failure('Error', errorMessage(error, 'Failed to delete tag. Please try again.')),

  eventCreated: (title: string) => success(`Event "${title}" created`),
  eventSaved: (title: string) => success(`Event "${title}" saved: its page shows it now`),
  eventSaveFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'Failed to save the event. Please try again.')),
  eventDeleted: (title: string) => success(`Event "${title}" deleted`),
  eventDeleteFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'Failed to delete the event. Please try again.')),

  twoFactorOn: success('Two-factor sign-in is on. Keep your recovery codes somewhere safe.'),
  twoFactorOff: success('Two-factor sign-in is off'),
  securityFailed: (error: unknown) => failure('Error', errorMessage(error, 'That did not work. Please try again.')),
  passwordChanged: (signedOut: number) =>
    success(
      signedOut > 0
        ? `Password changed. ${signedOut === 1 ? 'One other session was' : `${signedOut} other sessions were`} signed out.`
        : 'Password changed',
    ),
  sessionRevoked: success('That session was signed out'),
  profileSaved: success('Profile saved: your posts show it now'),
  passkeyAdded: success('Passkey added: you can sign in with it now'),
  passkeyRemoved: success('Passkey removed'),
  invitationSent: (email: string) => success(`Invitation sent to ${email}`),
  staffChanged: (who: string, kind: 'role' | 'suspend' | 'reactivate' | 'remove' | 'resend' | 'withdraw' | 'reset') =>
    success(
      {
        role: `${who} has a new role`,
        suspend: `${who} is suspended and signed out`,
        reactivate: `${who} can sign in again`,
        remove: `${who} was removed from the staff`,
        resend: `A new invitation was sent to ${who}`,
        withdraw: `The invitation to ${who} was withdrawn`,
        reset: `${who} was signed out; their two-factor and passkeys are gone`,
      }[kind],
    ),
  otherSessionsRevoked: (signedOut: number) =>
    success(signedOut === 1 ? 'One other session was signed out' : `${signedOut} other sessions were signed out`),
  recoveryCodesCopied: success('Recovery codes copied'),
  bulkDone: (action: BulkAction, result: BulkResult, tag: string) => {
    const done = `${postCount(result.done.length)} ${BULK_DONE_WORDS[action](tag)}`
    if (result.failed.length === 0) return success(done)
    const [first] = result.failed
    return failure(
      `${postCount(result.failed.length)} left as ${result.failed.length === 1 ? 'it was' : 'they were'}`,
      `${result.done.length > 0 ? `${done}. ` : ''}${first?.error ?? ''}`,
    )
  },
  bulkFailed: (error: unknown) =>
    failure('Error', errorMessage(error, 'The posts were not changed. Please try again.')),
} satisfies Record<string, ToastInput | ((...args: never[]) => ToastInput)>

/** The delete confirmations (spec §8). */
export const ADMIN_CONFIRMATIONS = {
  deleteMedia: (name: string) => `Are you sure you want to delete the picture "${name}"? This cannot be undone.`,
  deletePost: (title: string) => `Are you sure you want to delete the post "${title}"? This cannot be undone.`,
  regenerateDraftLink:
    'The link you have now stops working at once, so anyone you shared it with will need the new one.',
  restoreRevision: (when: string, unsavedChanges: boolean) =>
    `The post goes back to the version from ${when}. The current version stays in the history, so this can be undone.${
      unsavedChanges ? ' The unsaved changes in the form will be lost.' : ''
    }`,
  discardChanges: 'Your unsaved changes to this post will be lost.',
  logoutUnsaved:
    'Your changes are not saved on the server and will be lost: logging out also removes the copy this browser keeps.',
  leaveUnsaved:
    'Your changes are not saved on the server. This browser keeps a copy and offers it back when you return to the post.',
  deleteApplication: (name: string, reference: string) =>
    `Are you sure you want to delete the application of ${name} (${reference}) and its résumé file? This cannot be undone.`,
  deleteEvent: (title: string) =>
    `Are you sure you want to delete the event "${title}"? Its page goes with it. This cannot be undone.`,
  discardEventChanges: 'Your unsaved changes to this event will be lost.',
  deleteTag: (name: string) => `Are you sure you want to delete the tag "${name}"? This cannot be undone.`,
  bulkTitle: (action: BulkAction, count: number) =>
    `${{ publish: 'Publish', unpublish: 'Unpublish', delete: 'Delete', tag: 'Tag', untag: 'Untag' }[action]} ${postCount(count)}`,
  bulk: (action: BulkAction, count: number, tag: string) =>
    ({
      publish: `Publish ${postCount(count)}? ${count === 1 ? 'It goes' : 'Each goes'} public at its publication date.`,
      unpublish: `Unpublish ${postCount(count)}? ${count === 1 ? 'It leaves' : 'They leave'} the blog, its feeds and search, and ${count === 1 ? 'becomes a draft' : 'become drafts'}.`,
      delete: `Delete ${postCount(count)}? This cannot be undone.`,
      tag: `Add the tag "${tag}" to ${postCount(count)}?`,
      untag: `Remove the tag "${tag}" from ${postCount(count)}?`,
    })[action],
  revokeSession: (browser: string) => `${browser} will be signed out and will need the password to come back.`,
}
