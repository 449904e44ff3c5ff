import type { Role } from '../../src/shared/staff'
import { adminClient } from './admin-client'
import type { TestApp } from './test-app'

export const STAFF_TEST_PASSWORD = 'violet kettle marching 42'

/**
 * Someone invited by `inviter` (a signed-in owner or administrator) with `role`, who accepts from the
 * invitation's link: a client signed in as them.
 */
export async function joinStaff(
  t: TestApp,
  inviter: ReturnType<typeof adminClient>,
  role: Exclude<Role, 'owner'>,
  { email = `${role}@studio.test`, name = `${role[0]!.toUpperCase()}${role.slice(1)} Person` } = {},
) {
  const invited = await inviter.request('POST', '/api/admin/staff/invitations', { email, role })
  if (invited.status !== 201) throw new Error(`invitation refused: ${invited.status} ${await invited.text()}`)
  const { inviteUrl } = (await invited.json()) as { inviteUrl: string }
  const token = inviteUrl.split('/').at(-1)!
  const person = adminClient(t)
  const accepted = await person.request('POST', `/api/admin/invitations/${token}/accept`, {
    name,
    password: STAFF_TEST_PASSWORD,
  })
  if (accepted.status !== 200) throw new Error(`acceptance refused: ${accepted.status} ${await accepted.text()}`)
  const { user } = (await accepted.json()) as { user: { id: number } }
  return Object.assign(person, { id: user.id, email, name })
}
