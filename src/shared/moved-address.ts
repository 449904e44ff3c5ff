/**
 * The answer at an old address of a renamed post or job: 301 (search engines move the page's standing to
 * the new one), kept by no cache. The redirect can change: another post or job can take the address over,
 * or this one be renamed back, and a 301 a browser kept would then send it round in a loop or to the wrong
 * page. Thrown by page loaders (react-router follows it) and returned by the API alike.
 */
export const movedTo = (location: string): Response =>
  new Response(null, { status: 301, headers: { location, 'cache-control': 'no-store' } })
