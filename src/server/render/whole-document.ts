import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'

export interface WholeDocumentOptions {
  /** The inline script that hands the page's data to the browser (serializeBootstrap's output). */
  bootstrapScriptContent: string
  /** The browser entry's URL. */
  bootstrapModule: string
  nonce?: string
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A document whose loaders have all run (nothing left to suspend on), rendered in one synchronous pass for
 * a reader who waits for all of it: a page for the page cache, or a bot. React's stream costs about a
 * tenth of such a render in chunk writes nobody reads early. The stream would also add the entry's
 * low-priority preload to the head and the bootstrap scripts to the end of the body; they are added here
 * as React writes them, the preload at the end of the head rather than after the charset (hydration skips
 * tags the client does not render in head and body).
 */
export function renderWholeDocument(
  tree: ReactNode,
  { bootstrapScriptContent, bootstrapModule, nonce }: WholeDocumentOptions,
) {
  const html = renderToString(tree)
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
