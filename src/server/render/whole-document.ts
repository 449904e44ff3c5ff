import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'

export interface WholeDocumentOptions {
  /**
   * The inline script that hands the page's data to the browser (serializeBootstrap's output, which escapes
   * every `<`). Written as it is: a script React would have to escape is left to React's stream.
   */
  bootstrapScriptContent: string
  /** The browser entry's URL. */
  bootstrapModule: string
  nonce?: string
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const UNSAFE_IN_SCRIPT = /<\/script|<!--/i

/** renderToString's document, or null when it cannot give one (a component suspended or threw). */
function renderedOrNull(tree: ReactNode): string | null {
  try {
    return renderToString(tree)
  } catch {
    return null
  }
}

/**
 * A document for a reader who waits for all of it (a page for the page cache, or a bot), rendered in one
 * synchronous pass: React's stream costs about a tenth of such a render in chunk writes nobody reads early.
 * The route loaders have filled every query, so nothing is left to suspend on; if something does suspend
 * or throw, this gives null and the caller streams the page instead, which waits for what suspended and
 * reports a real error as before.
 * The stream would also add the entry's low-priority preload to the head and the bootstrap scripts to the
 * end of the body; they are added here as React writes them, the preload at the end of the head rather
 * than after the charset (hydration skips tags the client does not render in head and body).
 */
export function renderWholeDocument(
  tree: ReactNode,
  { bootstrapScriptContent, bootstrapModule, nonce }: WholeDocumentOptions,
): string | null {
  if (UNSAFE_IN_SCRIPT.test(bootstrapScriptContent)) return null
  const html = renderedOrNull(tree)
  if (html === null) return null
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${attribute(nonce)}"`
  const entry = attribute(bootstrapModule)
  // As React writes them, the inline script with the id React gives it.
  const preload = `<link rel="modulepreload" fetchPriority="low"${nonceAttribute} href="${entry}"/>`
  const scripts = `<script${nonceAttribute} id="_R_">${bootstrapScriptContent}</script><script type="module" src="${entry}"${nonceAttribute} async=""></script>`
  // The head comes before any content, and nothing a page shows can close the body early (text is escaped,
  // post HTML sanitised): the first </head> and the last </body> are the document's own.
  const headEnd = html.indexOf('</head>')
  const bodyEnd = html.lastIndexOf('</body>')
  if (headEnd < 0 || bodyEnd < headEnd) throw new Error('The rendered document has no <head> and <body>')
  return `<!DOCTYPE html>${html.slice(0, headEnd)}${preload}${html.slice(headEnd, bodyEnd)}${scripts}${html.slice(bodyEnd)}`
}
