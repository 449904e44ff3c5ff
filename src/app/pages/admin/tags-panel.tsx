import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { TagRef } from '../../../shared/blog'
import { POST_LIMITS, POST_MESSAGES } from '../../../shared/post-rules'
import { slugFromName } from '../../../shared/slug'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { FormField } from '../../components/form-field'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites, refreshPosts, refreshTags } from './admin-queries'
import { LoadError } from './load-error'

/** 'Add New Tag': the name must not be blank; the slug is made from it (spec §5). */
function NewTagForm() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: (tagName: string) => adminWrites.createTag(tagName, slugFromName(tagName)),
    onSuccess: () => {
      setName('')
      toast(ADMIN_TOASTS.tagCreated)
      void refreshTags(queryClient)
    },
    onError: (failure) => toast(ADMIN_TOASTS.tagCreateFailed(failure)),
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setError(POST_MESSAGES.tagNameRequired)
      return
    }
    create.mutate(name.trim())
  }

  return (
    <form className="admin-card admin-card--flat" onSubmit={onSubmit} noValidate>
      <h3 className="admin-card__subtitle">Add New Tag</h3>
      <FormField id="tag-name" label="Tag Name" error={error}>
        {(control) => (
          <input
            {...control}
            value={name}
            placeholder="Enter tag name"
            maxLength={POST_LIMITS.tagName}
            onChange={(event) => {
              setName(event.target.value)
              setError(null)
            }}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        Add Tag
      </button>
    </form>
  )
}

/** 'Existing Tags' with its loading, error and empty states (spec §2). */
function ExistingTags({ onDelete }: { onDelete: (tag: TagRef) => void }) {
  const tags = useQuery(adminQueries.tags())
  return (
    <div className="admin-card admin-card--flat">
      <h3 className="admin-card__subtitle">Existing Tags</h3>
      {tags.isPending ? (
        <LoadingSkeleton label="Loading tags..." lines={3} />
      ) : tags.isError ? (
        <LoadError
          title="Error loading tags"
          message="There was a problem loading the tags. Please try again."
          onRetry={() => void tags.refetch()}
        />
      ) : !tags.data?.length ? (
        <p className="admin-status">No tags found. Create your first tag using the form.</p>
      ) : (
        <ul className="tag-list">
          {tags.data.map((tag) => (
            <li key={tag.id} className="tag-list__item">
              <span>
                {tag.name} <span className="tag-list__slug">/{tag.slug}</span>
              </span>
              <button
                type="button"
                className="button button--small button--danger"
                onClick={() => onDelete(tag)}
                aria-label={`Delete tag "${tag.name}"`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** 'Manage Tags' (spec §2): create, list, and delete after a confirmation. */
export function TagsPanel() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [pending, setPending] = useState<TagRef | null>(null)
  const remove = useMutation({
    mutationFn: (tag: TagRef) => adminWrites.deleteTag(tag.id),
    onSuccess: (_, tag) => {
      toast(ADMIN_TOASTS.tagDeleted(tag.name))
      void refreshTags(queryClient)
      void refreshPosts(queryClient)
    },
    onError: (failure) => toast(ADMIN_TOASTS.tagDeleteFailed(failure)),
    onSettled: () => setPending(null),
  })

  return (
    <section className="admin-section" aria-labelledby="tags-title">
      <h2 id="tags-title" className="admin-section__title">
        Manage Tags
      </h2>
      <div className="tags-layout">
        <NewTagForm />
        <ExistingTags onDelete={setPending} />
      </div>
      <ConfirmDialog
        open={pending !== null}
        title="Delete tag"
        message={ADMIN_CONFIRMATIONS.deleteTag(pending?.name ?? '')}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </section>
  )
}
