import { queryOptions } from '@tanstack/react-query'
import type { MailDelivery } from '../../../../shared/application-pipeline'
import type { EmailTemplate } from '../../../../shared/candidate-email'
import { apiGet, apiRequest } from '../../../data/api-request'

export interface EmailTemplates {
  templates: EmailTemplate[]
  mergeFields: { name: string; description: string }[]
}

/** The recruiters' email templates, as `GET /api/admin/email-templates` lists them with the merge fields. */
export const emailQueries = {
  templates: () =>
    queryOptions({
      queryKey: ['email-templates'],
      queryFn: ({ signal }) => apiGet<EmailTemplates>('/api/admin/email-templates', signal),
      staleTime: 30_000,
    }),
}

export interface BulkRejectResult {
  done: number[]
  failed: { id: number; error: string }[]
}

export interface TemplateInput {
  name: string
  subject: string
  body: string
}

export const emailWrites = {
  /** `sendAt`: an instant (ISO 8601), or null for now. */
  send: (id: number, message: { subject: string; body: string; sendAt: string | null }) =>
    apiRequest<MailDelivery>(`/api/admin/applications/${id}/emails`, {
      method: 'POST',
      body: message,
    }) as Promise<MailDelivery>,
  saveTemplate: (input: TemplateInput, id?: number) =>
    apiRequest<EmailTemplate>(id ? `/api/admin/email-templates/${id}` : '/api/admin/email-templates', {
      method: id ? 'PUT' : 'POST',
      body: input,
    }) as Promise<EmailTemplate>,
  /** `sendAt`: when the message goes (ISO 8601), or null for now; the status changes at once either way. */
  bulkReject: (ids: number[], templateId: number, sendAt: string | null) =>
    apiRequest<BulkRejectResult>('/api/admin/applications/bulk-reject', {
      method: 'POST',
      body: { ids, templateId, sendAt },
    }) as Promise<BulkRejectResult>,
  removeTemplate: (id: number) => apiRequest<{ ok: true }>(`/api/admin/email-templates/${id}`, { method: 'DELETE' }),
}
