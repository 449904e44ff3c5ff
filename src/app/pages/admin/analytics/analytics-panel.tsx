import { useId, useState } from 'react'
import { can } from '../../../../shared/staff'
import { useStaffUser } from '../staff-user'
import { lastDays } from './analytics-queries'
import { AnalyticsSwitch } from './analytics-switch'
import { CareersFunnel } from './careers-funnel'
import { RangePicker } from './range-picker'
import { SiteFigures } from './site-figures'

/**
 * 'Analytics': the site's visits counted without cookies, for a chosen range. Editors and administrators
 * see the whole site; recruiters the careers part; the owner also turns counting on or off.
 */
export function AnalyticsPanel() {
  const id = useId()
  const { role } = useStaffUser()
  const [range, setRange] = useState(() => lastDays(30))
  return (
    <section className="admin-card admin-card--flat analytics" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__subtitle">
        Analytics
      </h2>
      <p className="field__hint">
        Counted on this site alone, without cookies: a visitor is known for one day, by a code that cannot be traced
        back. Crawlers and browsers that ask not to be tracked are left out.
      </p>
      {can(role, 'site.settings') && <AnalyticsSwitch />}
      <RangePicker range={range} onChange={setRange} />
      {can(role, 'analytics.read') && <SiteFigures range={range} />}
      <CareersFunnel range={range} />
    </section>
  )
}
