import { type LoaderFunctionArgs, data as routeData, useLoaderData } from 'react-router'
import { eventPath, FIRST_EVENT_ID } from '../../../shared/events'
import { movedTo } from '../../../shared/moved-address'
import { PAGES } from '../../../shared/paths'
import { useAppData } from '../../data/app-data'
import { eventQueries } from '../../data/event-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { loaderServicesContext } from '../../router-context'
import { EventView } from './event-view'

/** /rdc25: the spec's event, the first, whatever its slug. */
export async function firstEventLoader({ context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  await queryClient.ensureQueryData(eventQueries.first(data))
  return { slug: null }
}

/**
 * /events/{slug}: an event, public or unlisted; an unknown slug is the not-found page (404). The first
 * event's slug, and another spelling of a slug, answer 301 to its address.
 */
export async function eventLoader({ params, context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  const event = await queryClient.ensureQueryData(eventQueries.bySlug(data, params.slug ?? ''))
  if (!event) throw routeData(null, { status: 404, statusText: 'Event Not Found' })
  if (event.id === FIRST_EVENT_ID) throw movedTo(PAGES.event)
  if (event.slug !== params.slug) throw movedTo(eventPath(event))
  return { slug: event.slug }
}

function FirstEvent() {
  const { data: event } = useLoadedQuery(eventQueries.first(useAppData()))
  return <EventView event={event} />
}

function EventBySlug({ slug }: { slug: string }) {
  const { data: event } = useLoadedQuery(eventQueries.bySlug(useAppData(), slug))
  // Deleted while the page was open: the loader answers 404 at the next navigation.
  return event ? <EventView event={event} /> : null
}

export function EventPage() {
  const { slug } = useLoaderData<{ slug: string | null }>()
  return slug === null ? <FirstEvent /> : <EventBySlug slug={slug} />
}

export { EventPage as Component, eventLoader as loader }
