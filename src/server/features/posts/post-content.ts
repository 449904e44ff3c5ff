/**
 * sanitize-html (with postcss) keeps about 14 MB resident once loaded, and only writes need it, so it
 * is loaded on the first write instead of at start.
 */
const sanitizer = () => import('./sanitize-post-html')

/** What every write of a post stores: sanitized HTML and the lower-cased text search runs over. */
export async function storedPostContent(input: { title: string; excerpt: string; content: string }) {
  const { sanitizePostHtml, htmlToText } = await sanitizer()
  const content = sanitizePostHtml(input.content)
  return { content, searchText: [input.title, input.excerpt, htmlToText(content)].join('\n').toLowerCase() }
}

/** The words of some HTML (an excerpt pasted from the editor), tags dropped and entities decoded. */
export async function plainText(html: string): Promise<string> {
  return (await sanitizer()).htmlToText(html)
}
