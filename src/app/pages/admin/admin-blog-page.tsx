import { useState } from 'react'
import { site } from '../../../content/site'
import type { PostSummary } from '../../../shared/blog'
import { PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { useToast } from '../../components/toast/toaster'
import { useClientAssets } from '../../document'
import { ADMIN_TOASTS } from './admin-messages'
import { adminWrites } from './admin-queries'
import { AdminTabs, type TabSpec } from './admin-tabs'
import { ApplicationsPanel } from './applications-panel'
import { MediaPanel } from './media-panel'
import { PostForm } from './post-form'
import { PostsTable } from './posts-table'
import { TagsPanel } from './tags-panel'
import { useAdminGate } from './use-admin-gate'

type Tab = 'posts' | 'add' | 'tags' | 'media' | 'applications'
const TABS: TabSpec<Tab>[] = [
  { id: 'posts', label: 'All Posts' },
  { id: 'add', label: 'Add Post' },
  { id: 'tags', label: 'Tags' },
  { id: 'media', label: 'Media' },
  { id: 'applications', label: 'Applications' },
]

function AdminWorkspace() {
  const toast = useToast()
  const [tab, setTab] = useState<Tab>('posts')
  const [editing, setEditing] = useState<PostSummary | null>(null)

  return (
    <>
      <header className="admin-header">
        <div>
          <h1 className="admin-header__title">Blog Administration</h1>
          <p className="admin-header__subtitle">Manage your blog posts and tags</p>
        </div>
        <div className="admin-header__actions">
          <a className="button button--ghost" href={PAGES.blog} target="_blank" rel="noopener noreferrer">
            View Blog<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <button
            type="button"
            className="button button--ghost"
            onClick={async () => {
              await adminWrites.logout().catch(() => undefined)
              window.location.assign(PAGES.adminLogin)
            }}
          >
            Log out
          </button>
        </div>
      </header>
      <AdminTabs tabs={TABS} current={tab} onChange={setTab}>
        {tab === 'posts' && (
          <PostsTable
            onEdit={(post) => {
              setEditing(post)
              setTab('add')
            }}
          />
        )}
        {tab === 'add' && (
          <PostForm
            editing={editing}
            onDone={() => {
              setEditing(null)
              setTab('posts')
            }}
            onCancel={() => {
              setEditing(null)
              toast(ADMIN_TOASTS.editCancelled)
            }}
          />
        )}
        {tab === 'tags' && <TagsPanel />}
        {tab === 'media' && <MediaPanel />}
        {tab === 'applications' && <ApplicationsPanel />}
      </AdminTabs>
    </>
  )
}

export function AdminBlogPage() {
  const gate = useAdminGate()
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
        {gate === 'authenticated' ? (
          <AdminWorkspace />
        ) : (
          <div className="admin-gate" role="status">
            <span className="spinner spinner--large" aria-hidden="true" />
            <p>{gate === 'checking' ? 'Checking authentication...' : 'Redirecting to the login page...'}</p>
          </div>
        )}
      </main>
    </div>
  )
}

export { AdminBlogPage as Component }
