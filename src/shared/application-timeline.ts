import { type ApplicationNote, MAIL_KIND_LABELS, type MailDelivery, type TimelineEntry } from './application-pipeline'
import { type InterviewEvent, interviewChangeText } from './interview'
import { RECOMMENDATION_LABELS, type Scorecard } from './scorecard'

/** Everything that happened to an application, oldest first (entries of the same instant in the order made). */
export function applicationTimeline(
  application: { fullName: string; createdAt: string },
  notes: ApplicationNote[],
  deliveries: MailDelivery[],
  interviewEvents: InterviewEvent[] = [],
  scorecards: Scorecard[] = [],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { kind: 'applied', at: application.createdAt, by: application.fullName, text: 'Applied' },
    ...notes.map((note) => ({ kind: note.kind, at: note.createdAt, by: note.author || null, text: note.body })),
    ...deliveries.map((mail) => ({
      kind: 'email' as const,
      at: mail.sentAt ?? mail.createdAt,
      by: mail.sender || null,
      text: `${MAIL_KIND_LABELS[mail.kind] ?? mail.kind} to ${mail.to}: ${mail.subject}`,
      mailStatus: mail.status,
      ...(mail.scheduledFor ? { scheduledFor: mail.scheduledFor } : {}),
    })),
    ...interviewEvents.map((event) => ({
      kind: 'interview' as const,
      at: event.at,
      by: event.by || null,
      text: interviewChangeText(event),
    })),
    ...scorecards.map((card) => ({
      kind: 'scorecard' as const,
      at: card.submittedAt,
      by: card.by || null,
      text: `Scorecard: ${RECOMMENDATION_LABELS[card.overall]}`,
    })),
  ]
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.order - b.order)
    .map(({ entry }) => entry)
}
