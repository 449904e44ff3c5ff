/**
 * What every page's script needs of the newsletter, for the footer's form: where it posts.
 * The rest (paths, messages, rules) is in newsletter.ts, which only the pages that use it load.
 */
/** Where the subscribe forms post (a page's address: the API is /api/subscribers). */
export const SUBSCRIBE_ACTION = '/subscribe'
