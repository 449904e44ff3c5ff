import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AssetManifest } from '../../../scripts/build'

export type { AssetManifest }

export const DIST_DIR = join(import.meta.dir, '..', '..', '..', 'dist')

/** The manifest written by `bun run build`; the server cannot render pages without it. */
export function loadAssetManifest(distDir = DIST_DIR): AssetManifest {
  const path = join(distDir, 'manifest.json')
  if (!existsSync(path)) throw new Error(`Missing ${path}: run \`bun run build\` before starting the server.`)
  return JSON.parse(readFileSync(path, 'utf8')) as AssetManifest
}
