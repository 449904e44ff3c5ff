import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminPostDetail } from '../../../shared/blog'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites } from './admin-queries'

async function copyText(text: string, field: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard permission (an http address, an old browser): select the text for Ctrl+C.
    field?.select()
    return false
  }
}

/**
 * The post's draft link: copy it for a partner, or replace it so the link already shared stops
 * working. A post not saved yet has none.
 */
export function DraftLinkPanel({ post: loaded }: { post: AdminPostDetail | undefined }) {
  // Someone else's post comes without its link: there is nothing here to share or replace.
  const post = loaded?.draftLinkUrl ? { ...loaded, draftLinkUrl: loaded.draftLinkUrl } : undefined
  const queryClient = useQueryClient()
  const toast = useToast()
  const [confirming, setConfirming] = useState(false)
  const [field, setField] = useState<HTMLInputElement | null>(null)
  const regenerate = useMutation({
    mutationFn: (id: number) => adminWrites.regenerateDraftLink(id),
    onSuccess: ({ draftLinkUrl }, id) => {
      queryClient.setQueryData(adminQueries.post(id).queryKey, (current) =>
        current ? { ...current, draftLinkUrl } : current,
      )
      toast(ADMIN_TOASTS.draftLinkRegenerated)
    },
    onError: (error) => toast(ADMIN_TOASTS.draftLinkFailed(error)),
    onSettled: () => setConfirming(false),
  })

  return (
    <section className="post-tool" aria-labelledby="draft-link-title">
      <h3 id="draft-link-title" className="post-tool__title">
        Preview link
      </h3>
      {post ? (
        <>
          <p className="post-tool__hint" id="draft-link-hint">
            Anyone with this link sees the saved post as it will look, even as a draft. Search engines never list it.
          </p>
          <div className="draft-link">
            <label className="visually-hidden" htmlFor="draft-link-url">
              Preview link address
            </label>
            <input
              ref={setField}
              id="draft-link-url"
              className="draft-link__url"
              readOnly
              value={post.draftLinkUrl}
              aria-describedby="draft-link-hint"
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="draft-link__actions">
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={async () =>
                  toast(
                    (await copyText(post.draftLinkUrl, field))
                      ? ADMIN_TOASTS.draftLinkCopied
                      : ADMIN_TOASTS.copyManually,
                  )
                }
              >
                Copy
              </button>
              <a
                className="button button--small button--ghost"
                href={post.draftLinkUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open<span className="visually-hidden"> the preview (opens in a new tab)</span>
              </a>
              <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(true)}>
                Regenerate
              </button>
            </div>
          </div>
          <ConfirmDialog
            open={confirming}
            title="Regenerate preview link"
            message={ADMIN_CONFIRMATIONS.regenerateDraftLink}
            confirmLabel="Regenerate"
            busy={regenerate.isPending}
            onConfirm={() => regenerate.mutate(post.id)}
            onCancel={() => setConfirming(false)}
          />
        </>
      ) : (
        <p className="post-tool__hint">Save the post to get a link you can share before it is published.</p>
      )}
    </section>
  )
}
