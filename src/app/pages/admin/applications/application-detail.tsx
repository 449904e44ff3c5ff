import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from '../admin-messages'
import { adminQueries, applicationExportUrl, applicationWrites, refreshApplications } from '../admin-queries'
import { LoadError } from '../load-error'
import { ApplicationFields } from './application-fields'
import { StatusBadge } from './application-list'
import { ApplicationReview } from './application-review'
import { CandidateEmailForm } from './candidate-email-form'
import { InterviewsSection } from './interviews-section'
import { setNoteDraft } from './note-drafts'
import { ScorecardSection } from './scorecard-section'
import { useCandidateAccess } from './team-queries'

/** One application opened: what was sent, the pipeline and its timeline (emails included), and deleting it. */
export function ApplicationDetailPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const application = useQuery(adminQueries.application(id))
  const access = useCandidateAccess()
  const [confirming, setConfirming] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const loaded = application.data?.id
  // Opening one takes the reader (and a screen reader) to it.
  useEffect(() => {
    if (loaded !== undefined) headingRef.current?.focus()
  }, [loaded])
  const remove = useMutation({
    mutationFn: () => applicationWrites.remove(id),
    onSuccess: () => {
      toast(ADMIN_TOASTS.applicationDeleted(application.data?.reference ?? ''))
      // Nothing left to write a note about: no warning should hold the page for it.
      setNoteDraft(id, '')
      onClose()
      // The deleted one's own query goes first: refreshed with the rest, it would ask for a 404.
      queryClient.removeQueries({ queryKey: adminQueries.application(id).queryKey })
      void refreshApplications(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.applicationDeleteFailed(error)),
    onSettled: () => setConfirming(false),
  })

  if (application.isPending) return <LoadingSkeleton label="Loading the application..." lines={6} />
  if (application.isError)
    return <LoadError title="Error loading the application" onRetry={() => void application.refetch()} />
  const data = application.data
  // Writing to the candidate, exporting and deleting are the recruiters'; an interviewer only reads.
  const role = access.roleOn(data.jobId)
  const mayChange = role === 'manage' || role === 'hiring-manager'
  return (
    <section className="admin-card admin-card--flat application-detail" aria-labelledby="application-title">
      <div className="application-detail__head">
        <h3 id="application-title" ref={headingRef} tabIndex={-1} className="admin-card__subtitle">
          {`${data.fullName} — ${data.jobTitle}`}
          <span className="applications__reference">{data.reference}</span>
        </h3>
        <StatusBadge status={data.status} />
        <button type="button" className="button button--small button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="application-detail__layout">
        <ApplicationFields application={data} />
        <div className="application-detail__side">
          {/* Keyed by the stored status, so the form starts from it again after a save. */}
          <ApplicationReview application={data} mayChange={mayChange} />
          <InterviewsSection application={data} mayChange={mayChange} />
          <ScorecardSection application={data} />
          {role === 'manage' && (
            <>
              <CandidateEmailForm application={data} />
              <div className="application-detail__actions">
                <a className="button button--ghost" href={applicationExportUrl(data.id)} download>
                  Export for the applicant (zip)
                </a>
                <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                  Delete application
                </button>
              </div>
            </>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete application"
        message={ADMIN_CONFIRMATIONS.deleteApplication(data.fullName, data.reference)}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
