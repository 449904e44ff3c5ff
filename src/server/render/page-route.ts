import type { RouteObject } from 'react-router'
import { routes } from '../../app/routes'

interface PagePattern {
  pattern: string
  regex: RegExp
  score: number
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** As react-router ranks them: a static segment beats a parameter, which beats the splat. */
const score = (segments: string[]) =>
  segments.reduce((sum, segment) => sum + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), 0)

function patterns(list: RouteObject[], parent: string[] = []): PagePattern[] {
  return list.flatMap((route) => {
    const segments = route.path ? [...parent, ...route.path.split('/').filter(Boolean)] : parent
    if (route.children) return patterns(route.children, segments)
    const body = segments
      .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : literal(segment)))
      .join('/')
    return [{ pattern: `/${segments.join('/')}`, regex: new RegExp(`^/${body}/?$`, 'i'), score: score(segments) }]
  })
}

/** Best first; tried in order, so the first that matches is the one react-router would pick. */
const PAGE_PATTERNS = patterns(routes).sort((a, b) => b.score - a.score)

/**
 * The page route a path renders (`/blog/:slug`, `/jobs`, `/*` for anything else, static files included):
 * the route label of the request metrics, few and fixed whatever paths are asked. Regular expressions
 * made once, so a request allocates nothing here.
 */
export function pageRoute(path: string): string {
  for (const page of PAGE_PATTERNS) if (page.regex.test(path)) return page.pattern
  return '/*'
}
