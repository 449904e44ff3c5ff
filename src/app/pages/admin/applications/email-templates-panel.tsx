import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { CANDIDATE_EMAIL_LIMITS, type EmailTemplate } from '../../../../shared/candidate-email'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'
import { emailQueries, emailWrites } from './email-queries'

const refreshTemplates = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['email-templates'] })

/** One template's name, subject and message, with the merge fields it may use. */
function TemplateEditor({ template, onDone }: { template: EmailTemplate | null; onDone: () => void }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const fields = useQuery(emailQueries.templates()).data?.mergeFields ?? []
  const [name, setName] = useState(template?.name ?? '')
  const [subject, setSubject] = useState(template?.subject ?? '')
  const [body, setBody] = useState(template?.body ?? '')
  const save = useMutation({
    mutationFn: () => emailWrites.saveTemplate({ name, subject, body }, template?.id),
    onSuccess: (saved) => {
      toast(ADMIN_TOASTS.templateSaved(saved.name))
      void refreshTemplates(queryClient)
      onDone()
    },
    onError: (error) => toast(ADMIN_TOASTS.templateSaveFailed(error)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!save.isPending) save.mutate()
  }
  const text = (key: string, label: string, value: string, set: (value: string) => void, max: number) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`} className="field__label">
        {label}
      </label>
      {key === 'body' ? (
        <textarea id={`${id}-${key}`} rows={7} value={value} maxLength={max} onChange={(e) => set(e.target.value)} />
      ) : (
        <input id={`${id}-${key}`} value={value} maxLength={max} onChange={(e) => set(e.target.value)} />
      )}
    </div>
  )
  return (
    <form
      className="email-templates__editor"
      aria-label={template ? `Edit template ${template.name}` : 'New template'}
      onSubmit={onSubmit}
    >
      {text('name', 'Template name', name, setName, CANDIDATE_EMAIL_LIMITS.name)}
      {text('subject', 'Subject', subject, setSubject, CANDIDATE_EMAIL_LIMITS.subject)}
      {text('body', 'Message', body, setBody, CANDIDATE_EMAIL_LIMITS.body)}
      <ul className="field__hint email-templates__fields" aria-label="Merge fields">
        {fields.map((field) => (
          <li key={field.name}>{`${field.name}: ${field.description}`}</li>
        ))}
      </ul>
      <div className="post-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save template'}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** The recruiters' email templates: listed, written, changed and deleted (after a confirmation). */
export function EmailTemplatesPanel() {
  const toast = useToast()
  const queryClient = useQueryClient()
  const templates = useQuery(emailQueries.templates())
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null)
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null)
  const remove = useMutation({
    mutationFn: (template: EmailTemplate) => emailWrites.removeTemplate(template.id),
    onSuccess: (_, template) => {
      toast(ADMIN_TOASTS.templateDeleted(template.name))
      void refreshTemplates(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.templateSaveFailed(error)),
    onSettled: () => setDeleting(null),
  })
  return (
    <section className="admin-card admin-card--flat email-templates" aria-labelledby="email-templates-title">
      <h3 id="email-templates-title" className="admin-card__subtitle">
        Email templates
      </h3>
      {templates.isPending && <LoadingSkeleton label="Loading templates..." lines={3} />}
      {templates.isError && <LoadError title="Error loading templates" onRetry={() => void templates.refetch()} />}
      <ul className="email-templates__list">
        {templates.data?.templates.map((template) => (
          <li key={template.id} className="email-templates__item">
            <span className="email-templates__name">{template.name}</span>
            <span className="email-templates__subject">{template.subject}</span>
            <button type="button" className="button button--small button--ghost" onClick={() => setEditing(template)}>
              Edit<span className="visually-hidden">{` template ${template.name}`}</span>
            </button>
            <button type="button" className="button button--small button--ghost" onClick={() => setDeleting(template)}>
              Delete<span className="visually-hidden">{` template ${template.name}`}</span>
            </button>
          </li>
        ))}
      </ul>
      {editing ? (
        <TemplateEditor
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="button button--small" onClick={() => setEditing('new')}>
          New template
        </button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete template"
        message={`Delete the template "${deleting?.name ?? ''}"? Messages already sent with it stay as they were.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
