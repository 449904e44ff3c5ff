import { can } from '../../../../shared/staff'
import { useStaffUser } from '../staff-user'
import { WebhooksPanel } from '../webhooks/webhooks-panel'
import { SampleContentPanel } from './sample-content-panel'
import { SiteFactsPanel } from './site-facts-panel'

/** 'Settings': the site details every page shows (administrators too); the owner's webhooks and sample content. */
export function SettingsTab() {
  const { role } = useStaffUser()
  return (
    <>
      <SiteFactsPanel />
      {can(role, 'site.settings') && (
        <>
          <WebhooksPanel />
          <SampleContentPanel />
        </>
      )}
    </>
  )
}
