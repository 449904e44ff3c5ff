import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import type { BulkAction } from '../../../shared/post-bulk'
import { can } from '../../../shared/staff'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites, refreshPosts } from './admin-queries'
import { forgetLocalCopy } from './local-draft'
import { useStaffUser } from './staff-user'

const ACTION_LABELS: Record<BulkAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  delete: 'Delete',
  tag: 'Add tag',
  untag: 'Remove tag',
}

/**
 * What to do with the posts ticked in the list, once: publish, unpublish, tag, untag or delete them all,
 * after one confirmation that names how many. Each post is changed on its own (POST /api/blog/bulk); the
 * toast says how many were done and why any were not, and those done are unticked.
 */
export function PostBulkBar({ selected, onDone }: { selected: PostSummary[]; onDone: (ids: number[]) => void }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const mayPublish = can(useStaffUser().role, 'posts.publish')
  const tags = useQuery(adminQueries.tags()).data ?? []
  const [tagId, setTagId] = useState<number | null>(null)
  const [asking, setAsking] = useState<BulkAction | null>(null)
  const tag = tags.find((candidate) => candidate.id === (tagId ?? tags[0]?.id))
  const run = useMutation({
    mutationFn: (action: BulkAction) =>
      adminWrites.bulkPosts({
        ids: selected.map((post) => post.id),
        action,
        ...(action === 'tag' || action === 'untag' ? { tagId: tag?.id } : {}),
      }),
    onSuccess: (result, action) => {
      toast(ADMIN_TOASTS.bulkDone(action, result, tag?.name ?? ''))
      if (action === 'delete') for (const done of result.done) forgetLocalCopy(done)
      onDone(result.done)
      void refreshPosts(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.bulkFailed(error)),
    // Sent again after a lost answer, a delete would report the posts it already deleted as not found.
    retry: false,
    onSettled: () => setAsking(null),
  })
  const actions: BulkAction[] = mayPublish ? ['publish', 'unpublish', 'delete'] : ['delete']
  const button = (action: BulkAction, className = 'button--ghost') => (
    <button
      key={action}
      type="button"
      className={`button button--small ${className}`}
      onClick={() => setAsking(action)}
      disabled={(action === 'tag' || action === 'untag') && !tag}
    >
      {ACTION_LABELS[action]}
    </button>
  )
  return (
    // biome-ignore lint/a11y/useSemanticElements: actions on the ticked posts, not form fields to group in a fieldset
    <div className="post-bulk-bar" role="group" aria-label="Selected posts">
      {actions.filter((action) => action !== 'delete').map((action) => button(action))}
      {tags.length > 0 && (
        <span className="post-bulk-bar__tags">
          <label htmlFor={`${id}-tag`} className="visually-hidden">
            Tag
          </label>
          <select id={`${id}-tag`} value={tag?.id ?? ''} onChange={(e) => setTagId(Number(e.target.value))}>
            {tags.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          {button('tag')}
          {button('untag')}
        </span>
      )}
      {button('delete', 'button--danger')}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? ADMIN_CONFIRMATIONS.bulkTitle(asking, selected.length) : ''}
        message={asking ? ADMIN_CONFIRMATIONS.bulk(asking, selected.length, tag?.name ?? '') : ''}
        confirmLabel={asking ? ACTION_LABELS[asking] : ''}
        busy={run.isPending}
        destructive={asking === 'delete' || asking === 'unpublish'}
        onConfirm={() => asking && run.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  )
}
