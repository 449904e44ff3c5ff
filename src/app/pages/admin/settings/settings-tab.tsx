import { WebhooksPanel } from '../webhooks/webhooks-panel'
import { SiteLinksPanel } from './site-links-panel'

/** 'Settings' (the owner's): the links every page shows, then the webhooks. */
export function SettingsTab() {
  return (
    <>
      <SiteLinksPanel />
      <WebhooksPanel />
    </>
  )
}
