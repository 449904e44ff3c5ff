import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { site } from '../../../content/site'
import type { PostSummary } from '../../../shared/blog'
import { PAGES } from '../../../shared/paths'
import { can, type Permission, ROLE_LABELS, type StaffUser } from '../../../shared/staff'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageMeta } from '../../components/page-meta'
import { useToast } from '../../components/toast/toaster'
import { useClientAssets } from '../../document'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminWrites } from './admin-queries'
import { AdminTabs, type TabSpec } from './admin-tabs'
import { AnalyticsPanel } from './analytics/analytics-panel'
import { ApplicationsPanel } from './applications/applications-panel'
import { useUnsavedNotes } from './applications/note-drafts'
import { useCandidateAccess } from './applications/team-queries'
import { EventsPanel } from './events/events-panel'
import { JobsPanel } from './jobs/jobs-panel'
import { MediaPanel } from './media-panel'
import { PostForm } from './post-form'
import { PostsTable } from './posts-table'
import { SecurityPanel } from './security/security-panel'
import { SettingsTab } from './settings/settings-tab'
import { SetupScreen } from './setup/setup-screen'
import { StaffPanel } from './staff/staff-panel'
import { StaffUserContext } from './staff-user'
import { SubscribersPanel } from './subscribers/subscribers-panel'
import { TagsPanel } from './tags-panel'
import { useAdminGate } from './use-admin-gate'
import { useLeaveWarning } from './use-leave-warning'
import { forgetLocalDrafts } from './use-local-draft'
import { usePostForm } from './use-post-form'
import { useSignedOutWatch } from './use-signed-out-watch'
import { useWorkspaceFocus } from './use-workspace-focus'

type Tab =
  | 'posts'
  | 'add'
  | 'tags'
  | 'media'
  | 'jobs'
  | 'applications'
  | 'events'
  | 'subscribers'
  | 'analytics'
  | 'staff'
  | 'settings'
  | 'security'
/** Each tab and the permission it needs (shared/staff.ts): a role sees only what it may use. */
const TABS: (TabSpec<Tab> & { needs: Permission })[] = [
  { id: 'posts', label: 'All Posts', needs: 'posts.read' },
  { id: 'add', label: 'Add Post', needs: 'posts.write' },
  { id: 'tags', label: 'Tags', needs: 'tags.manage' },
  { id: 'media', label: 'Media', needs: 'media.upload' },
  { id: 'jobs', label: 'Jobs', needs: 'jobs.manage' },
  { id: 'applications', label: 'Applications', needs: 'applications.manage' },
  { id: 'events', label: 'Events', needs: 'event.manage' },
  { id: 'staff', label: 'Staff', needs: 'staff.manage' },
  { id: 'subscribers', label: 'Subscribers', needs: 'subscribers.manage' },
  { id: 'analytics', label: 'Analytics', needs: 'analytics.careers' },
  { id: 'settings', label: 'Settings', needs: 'site.details' },
  { id: 'security', label: 'Security', needs: 'self' },
]

type Confirmation = { kind: 'logout' } | { kind: 'cancel-edit' } | { kind: 'edit'; post: PostSummary }

const CONFIRMATION_TEXT = {
  logout: { title: 'Log out with unsaved changes?', confirm: 'Log out', message: ADMIN_CONFIRMATIONS.logoutUnsaved },
  'cancel-edit': { title: 'Discard unsaved changes?', confirm: 'Discard', message: ADMIN_CONFIRMATIONS.discardChanges },
  edit: { title: 'Discard unsaved changes?', confirm: 'Discard', message: ADMIN_CONFIRMATIONS.discardChanges },
}

/** The tabs this person sees: their role's, and Applications for anyone on a job's hiring team. */
function useVisibleTabs(user: StaffUser) {
  const { onATeam } = useCandidateAccess()
  return { onATeam, tabs: TABS.filter((spec) => can(user.role, spec.needs) || (spec.id === 'applications' && onATeam)) }
}

/**
 * The tab shown first: Applications when an email's link names an application its reader may see. Whether
 * a hiring team member may is known only once their teams have loaded, so their link is followed then, once.
 */
function useFirstTab(user: StaffUser, linkedApplication: number | null) {
  const { onATeam, tabs } = useVisibleTabs(user)
  const [tab, setTab] = useState<Tab>(
    linkedApplication && can(user.role, 'applications.manage') ? 'applications' : tabs[0]!.id,
  )
  // Settled once followed, or once the reader has gone to a tab of their own: the link never takes them back.
  const settled = useRef(false)
  useEffect(() => {
    if (!linkedApplication || !onATeam || settled.current) return
    settled.current = true
    setTab('applications')
  }, [linkedApplication, onATeam])
  const choose = useCallback((next: Tab) => {
    settled.current = true
    setTab(next)
  }, [])
  return { tabs, tab, setTab: choose }
}

function AdminWorkspace({ user }: { user: StaffUser }) {
  const toast = useToast()
  useSignedOutWatch()
  // The hiring team's email links to one application: the workspace opens with it.
  const linkedApplication = Number(useSearchParams()[0].get('application')) || null
  const { tabs, tab, setTab } = useFirstTab(user, linkedApplication)
  const [editing, setEditing] = useState<PostSummary | null>(null)
  const [unsaved, setUnsaved] = useState(false)
  const focus = useWorkspaceFocus(setTab, { openedOnItem: linkedApplication !== null })
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null)
  const notesUnsaved = useUnsavedNotes().length > 0
  const { blocker, allowLeave } = useLeaveWarning(unsaved || notesUnsaved)
  // The form lives here, not in its tab: switching to Tags and back keeps the writing.
  const form = usePostForm(
    editing,
    () => {
      setEditing(null)
      focus.showListAfterSave('posts')
    },
    setUnsaved,
    setEditing,
  )

  const logout = async () => {
    allowLeave()
    // Before the request, whatever comes of it: the next person at this computer finds no writing left.
    forgetLocalDrafts()
    await adminWrites.logout().catch(() => undefined)
    window.location.assign(PAGES.adminLogin)
  }
  // Unsaved changes (and their copy in the browser) are thrown away only when the administrator said so.
  const cancelEdit = (discard: boolean) => {
    if (discard) form.discardChanges()
    setEditing(null)
    toast(ADMIN_TOASTS.editCancelled)
  }
  const edit = (post: PostSummary, discard: boolean) => {
    if (discard) form.discardChanges()
    setEditing(post)
    setTab('add')
  }
  const confirmed = (action: Confirmation) => {
    setConfirmation(null)
    if (action.kind === 'logout') void logout()
    else if (action.kind === 'cancel-edit') cancelEdit(true)
    else edit(action.post, true)
  }
  const askToEdit = (post: PostSummary) => {
    // The post already in the form: back to it, as it was left.
    if (post.id === editing?.id) setTab('add')
    else if (unsaved) setConfirmation({ kind: 'edit', post })
    else edit(post, false)
  }
  const text = confirmation ? CONFIRMATION_TEXT[confirmation.kind] : null

  return (
    <>
      <header className="admin-header">
        <div>
          <h1 ref={focus.heading} tabIndex={-1} className="admin-header__title">
            Blog Administration
          </h1>
          <p className="admin-header__subtitle">Manage your blog posts and tags</p>
          <p className="admin-header__person">
            Signed in as {user.name || user.email} · {ROLE_LABELS[user.role]}
          </p>
        </div>
        <div className="admin-header__actions">
          <a className="button button--ghost" href={PAGES.blog} target="_blank" rel="noopener noreferrer">
            View Blog<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => (unsaved || notesUnsaved ? setConfirmation({ kind: 'logout' }) : void logout())}
          >
            Log out
          </button>
        </div>
      </header>
      <AdminTabs tabs={tabs} current={tab} onChange={focus.showTab}>
        {tab === 'posts' && <PostsTable onEdit={askToEdit} focusOnShow={focus.listTakesFocus} />}
        {tab === 'add' && (
          <PostForm
            form={form}
            editing={editing}
            onCancel={() => (unsaved ? setConfirmation({ kind: 'cancel-edit' }) : cancelEdit(false))}
            onRestored={(post) => setEditing(post)}
          />
        )}
        {tab === 'tags' && <TagsPanel />}
        {tab === 'media' && <MediaPanel />}
        {tab === 'jobs' && <JobsPanel />}
        {tab === 'applications' && <ApplicationsPanel initialOpenId={linkedApplication} />}
        {tab === 'events' && <EventsPanel />}
        {tab === 'staff' && <StaffPanel currentUserId={user.id} />}
        {tab === 'subscribers' && <SubscribersPanel />}
        {tab === 'analytics' && <AnalyticsPanel />}
        {tab === 'settings' && <SettingsTab />}
        {tab === 'security' && <SecurityPanel showAudit={can(user.role, 'site.manage')} />}
      </AdminTabs>
      <ConfirmDialog
        open={text !== null}
        title={text?.title ?? ''}
        message={text?.message ?? ''}
        confirmLabel={text?.confirm ?? ''}
        onConfirm={() => confirmation && confirmed(confirmation)}
        onCancel={() => setConfirmation(null)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave with unsaved changes?"
        message={ADMIN_CONFIRMATIONS.leaveUnsaved}
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </>
  )
}

export function AdminBlogPage() {
  const gate = useAdminGate()
  const setup = useSearchParams()[0].has('setup')
  const { editorStyles } = useClientAssets()
  return (
    <div className="admin">
      {editorStyles.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
      <PageMeta
        title={`Blog Administration | ${site.name}`}
        description="Manage blog posts and tags."
        path={PAGES.adminBlog}
        noindex
      />
      <main id="main" tabIndex={-1} className="admin__main">
        {gate.state === 'authenticated' ? (
          <StaffUserContext value={gate.user}>
            {setup && can(gate.user.role, 'site.settings') ? <SetupScreen /> : <AdminWorkspace user={gate.user} />}
          </StaffUserContext>
        ) : (
          <div className="admin-gate" role="status">
            <span className="spinner spinner--large" aria-hidden="true" />
            <p>{gate.state === 'checking' ? 'Checking authentication...' : 'Redirecting to the login page...'}</p>
          </div>
        )}
      </main>
    </div>
  )
}

export { AdminBlogPage as Component }
