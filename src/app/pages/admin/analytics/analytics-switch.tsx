import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ANALYTICS_MESSAGES } from '../../../../shared/analytics'
import { PAGES } from '../../../../shared/paths'
import { useToast } from '../../../components/toast/toaster'
import { errorMessage } from '../../../data/api-request'
import { analyticsQueries, analyticsWrites } from './analytics-queries'

/** The owner's switch: counting on or off for every process (ANALYTICS=off on the server wins). */
export function AnalyticsSwitch() {
  const toast = useToast()
  const queryClient = useQueryClient()
  const settings = useQuery(analyticsQueries.settings())
  const save = useMutation({
    mutationFn: analyticsWrites.setEnabled,
    onSuccess: (saved) => {
      queryClient.setQueryData(analyticsQueries.settings().queryKey, saved)
      toast({ title: ANALYTICS_MESSAGES.saved })
    },
    onError: (failure) =>
      toast({ title: ANALYTICS_MESSAGES.saveFailed, description: errorMessage(failure, ''), variant: 'destructive' }),
  })
  if (!settings.data) return null
  const { enabled, allowedByServer, retentionDays } = settings.data
  return (
    <div className="analytics-switch">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={enabled}
          disabled={!allowedByServer || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        Count visits
      </label>
      <p className="field__hint">
        {allowedByServer
          ? `Daily figures are kept ${retentionDays} days. No cookie is set; the `
          : 'Counting is turned off on the server (ANALYTICS=off). The '}
        <a href={`${PAGES.privacy}#analytics`}>privacy notice</a> says what is counted.
      </p>
    </div>
  )
}
