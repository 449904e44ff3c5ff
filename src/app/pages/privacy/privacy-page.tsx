import type { LoaderFunctionArgs } from 'react-router'
import { applicantPrivacy, subscriberPrivacy, visitorPrivacy } from '../../../content/applicant-privacy'
import { site } from '../../../content/site'
import { KEEP_IN_MIND_FACTOR } from '../../../shared/application-rules'
import { SUBSCRIBE_CONFIRM_DAYS } from '../../../shared/newsletter'
import { PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { SiteLink } from '../../components/site-link'
import { useAppData } from '../../data/app-data'
import { careersQueries } from '../../data/careers-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { loaderServicesContext } from '../../router-context'

export async function privacyLoader({ context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  await queryClient.ensureQueryData(careersQueries.privacy(data))
  return null
}

/** The applicants' privacy notice: the site configuration's text, with the retention period the server keeps. */
export function PrivacyPage() {
  const { data } = useLoadedQuery(careersQueries.privacy(useAppData()))
  const fill = (text: string) =>
    text
      .replaceAll('{keptDays}', String(data.retentionDays * KEEP_IN_MIND_FACTOR))
      .replaceAll('{days}', String(data.retentionDays))
      .replaceAll('{email}', site.careersEmail)
  return (
    <article className="privacy">
      <PageMeta
        title={`${applicantPrivacy.title} | ${site.name}`}
        description={`How ${site.name} handles the data of people who apply for a job.`}
        path={PAGES.privacy}
      />
      <h1 className="privacy__title">{applicantPrivacy.title}</h1>
      {applicantPrivacy.sections.map((section) => (
        <section key={section.heading} className="privacy__section">
          <h2>{section.heading}</h2>
          <p>{fill(section.text)}</p>
        </section>
      ))}
      <section id="newsletter" className="privacy__section">
        <h2>{subscriberPrivacy.heading}</h2>
        <p>{subscriberPrivacy.text.replace('{confirmDays}', String(SUBSCRIBE_CONFIRM_DAYS))}</p>
      </section>
      <section id="analytics" className="privacy__section">
        <h2>{visitorPrivacy.heading}</h2>
        <p>{visitorPrivacy.text}</p>
      </section>
      <SiteLink to={PAGES.jobs} className="button button--ghost">
        ← Open positions
      </SiteLink>
    </article>
  )
}

export { PrivacyPage as Component, privacyLoader as loader }
