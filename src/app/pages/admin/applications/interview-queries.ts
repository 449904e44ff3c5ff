import { queryOptions } from '@tanstack/react-query'
import type { MailDelivery } from '../../../../shared/application-pipeline'
import type { Interview } from '../../../../shared/interview'
import type { Recommendation, Scorecard } from '../../../../shared/scorecard'
import { apiGet, apiRequest } from '../../../data/api-request'

/** What the interview form sends: the start as an instant, the length, the place, the interviewers. */
export interface InterviewRequest {
  startsAt: string
  minutes: number
  location: string
  interviewerIds: number[]
}

type Scheduled = { interview: Interview; invitations: MailDelivery[] }

export const interviewWrites = {
  schedule: (applicationId: number, input: InterviewRequest) =>
    apiRequest<Scheduled>(`/api/admin/applications/${applicationId}/interviews`, {
      method: 'POST',
      body: input,
    }) as Promise<Scheduled>,
  reschedule: (applicationId: number, interviewId: number, input: InterviewRequest) =>
    apiRequest<Scheduled>(`/api/admin/applications/${applicationId}/interviews/${interviewId}`, {
      method: 'PUT',
      body: input,
    }) as Promise<Scheduled>,
  cancel: (applicationId: number, interviewId: number) =>
    apiRequest<Scheduled>(`/api/admin/applications/${applicationId}/interviews/${interviewId}`, {
      method: 'DELETE',
    }) as Promise<Scheduled>,
}

export const scorecardQueries = {
  /** The attributes a job's scorecards rate. */
  ofJob: (jobId: number) =>
    queryOptions({
      queryKey: ['scorecard-attributes', jobId],
      queryFn: ({ signal }) => apiGet<{ attributes: string[] }>(`/api/admin/jobs/${jobId}/scorecard`, signal),
      staleTime: 0,
    }),
}

export const scorecardWrites = {
  setAttributes: (jobId: number, attributes: string[]) =>
    apiRequest<{ attributes: string[] }>(`/api/admin/jobs/${jobId}/scorecard`, {
      method: 'PUT',
      body: { attributes },
    }) as Promise<{ attributes: string[] }>,
  submit: (applicationId: number, card: { ratings: Record<string, number>; overall: Recommendation; note: string }) =>
    apiRequest<Scorecard>(`/api/admin/applications/${applicationId}/scorecards`, {
      method: 'POST',
      body: card,
    }) as Promise<Scorecard>,
}
