import { createContext, useContext } from 'react'
import { postChangeProblem } from '../../../shared/post-permissions'
import type { StaffUser } from '../../../shared/staff'

/** The person signed in to the admin: screens hide what their role cannot do (shared/staff.ts). */
export const StaffUserContext = createContext<StaffUser | null>(null)

export function useStaffUser(): StaffUser {
  const user = useContext(StaffUserContext)
  if (!user) throw new Error('useStaffUser outside the admin workspace')
  return user
}

/** Whether this person may edit or delete the post, by the rule the server applies. */
export const mayChangePost = (
  user: StaffUser,
  post: { authorId: number; status: 'draft' | 'published'; featured: boolean },
) => postChangeProblem(user, post, null) === null
