import type { EventSettings } from '../shared/event'
import { site } from './site'

/**
 * The spec's event (§2 "Event page", §9): what the event page shows until the administrator saves
 * another. A module of its own: only the server reads it, and the browser's entry imports site.ts.
 */
export const defaultEvent: EventSettings = {
  title: 'Developer Conference Party',
  date: '2025-09-05',
  location: 'TBA',
  rsvpLabel: 'RSVP via Discord',
  rsvpUrl: 'https://discord.gg/kindlewave-rdc25',
  description: `${site.name} is hosting its second party, exclusive to invited attendees. Join us for free food, drinks, activities and merch.`,
  promoteOnHome: true,
}
