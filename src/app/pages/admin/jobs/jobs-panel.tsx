import { useEffect, useRef, useState } from 'react'
import type { AdminJob } from '../../../../shared/jobs'
import { JobForm } from './job-form'
import { JobsTable } from './jobs-table'

/** The Jobs tab: the list, or the form for a new job or the one being edited. */
export function JobsPanel() {
  const [editing, setEditing] = useState<AdminJob | 'new' | null>(null)
  const newJob = useRef<HTMLButtonElement>(null)
  const returning = useRef(false)
  // Back from the form, the keyboard continues where the list starts.
  useEffect(() => {
    if (editing !== null || !returning.current) return
    returning.current = false
    newJob.current?.focus()
  }, [editing])
  const close = () => {
    returning.current = true
    setEditing(null)
  }
  if (editing !== null)
    return (
      <JobForm key={editing === 'new' ? 'new' : editing.id} job={editing === 'new' ? null : editing} onClose={close} />
    )
  return (
    <section className="admin-section" aria-labelledby="jobs-title">
      <div className="jobs-admin__head">
        <h2 id="jobs-title" className="admin-section__title">
          Jobs
        </h2>
        <button ref={newJob} type="button" className="button button--primary" onClick={() => setEditing('new')}>
          New job
        </button>
      </div>
      <JobsTable onEdit={setEditing} />
    </section>
  )
}
