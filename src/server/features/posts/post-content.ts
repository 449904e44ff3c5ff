import { htmlToText, sanitizePostHtml } from './sanitize-post-html'

/** What every write of a post stores: sanitized HTML and the lower-cased text search runs over. */
export function storedPostContent(input: { title: string; excerpt: string; content: string }) {
  const content = sanitizePostHtml(input.content)
  return { content, searchText: [input.title, input.excerpt, htmlToText(content)].join('\n').toLowerCase() }
}
