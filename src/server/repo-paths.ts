import { join } from 'node:path'

/**
 * The repository's root, found from this file's folder, src/server/. The bundler writes that folder into the
 * server bundle as it was at the build (scripts/build-server.ts): the bundle runs where it was built (the
 * container builds and runs it in /app). Every path to the site's own files starts here.
 */
export const ROOT = join(import.meta.dir, '..', '..')

/** A file of the server's source: worker and child-process scripts run from source, bundled server or not. */
export const serverSource = (path: string) => join(ROOT, 'src', 'server', path)
