import { builtinModules } from 'node:module'

/**
 * Packages the first request needs none of, whose evaluation or mere size was a measurable share of a start
 * (bench:start-up, decisions 0042 and 0047): they are imported with `import()` where used (or required in a
 * function), never by a module the start evaluates (tests/architecture/start-up.test.ts), and the server bundle
 * leaves them out, to be loaded from node_modules at their first use (scripts/build-server.ts). A name covers
 * its subpaths; Node's modules are named with or without `node:`.
 */
export const LOADED_ON_FIRST_USE = [
  '@simplewebauthn/server',
  '@sindresorhus/transliterate',
  '@date-fns/utc',
  '@zxcvbn-ts/language-common',
  'fflate',
  'ical-generator',
  'isbot',
  'bowser',
  'csv-parse',
  'nodemailer',
  'otpauth',
  'node:http',
  'node:https',
  'node:net',
  'prom-client',
  'quill',
  'reflect-metadata',
  'sanitize-html',
]

/** The light parts of those packages, which the start may use: the UTC date without its Intl formatters. */
export const LIGHT_PARTS = ['@date-fns/utc/date/mini']

export const isLoadedOnFirstUse = (specifier: string) => {
  const name = builtinModules.includes(specifier) ? `node:${specifier}` : specifier
  return (
    !LIGHT_PARTS.includes(name) &&
    LOADED_ON_FIRST_USE.some((listed) => name === listed || name.startsWith(`${listed}/`))
  )
}

/**
 * Listed packages the bundle keeps all the same: one a start evaluates when so configured (the metrics client,
 * with METRICS_TOKEN set), read faster from the bytecode than from node_modules (80 ms against 15).
 */
const KEPT_IN_THE_BUNDLE = ['prom-client']

/** The listed packages the server bundle leaves out, as top-level names. */
export const packagesLeftOutOfTheBundle = () =>
  LOADED_ON_FIRST_USE.filter(
    (name) =>
      !name.startsWith('node:') &&
      !KEPT_IN_THE_BUNDLE.includes(name) &&
      // A package whose light part the start uses is bundled, the rest with it: a few kilobytes.
      !LIGHT_PARTS.some((part) => part.startsWith(`${name}/`)),
  )

/** The same as the bundler's `external` option: each name and its subpaths. */
export const bundleExternals = () => packagesLeftOutOfTheBundle().flatMap((name) => [name, `${name}/*`])
