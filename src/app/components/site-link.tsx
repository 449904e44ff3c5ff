import { Link, type LinkProps } from 'react-router'

export type SiteLinkProps = Omit<LinkProps, 'discover' | 'prefetch' | 'relative' | 'reloadDocument' | 'mask'>

/**
 * A path from the root that Link writes as it is: no `.` segments or doubled slashes in the path for it to
 * resolve, and no empty query or hash for it to drop.
 */
const PLAIN_PATH = /^(?![^?#]*(?:\/\/|\/\.))\/[^?#\\]*(?:\?[^#]+)?(?:#.+)?$/

/**
 * react-router's Link, for links to this site's own pages. On the server a link to a path from the root is
 * written as the <a> Link writes for it (a test holds the two to the same markup) without Link's seven
 * hooks, which were a tenth of a page's render; in the browser it is Link itself. The router has no basename
 * (routes.tsx): with one, Link would write it before the path.
 */
export function SiteLink(props: SiteLinkProps) {
  // Asked per render: tests bring a DOM and take it away within one process.
  if (typeof document !== 'undefined' || typeof props.to !== 'string' || !PLAIN_PATH.test(props.to))
    return <Link {...props} />
  const { to, replace, state, preventScrollReset, viewTransition, defaultShouldRevalidate, target, ...rest } = props
  return <a {...rest} href={to} target={target} data-discover="true" />
}
