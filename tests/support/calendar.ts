import ICAL from 'ical.js'
import type { ParsedMail } from 'mailparser'

/**
 * The iCalendar invitation a message carries as its text/calendar part, parsed by ical.js as a calendar
 * client would: its METHOD, the MIME part's own method parameter, and the event.
 */
export function invitationIn(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar')
  if (!part) throw new Error(`"${mail.subject}" has no text/calendar part`)
  const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')))
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new Error(`"${mail.subject}" has a calendar without an event`)
  const event = new ICAL.Event(vevent)
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    partMethod:
      (part.headers.get('content-type') as { params?: { method?: string } } | undefined)?.params?.method ?? null,
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    location: event.location,
    status: String(vevent.getFirstPropertyValue('status')),
    organizer: String(vevent.getFirstPropertyValue('organizer')).replace(/^mailto:/i, ''),
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue()).replace(/^mailto:/i, '')),
  }
}
