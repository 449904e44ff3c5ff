import type { DehydratedState } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'
import type { RequestInfo } from './request-info'

export interface ClientAssets {
  /** Stylesheets linked in <head>. */
  styles: string[]
  /** Chunks the entry imports, preloaded in <head>. */
  modulePreloads: string[]
  /** Stylesheets only the admin editor links. */
  editorStyles: string[]
  /** The content-hashed URL of each public file the build copied, by the file's own URL (public-files.ts). */
  files: Record<string, string>
}

/** Everything the server hands to entry.client.tsx, embedded once as JSON. */
export interface BootstrapData {
  router: HydrationState
  queries: DehydratedState
  request: RequestInfo
  assets: ClientAssets
  /** Posts whose HTML the hydration data leaves out: the browser reads it from the page (see post-content-in-document). */
  postContentInDocument?: string[]
}

export const BOOTSTRAP_GLOBAL = '__BOOTSTRAP__'

/** Serialises for an inline <script>: escapes what could end the script or be read as HTML. */
export function serializeBootstrap(data: BootstrapData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `window.${BOOTSTRAP_GLOBAL}=${json}`
}
