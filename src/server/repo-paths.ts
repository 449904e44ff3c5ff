import { join } from 'node:path'

/**
 * The repository's root, found from this file's folder: src/server/ when the server runs from source,
 * dist/server/ when this module is inlined in the server bundle (scripts/build-server.ts), both two folders down.
 * Every path to the site's own files starts here: a module's own folder is not kept in the bundle.
 */
export const ROOT = join(import.meta.dir, '..', '..')

/** A file of the server's source: worker and child-process scripts run from source, bundled server or not. */
export const serverSource = (path: string) => join(ROOT, 'src', 'server', path)
