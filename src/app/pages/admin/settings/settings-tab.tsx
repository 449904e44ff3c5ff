import { WebhooksPanel } from '../webhooks/webhooks-panel'
import { SampleContentPanel } from './sample-content-panel'
import { SiteLinksPanel } from './site-links-panel'

/** 'Settings' (the owner's): the links every page shows, the webhooks, then the sample content a new site starts with. */
export function SettingsTab() {
  return (
    <>
      <SiteLinksPanel />
      <WebhooksPanel />
      <SampleContentPanel />
    </>
  )
}
