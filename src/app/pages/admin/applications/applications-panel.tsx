import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ApplicationFilter } from '../../../../shared/application-pipeline'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useDebouncedValue } from '../../../hooks/use-debounced-value'
import { adminQueries } from '../admin-queries'
import { LoadError } from '../load-error'
import { ApplicationDetailPanel } from './application-detail'
import { ApplicationFilters, jobsOf } from './application-filters'
import { ApplicationList } from './application-list'
import { EmailTemplatesPanel } from './email-templates-panel'
import { MailStatusPanel } from './mail-status'
import { RejectBar } from './reject-bar'
import { useCandidateAccess } from './team-queries'

/**
 * The recruiter's pipeline: applications by job and status with search, newest first; one opened at a
 * time below the list. `initialOpenId` opens one at once (the link in the hiring team's email).
 */
export function ApplicationsPanel({ initialOpenId = null }: { initialOpenId?: number | null }) {
  const [choice, setChoice] = useState<Omit<ApplicationFilter, 'q'>>({})
  const [query, setQuery] = useState('')
  const [openId, setOpenId] = useState<number | null>(initialOpenId)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  // A hiring team's member reads (and a hiring manager moves on) their jobs' candidates; the rest is for recruiters.
  const { manages } = useCandidateAccess()
  const select = (id: number, ticked: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (ticked) next.add(id)
      else next.delete(id)
      return next
    })
  const q = useDebouncedValue(query.trim(), 300)
  const filter: ApplicationFilter = { ...choice, ...(q ? { q } : {}) }
  const all = useQuery(adminQueries.applications())
  const shown = useQuery({ ...adminQueries.applications(filter), placeholderData: keepPreviousData })

  // Only the ticked candidates the list shows now: one hidden by a filter since is never rejected unseen.
  const ticked = (shown.data ?? []).filter((application) => selected.has(application.id))
  if (all.isPending) return <LoadingSkeleton label="Loading applications..." />
  if (all.isError) return <LoadError title="Error loading applications" onRetry={() => void all.refetch()} />
  return (
    <section className="admin-section applications" aria-labelledby="applications-title">
      <h2 id="applications-title" className="admin-section__title">
        Applications
      </h2>
      {manages && <MailStatusPanel />}
      {all.data.length === 0 ? (
        <p className="admin-status">No applications yet.</p>
      ) : (
        <>
          <ApplicationFilters
            filter={filter}
            query={query}
            jobs={jobsOf(all.data)}
            shown={shown.data?.length ?? null}
            total={all.data.length}
            onFilter={({ q: _q, ...next }) => setChoice(next)}
            onQuery={setQuery}
          />
          {shown.data && shown.data.length === 0 ? (
            <p className="admin-status">No applications match these filters.</p>
          ) : (
            <>
              {manages && ticked.length > 0 && (
                <RejectBar
                  selected={ticked}
                  onDone={(done) => setSelected((current) => new Set([...current].filter((id) => !done.includes(id))))}
                />
              )}
              <ApplicationList
                applications={shown.data ?? []}
                openId={openId}
                onOpen={setOpenId}
                selected={manages ? selected : null}
                onSelect={select}
              />
            </>
          )}
        </>
      )}
      {openId !== null && <ApplicationDetailPanel key={openId} id={openId} onClose={() => setOpenId(null)} />}
      {manages && <EmailTemplatesPanel />}
    </section>
  )
}
