import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { type SampleChoice, SETUP_API } from '../../../../shared/first-run'
import { SAMPLE_CONTENT_API, type SampleContent, type SampleContentRemoved } from '../../../../shared/sample-content'
import type { FactField } from '../../../../shared/site-fact-rules'
import { CONNECT_LINKS } from '../../../../shared/site-facts'
import { isEmail, normalizeEmail, profileProblem, STAFF_MESSAGES, type StaffProfile } from '../../../../shared/staff'
import { ApiError, apiGet, apiRequest } from '../../../data/api-request'
import { factChange, factProblems } from '../settings/site-facts-fields'
import { webhookQueries } from '../webhooks/webhook-queries'

/** The studio's details the setup asks for; the rest wait in Settings. */
export const SETUP_FACTS: readonly FactField[] = ['storeUrl', 'discordUrl', ...CONNECT_LINKS.map(({ key }) => key)]

type Errors = Partial<Record<FactField | 'name' | 'email', string>>

/** What the setup starts from: the owner's profile, the details as saved, and the sample content still there. */
export function useSetupData() {
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: ({ signal }) => apiGet<StaffProfile>('/api/admin/profile', signal),
  })
  const settings = useQuery(webhookQueries.settings())
  const samples = useQuery({
    queryKey: ['sample-content'],
    queryFn: ({ signal }) => apiGet<SampleContent>(SAMPLE_CONTENT_API, signal),
  })
  return { profile, settings, samples }
}

/**
 * The setup's values and its one submit: each step is its own call (the profile, the details, the sample
 * content, then "done"), each safe to repeat, so a failure is retried from the top by sending again.
 */
export function useSetupForm(
  profile: StaffProfile,
  saved: Record<FactField, string>,
  {
    focusField,
    onDone,
  }: { focusField: (field: string) => void; onDone: (removed: SampleContentRemoved['removed'] | null) => void },
) {
  const [name, setName] = useState(profile.name)
  const [email, setEmail] = useState(profile.email)
  const [facts, setFacts] = useState(saved)
  const [choice, setChoice] = useState<SampleChoice>('keep')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)

  const problems = (): Errors => {
    const found: Errors = {}
    const nameProblem = profileProblem({ name, bio: '' })
    if (nameProblem) found.name = nameProblem
    if (profile.email === '') {
      if (email.trim() === '') found.email = STAFF_MESSAGES.emailRequired
      else if (!isEmail(normalizeEmail(email))) found.email = STAFF_MESSAGES.emailInvalid
    }
    return { ...found, ...factProblems(facts, SETUP_FACTS) }
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const found = problems()
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) {
      focusField(first)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      try {
        await apiRequest('/api/admin/profile', {
          method: 'PATCH',
          body: { name, ...(profile.email === '' ? { email } : {}) },
        })
      } catch (error) {
        // Refused for the address (taken, or a session too old to give it): said beside it, the keyboard on it.
        if (error instanceof ApiError && (error.status === 409 || error.status === 401) && profile.email === '') {
          setErrors({ email: error.message })
          setBusy(false)
          focusField('email')
          return
        }
        throw error
      }
      const change = factChange(facts, saved, SETUP_FACTS)
      if (change) await apiRequest('/api/admin/settings', { method: 'PUT', body: change })
      const removed =
        choice === 'remove'
          ? ((await apiRequest<SampleContentRemoved>(`${SAMPLE_CONTENT_API}/remove`, { method: 'POST' }))?.removed ??
            null)
          : null
      await apiRequest(`${SETUP_API}/done`, { method: 'POST' })
      onDone(removed)
    } catch (error) {
      setFailure(error)
      setBusy(false)
    }
  }

  /** Everything stays as it is (the samples too); Settings holds all of it. Not asked again. */
  const skip = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await apiRequest(`${SETUP_API}/done`, { method: 'POST' })
      onDone(null)
    } catch (error) {
      setFailure(error)
      setBusy(false)
    }
  }

  const setFact = (field: FactField, value: string) => {
    setFacts((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  return {
    name: { value: name, set: setName },
    email: { value: email, set: setEmail, fixed: profile.email !== '' },
    facts: { values: facts, set: setFact },
    choice: { value: choice, set: setChoice },
    errors,
    busy,
    failure,
    onSubmit,
    skip,
  }
}
