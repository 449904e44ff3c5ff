import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { SUBSCRIBERS_PAGE_SIZE, type SubscriberRow } from '../../../../shared/newsletter'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { errorMessage } from '../../../data/api-request'
import { adminQueries } from '../admin-queries'
import { LoadError } from '../load-error'
import { SubscriberImportForm } from './subscriber-import'
import { filterQuery, type SubscriberFilter, subscriberQueries, subscriberWrites } from './subscriber-queries'

const dateOf = (iso: string) => iso.slice(0, 10)

/** The newsletter's subscribers for editors: how many, who, a CSV of them, an import, and deleting one. */
export function SubscribersPanel() {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [filter, setFilter] = useState<SubscriberFilter>({ q: '', state: '', tag: '', page: 1 })
  const [deleting, setDeleting] = useState<SubscriberRow | null>(null)
  const list = useQuery({ ...subscriberQueries.list(filter), placeholderData: keepPreviousData })
  const stats = useQuery(subscriberQueries.stats())
  const tags = useQuery(adminQueries.tags()).data ?? []
  const remove = useMutation({
    mutationFn: (row: SubscriberRow) => subscriberWrites.remove(row.id),
    onSuccess: (_, row) => {
      toast({ title: 'Subscriber deleted', description: `${row.email} will get no more email.` })
      void queryClient.invalidateQueries({ queryKey: ['subscribers'] })
    },
    onError: (error) =>
      toast({ title: 'Not deleted', description: errorMessage(error, 'Try again.'), variant: 'destructive' }),
    onSettled: () => setDeleting(null),
  })
  const narrow = (change: Partial<SubscriberFilter>) => setFilter((current) => ({ ...current, ...change, page: 1 }))
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / SUBSCRIBERS_PAGE_SIZE))
  // The last one of the last page deleted: the list moves back to the page that is now last.
  useEffect(() => {
    if (list.data && filter.page > pages) setFilter((current) => ({ ...current, page: pages }))
  }, [list.data, filter.page, pages])
  return (
    <section className="admin-card admin-card--flat subscribers-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__subtitle">
        Newsletter subscribers
      </h2>
      {stats.data && (
        <p className="subscribers-panel__stats">
          <strong>{stats.data.active}</strong> subscribed, {stats.data.pending} waiting to confirm;{' '}
          {stats.data.joinedLast7Days} joined in the last 7 days, {stats.data.joinedLast30Days} in the last 30.
        </p>
      )}
      <div className="subscribers-panel__filters">
        <label className="field">
          <span className="field__label">Search</span>
          <input type="search" value={filter.q} onChange={(e) => narrow({ q: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">State</span>
          <select value={filter.state} onChange={(e) => narrow({ state: e.target.value as SubscriberFilter['state'] })}>
            <option value="">All</option>
            <option value="active">Subscribed</option>
            <option value="pending">Waiting to confirm</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">Gets posts tagged</span>
          <select value={filter.tag} onChange={(e) => narrow({ tag: e.target.value })}>
            <option value="">Any</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.slug}>
                {tag.name}
              </option>
            ))}
          </select>
        </label>
        <a className="button button--ghost" href={`/api/admin/subscribers.csv${filterQuery(filter, false)}`} download>
          Download CSV
        </a>
      </div>
      {list.isPending ? (
        <LoadingSkeleton label="Loading the subscribers..." lines={4} />
      ) : list.isError ? (
        <LoadError title="Error loading the subscribers" onRetry={() => void list.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <p>No subscriber matches.</p>
      ) : (
        <SubscriberTable rows={list.data.rows} onDelete={setDeleting} />
      )}
      <p className="subscribers-panel__pages" aria-live="polite">
        <button
          type="button"
          className="button button--small"
          disabled={filter.page <= 1}
          onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
        >
          Previous
        </button>{' '}
        Page {filter.page} of {pages} ({list.data?.total ?? 0} in all){' '}
        <button
          type="button"
          className="button button--small"
          disabled={filter.page >= pages}
          onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
        >
          Next
        </button>
      </p>
      <SubscriberImportForm />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this subscriber?"
        message={`${deleting?.email ?? ''} is erased at once and gets no more email, and a later import will not add them back. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}

function SubscriberTable({ rows, onDelete }: { rows: SubscriberRow[]; onDelete: (row: SubscriberRow) => void }) {
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <caption className="visually-hidden">Newsletter subscribers</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">State</th>
            <th scope="col">Gets</th>
            <th scope="col">Since</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.email}</th>
              <td>{row.name}</td>
              <td>{row.state === 'active' ? 'Subscribed' : 'Waiting to confirm'}</td>
              <td>{row.tags ? row.tags.join(', ') : 'Every post'}</td>
              <td>{dateOf(row.confirmedAt ?? row.createdAt)}</td>
              <td>
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => onDelete(row)}
                  aria-label={`Delete ${row.email}`}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
