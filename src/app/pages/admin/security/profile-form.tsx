import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { authorPath } from '../../../../shared/paths'
import {
  profileProblem,
  STAFF_BIO_MAX_LENGTH,
  STAFF_NAME_MAX_LENGTH,
  type StaffProfile,
} from '../../../../shared/staff'
import { FormField } from '../../../components/form-field'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { apiGet, apiRequest } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'

const profileQuery = () =>
  queryOptions({ queryKey: ['profile'], queryFn: ({ signal }) => apiGet<StaffProfile>('/api/admin/profile', signal) })

function ProfileFields({ profile }: { profile: StaffProfile }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [values, setValues] = useState({ name: profile.name, bio: profile.bio })
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: () => apiRequest<StaffProfile>('/api/admin/profile', { method: 'PATCH', body: values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery().queryKey, saved ?? undefined)
      toast(ADMIN_TOASTS.profileSaved)
    },
    onError: (failure) => toast(ADMIN_TOASTS.securityFailed(failure)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problem = profileProblem(values)
    setError(problem)
    if (!problem) save.mutate()
  }
  return (
    <form className="admin-card admin-card--flat" onSubmit={onSubmit} noValidate aria-labelledby="profile-title">
      <h3 id="profile-title" className="admin-card__subtitle">
        Your profile
      </h3>
      <p className="admin-status">
        Your posts carry your name; your author page (<a href={authorPath(profile.slug)}>{authorPath(profile.slug)}</a>,
        once you have published) shows your bio.
      </p>
      <FormField id="profile-name" label="Name" error={error}>
        {(control) => (
          <input
            {...control}
            autoComplete="name"
            maxLength={STAFF_NAME_MAX_LENGTH}
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
        )}
      </FormField>
      <FormField id="profile-bio" label="Short bio" hint={`At most ${STAFF_BIO_MAX_LENGTH} characters.`}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={STAFF_BIO_MAX_LENGTH}
            value={values.bio}
            onChange={(e) => setValues({ ...values, bio: e.target.value })}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save profile'}
      </button>
    </form>
  )
}

/** The person's name and bio, as bylines and their author page show them. */
export function ProfileForm() {
  const profile = useQuery(profileQuery())
  if (profile.isPending) return <LoadingSkeleton label="Loading your profile..." lines={2} />
  if (profile.isError)
    return (
      <LoadError
        title="Error loading your profile"
        message="Please try again."
        onRetry={() => void profile.refetch()}
      />
    )
  return <ProfileFields profile={profile.data} />
}
