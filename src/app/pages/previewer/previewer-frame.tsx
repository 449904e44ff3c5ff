import { formatDisplayDate } from '../../../shared/dates'
import { markersWithDirection } from '../../../shared/marker-direction'
import type { PreviewerDraft } from './post-export'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function safeDate(value: string): string {
  try {
    return formatDisplayDate(value ? `${value}T09:00:00.000Z` : Date.now())
  } catch {
    return formatDisplayDate(Date.now())
  }
}

/** An absolute URL, or null while what was typed is not one yet. */
function absolute(url: string, origin: string): string | null {
  try {
    return new URL(url, origin).href
  } catch {
    return null
  }
}

/** The post as the public page shows it, as a standalone document using the site's own stylesheet. */
export function previewerDocument(draft: PreviewerDraft, stylesheets: string[], origin: string): string {
  const links = stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(new URL(href, origin).href)}">`)
    .join('')
  const imageUrl = draft.featuredImage.trim() ? absolute(draft.featuredImage.trim(), origin) : null
  const image = imageUrl
    ? `<img class="post__image" src="${escapeHtml(imageUrl)}" alt="" width="1200" height="630">`
    : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><base href="${escapeHtml(origin)}/">${links}</head><body><div class="post"><article class="post__article"><header class="post__header"><time class="post__date">${escapeHtml(safeDate(draft.publishedAt))}</time><h1 class="post__title">${escapeHtml(draft.title || 'Untitled post')}</h1></header>${image}<div class="post-content">${markersWithDirection(draft.content)}</div></article></div></body></html>`
}

/**
 * The live preview. `sandbox` without allow-scripts or allow-same-origin: pasted HTML renders but can
 * neither run script nor reach the site's origin.
 */
export function PreviewerFrame({ html }: { html: string }) {
  return <iframe className="preview-frame" title="Live preview" sandbox="" srcDoc={html} />
}

/** Opens the same isolated preview in a new tab: a script-free wrapper around the sandboxed frame. */
export function openPreviewerHtmlInNewTab(html: string, title: string, origin: string) {
  const csp = `default-src 'none'; style-src 'unsafe-inline' ${origin}; img-src ${origin} https: data:; media-src ${origin} https:; font-src ${origin}; frame-src https:`
  const wrapper = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}"><title>${escapeHtml(title)} | Preview</title><style>html,body{margin:0;height:100%;background:#0b0b12}iframe{display:block;border:0;width:100%;height:100%}</style></head><body><iframe sandbox="" title="Preview" srcdoc="${escapeHtml(html)}"></iframe></body></html>`
  const url = URL.createObjectURL(new Blob([wrapper], { type: 'text/html' }))
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
