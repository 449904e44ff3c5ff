import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { Role, StaffMember } from '../../../../shared/staff'
import { apiGet, apiRequest } from '../../../data/api-request'

export interface InvitationSent {
  id: number
  email: string
  role: Role
  expiresAt: string
  inviteUrl: string
}

/** The staff list and its writes (owners and administrators). */
export const staffQueries = {
  list: () =>
    queryOptions({
      queryKey: ['staff'],
      queryFn: ({ signal }) => apiGet<StaffMember[]>('/api/admin/staff', signal),
      // Invitations are accepted elsewhere: the list is read again whenever the tab opens, and every half minute.
      staleTime: 0,
      refetchInterval: 30_000,
    }),
}

export const staffWrites = {
  invite: (email: string, role: Role) =>
    apiRequest<InvitationSent>('/api/admin/staff/invitations', {
      method: 'POST',
      body: { email, role },
    }) as Promise<InvitationSent>,
  resend: (invitationId: number) =>
    apiRequest<InvitationSent>(`/api/admin/staff/invitations/${invitationId}/resend`, {
      method: 'POST',
    }) as Promise<InvitationSent>,
  withdraw: (invitationId: number) =>
    apiRequest<{ ok: true }>(`/api/admin/staff/invitations/${invitationId}`, { method: 'DELETE' }),
  change: (id: number, change: { role?: Role; state?: 'active' | 'suspended' }) =>
    apiRequest<StaffMember>(`/api/admin/staff/${id}`, { method: 'PATCH', body: change }),
  resetSignIn: (id: number) => apiRequest<{ ok: true }>(`/api/admin/staff/${id}/reset-sign-in`, { method: 'POST' }),
  remove: (id: number, reassignTo: number | null) =>
    apiRequest<{ ok: true }>(`/api/admin/staff/${id}?${reassignTo ? `reassignTo=${reassignTo}` : 'posts=keep'}`, {
      method: 'DELETE',
    }),
}

export const refreshStaff = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['staff'] })
