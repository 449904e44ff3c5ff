import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { TagRef } from '../../../shared/blog'
import { POST_LIMITS, POST_MESSAGES } from '../../../shared/post-rules'
import { slugify } from '../../../shared/slug'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { useToast } from '../../components/toast/toaster'
import { adminQueries, adminWrites, refreshPosts, refreshTags } from './admin-queries'
import { LoadError } from './load-error'

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback

export function TagsPanel() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const tags = useQuery(adminQueries.tags())
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState<TagRef | null>(null)

  const create = useMutation({
    mutationFn: (tagName: string) => adminWrites.createTag(tagName, slugify(tagName)),
    onSuccess: () => {
      setName('')
      toast({ title: 'Success', description: 'Tag created successfully' })
      void refreshTags(queryClient)
    },
    onError: (failure) =>
      toast({
        title: 'Error',
        description: messageOf(failure, 'Failed to create tag. Please try again.'),
        variant: 'destructive',
      }),
  })
  const remove = useMutation({
    mutationFn: (tag: TagRef) => adminWrites.deleteTag(tag.id),
    onSuccess: (_, tag) => {
      toast({ title: 'Success', description: `Tag "${tag.name}" deleted successfully` })
      void refreshTags(queryClient)
      void refreshPosts(queryClient)
    },
    onError: (failure) =>
      toast({
        title: 'Error',
        description: messageOf(failure, 'Failed to delete tag. Please try again.'),
        variant: 'destructive',
      }),
    onSettled: () => setPending(null),
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
    <section className="admin-section" aria-labelledby="tags-title">
      <h2 id="tags-title" className="admin-section__title">
        Manage Tags
      </h2>
      <div className="tags-layout">
        <form className="admin-card admin-card--flat" onSubmit={onSubmit} noValidate>
          <h3 className="admin-card__subtitle">Add New Tag</h3>
          <div className="field">
            <label htmlFor="tag-name" className="field__label">
              Tag Name
            </label>
            <input
              id="tag-name"
              value={name}
              placeholder="Enter tag name"
              maxLength={POST_LIMITS.tagName}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'tag-name-error' : undefined}
              onChange={(event) => {
                setName(event.target.value)
                setError(null)
              }}
            />
            {error && (
              <p id="tag-name-error" className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            Add Tag
          </button>
        </form>
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
                    onClick={() => setPending(tag)}
                    aria-label={`Delete tag "${tag.name}"`}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title="Delete tag"
        message={`Are you sure you want to delete the tag "${pending?.name ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </section>
  )
}
