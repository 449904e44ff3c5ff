/** Where a recipient's own links go in a rendered issue: filled in per message when it is sent. */
export const PREFERENCES_SLOT = '{{preferences}}'
export const UNSUBSCRIBE_SLOT = '{{unsubscribe}}'

/** A message's two links filled in: the recipient's preferences and unsubscribe addresses. */
export const fillSlots = (body: string, { preferences, unsubscribe }: { preferences: string; unsubscribe: string }) =>
  body.replaceAll(PREFERENCES_SLOT, preferences).replaceAll(UNSUBSCRIBE_SLOT, unsubscribe)
