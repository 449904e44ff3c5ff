import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { APPLICATION_MESSAGES } from '../../../shared/application-rules'
import { useToast } from '../../components/toast/toaster'
import { errorMessage } from '../../data/api-request'
import { useAppData } from '../../data/app-data'

/**
 * Sends an application once. One idempotency key per application, kept until it is stored, so a second
 * click or a resend after a lost answer is the same application; `busy()` is set at the click itself,
 * because a second click in the same frame comes before React shows the busy button.
 */
export function useApplicationSubmit(onSent: (sent: { id: number | null }) => void) {
  const data = useAppData()
  const toast = useToast()
  const idempotencyKey = useRef<string | null>(null)
  const sending = useRef(false)
  const mutation = useMutation({
    mutationFn: async ({ application, resume }: { application: Record<string, unknown>; resume: File | null }) => {
      idempotencyKey.current ??= crypto.randomUUID()
      const result = await data.careers.submitApplication(application, {
        idempotencyKey: idempotencyKey.current,
        resume,
      })
      if (!result.ok) throw new Error(result.error)
      return result
    },
    retry: false,
    onSettled: () => {
      sending.current = false
    },
    onSuccess: (result) => {
      idempotencyKey.current = null
      onSent({ id: result.id })
      toast({ title: APPLICATION_MESSAGES.successTitle, description: APPLICATION_MESSAGES.successDescription })
    },
    onError: (error) => {
      toast({
        title: APPLICATION_MESSAGES.failureTitle,
        description: errorMessage(error, APPLICATION_MESSAGES.failureFallback),
        variant: 'destructive',
      })
    },
  })
  return {
    isPending: mutation.isPending,
    busy: () => sending.current,
    send(application: Record<string, unknown>, resume: File | null = null) {
      sending.current = true
      mutation.mutate({ application, resume })
    },
  }
}
