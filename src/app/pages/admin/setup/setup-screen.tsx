import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { useNavigate } from 'react-router'
import { SAMPLE_CHOICES } from '../../../../shared/first-run'
import { PAGES } from '../../../../shared/paths'
import { countsOf, SAMPLE_CONTENT_MESSAGES, type SampleContent } from '../../../../shared/sample-content'
import type { SiteSettings } from '../../../../shared/settings-schema'
import { factFields } from '../../../../shared/site-fact-rules'
import type { StaffProfile } from '../../../../shared/staff'
import { FormField } from '../../../components/form-field'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'
import { FactInput } from '../settings/fact-input'
import { factInput } from '../settings/site-facts-fields'
import { SETUP_FACTS, useSetupData, useSetupForm } from './use-setup-form'

function SetupForm({
  profile,
  settings,
  samples,
}: {
  profile: StaffProfile
  settings: SiteSettings
  samples: SampleContent
}) {
  const id = useId()
  const toast = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useSetupForm(profile, factFields(settings), {
    focusField: (field) => document.getElementById(`${id}-${field}`)?.focus(),
    onDone: (removed) => {
      toast(ADMIN_TOASTS.setupDone(removed))
      void queryClient.invalidateQueries()
      navigate(PAGES.adminBlog, { replace: true })
    },
  })
  const { name, email, facts, choice, errors } = form
  return (
    <form className="setup__form" aria-labelledby={`${id}-title`} onSubmit={form.onSubmit} noValidate>
      <h2 id={`${id}-title`} className="visually-hidden">
        Setup
      </h2>
      <fieldset className="setup__group">
        <legend className="setup__legend">About you</legend>
        <FormField id={`${id}-name`} label="Your name" hint="On your posts' bylines." error={errors.name}>
          {(control) => (
            <input {...control} autoComplete="name" value={name.value} onChange={(e) => name.set(e.target.value)} />
          )}
        </FormField>
        {email.fixed ? (
          <p className="setup__note">You sign in with {email.value}.</p>
        ) : (
          <FormField
            id={`${id}-email`}
            label="Your email"
            hint="You can sign in with it, and a forgotten password is reset through it."
            error={errors.email}
          >
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                value={email.value}
                onChange={(e) => email.set(e.target.value)}
              />
            )}
          </FormField>
        )}
      </fieldset>
      <fieldset className="setup__group">
        <legend className="setup__legend">Where people find the studio</legend>
        {SETUP_FACTS.map((field) => (
          <FactInput
            key={field}
            id={`${id}-${field}`}
            spec={factInput(field)}
            value={facts.values[field]}
            error={errors[field]}
            onChange={facts.set}
          />
        ))}
      </fieldset>
      <fieldset className="setup__group" aria-describedby={`${id}-samples`}>
        <legend className="setup__legend">Sample posts and jobs</legend>
        <p id={`${id}-samples`} className="setup__note">
          {SAMPLE_CONTENT_MESSAGES.startEmpty(countsOf(samples))} What the studio writes is never removed, and Settings
          can remove the samples later.
        </p>
        {SAMPLE_CHOICES.map((option) => (
          <label key={option.value} className="setup__choice">
            <input
              type="radio"
              name={`${id}-samples`}
              value={option.value}
              checked={choice.value === option.value}
              onChange={() => choice.set(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {form.failure !== null && (
        <p className="setup__failure" role="alert">
          {errorMessage(form.failure, 'The setup could not be saved. Please try again.')}
        </p>
      )}
      <div className="setup__actions">
        <button type="submit" className="button button--primary" disabled={form.busy}>
          {form.busy ? 'Finishing...' : 'Finish Setup'}
        </button>
        <button type="button" className="button button--ghost" onClick={form.skip} disabled={form.busy}>
          Skip Setup
        </button>
      </div>
    </form>
  )
}

/** The owner's first-run setup (/admin/blog?setup): who they are, the studio's links, and a clean start. */
export function SetupScreen() {
  const { profile, settings, samples } = useSetupData()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const failed = profile.isError || settings.isError || samples.isError
  return (
    <section className="admin-card setup" aria-labelledby="setup-title">
      <h1 id="setup-title" ref={heading} tabIndex={-1} className="admin-header__title">
        Set up your site
      </h1>
      <p className="setup__intro">
        A minute before you start, or skip it: everything here can be changed later in Settings.
      </p>
      {failed ? (
        <LoadError
          title="Error loading the setup"
          onRetry={() => void Promise.all([profile.refetch(), settings.refetch(), samples.refetch()])}
        />
      ) : profile.data && settings.data && samples.data ? (
        <SetupForm profile={profile.data} settings={settings.data} samples={samples.data} />
      ) : (
        <LoadingSkeleton label="Loading the setup..." lines={6} />
      )}
    </section>
  )
}
