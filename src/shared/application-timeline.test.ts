import { expect, test } from 'bun:test'
import { applicationTimeline } from './application-timeline'

test('emails join the timeline at the time they went out (or were queued), by the site, with their delivery state', () => {
  const mail = (id: number, createdAt: string, sentAt: string | null, status: 'sent' | 'pending') => ({
    id,
    kind: 'applicant-confirmation',
    to: 'ada@example.com',
    subject: 'Your application',
    status,
    attempts: 1,
    lastError: '',
    createdAt,
    sentAt,
    sender: '',
    scheduledFor: null,
  })
  const timeline = applicationTimeline(
    { fullName: 'Ada', createdAt: '2027-01-01T10:00:00.000Z' },
    [{ id: 1, kind: 'note', body: 'Call her.', createdAt: '2027-01-01T10:05:00.000Z', author: 'Rae' }],
    [
      mail(1, '2027-01-01T10:00:00.000Z', '2027-01-01T10:06:00.000Z', 'sent'),
      mail(2, '2027-01-01T10:00:00.000Z', null, 'pending'),
    ],
  )
  expect(timeline.map(({ kind, at, by, mailStatus }) => [kind, at.slice(11, 16), by, mailStatus])).toEqual([
    ['applied', '10:00', 'Ada', undefined],
    ['email', '10:00', null, 'pending'],
    ['note', '10:05', 'Rae', undefined],
    ['email', '10:06', null, 'sent'],
  ])
  expect(timeline[1]!.text).toBe('Confirmation to the applicant to ada@example.com: Your application')
})
