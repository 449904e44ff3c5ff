import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../repo-paths'

/** What `bun run build` (scripts/build.ts) writes to dist/manifest.json for the server. */
export interface AssetManifest {
  entry: string
  styles: string[]
  /** Chunks the entry imports statically: preloaded so they download in parallel with it. */
  modulePreloads: string[]
  /** For each lazily imported source module (a route page), its chunk and the chunks it imports. */
  routeChunks: Record<string, string[]>
  /** The rich-text editor's theme, linked only by the admin page. */
  editorStyles: string[]
  /** Public files copied under a content-hashed name: each one's URL there, by its own URL (public-files.ts). */
  files: Record<string, string>
}

export const DIST_DIR = join(ROOT, 'dist')

/** The manifest written by `bun run build`; the server cannot render pages without it. */
export function loadAssetManifest(distDir = DIST_DIR): AssetManifest {
  const path = join(distDir, 'manifest.json')
  if (!existsSync(path)) throw new Error(`Missing ${path}: run \`bun run build\` before starting the server.`)
  return JSON.parse(readFileSync(path, 'utf8')) as AssetManifest
}
