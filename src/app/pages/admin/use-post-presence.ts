import { useEffect, useState } from 'react'
import { PRESENCE_INTERVAL_MS } from '../../../shared/post-version'
import { apiRequest } from '../../data/api-request'

/**
 * While a post is open here, says so to the server every few seconds and hears who else has it open
 * (in any browser, on any process); says it is closed when the editor leaves the post.
 */
export function usePostPresence(postId: number | null): string[] {
  const [others, setOthers] = useState<string[]>([])
  useEffect(() => {
    setOthers([])
    if (postId === null) return
    let live = true
    const path = `/api/blog/${postId}/presence`
    const tell = () =>
      apiRequest<{ editing: string[] }>(path, { method: 'PUT' }).then(
        (answer) => live && setOthers(answer?.editing ?? []),
        // A missed beat only delays the notice; the next one follows.
        () => undefined,
      )
    void tell()
    const timer = setInterval(tell, PRESENCE_INTERVAL_MS)
    return () => {
      live = false
      clearInterval(timer)
      void apiRequest(path, { method: 'DELETE' }).catch(() => undefined)
    }
  }, [postId])
  return others
}
