import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import {
  countsOf,
  SAMPLE_CONTENT_API,
  SAMPLE_CONTENT_MESSAGES,
  type SampleContent,
  type SampleContentRemoved,
  totalOf,
} from '../../../../shared/sample-content'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { apiGet, apiRequest } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'

const sampleContentQuery = {
  queryKey: ['sample-content'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<SampleContent>(SAMPLE_CONTENT_API, signal),
  staleTime: 0,
}

function SampleList({ title, items }: { title: string; items: { id: number; name: string }[] }) {
  if (items.length === 0) return null
  return (
    <>
      <h3 className="sample-content__heading">
        {title} ({items.length})
      </h3>
      <ul className="sample-content__list">
        {items.map((item) => (
          <li key={item.id}>{item.name}</li>
        ))}
      </ul>
    </>
  )
}

/**
 * 'Settings': the launch posts, jobs and tags a fresh install starts with, listed while untouched, and removed
 * in one action. What the studio wrote or edited, and jobs with applications, are never listed.
 */
export function SampleContentPanel() {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  // The button that opened the confirmation is gone once the removal is done: focus goes to the panel's title,
  // after the dialog has closed (a closing dialog gives focus back to what opened it).
  const heading = useRef<HTMLHeadingElement>(null)
  const [removedNow, setRemovedNow] = useState(false)
  useEffect(() => {
    if (!removedNow || confirming) return
    heading.current?.focus()
    setRemovedNow(false)
  }, [removedNow, confirming])
  const found = useQuery(sampleContentQuery)
  const remove = useMutation({
    mutationFn: () =>
      apiRequest<SampleContentRemoved>(`${SAMPLE_CONTENT_API}/remove`, {
        method: 'POST',
      }) as Promise<SampleContentRemoved>,
    onSuccess: ({ removed }) => {
      setConfirming(false)
      toast(ADMIN_TOASTS.sampleContentRemoved(removed))
      setRemovedNow(true)
      // Posts, jobs and tags all changed: every list the admin holds is asked again.
      void queryClient.invalidateQueries()
    },
    onError: (failure) => {
      setConfirming(false)
      toast(ADMIN_TOASTS.sampleContentFailed(failure))
    },
  })
  if (found.isPending) return <LoadingSkeleton label="Loading the sample content..." lines={3} />
  if (found.isError) return <LoadError title="Error loading the sample content" onRetry={() => void found.refetch()} />
  const samples = found.data
  return (
    <section className="admin-card admin-card--flat sample-content" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="admin-card__subtitle">
        Sample content
      </h2>
      {totalOf(countsOf(samples)) === 0 ? (
        <p className="admin-status">{SAMPLE_CONTENT_MESSAGES.nothingLeft}</p>
      ) : (
        <>
          <p className="field__hint">
            A new site starts with these launch posts and jobs. Remove them to start empty: anything written or edited
            here, and any job with applications, stays.
          </p>
          <SampleList title="Posts" items={samples.posts.map(({ id, title }) => ({ id, name: title }))} />
          <SampleList title="Jobs" items={samples.jobs.map(({ id, title }) => ({ id, name: title }))} />
          <SampleList title="Tags" items={samples.tags} />
          <div className="sample-content__actions">
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              Remove sample content
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove sample content"
        message={SAMPLE_CONTENT_MESSAGES.confirm(countsOf(samples))}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
