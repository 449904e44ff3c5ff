import { createContext, type ReactNode, useContext } from 'react'
import type { ClientAssets } from './bootstrap-data'
import { FONT_URL, publicFileUrl } from './public-files'

const ClientAssetsContext = createContext<ClientAssets>({ styles: [], modulePreloads: [], editorStyles: [], files: {} })

/** The build's asset URLs, for pages that link extra files (the admin editor's stylesheet). */
export const useClientAssets = () => useContext(ClientAssetsContext)

/** A public file's URL, content-hashed where the build copied it (public-files.ts). */
export const usePublicFile = (path: string) => publicFileUrl(useClientAssets().files, path)

/** The <html> shell around every page; page components add their own title and meta tags. */
export function Document({ assets, children }: { assets: ClientAssets; children: ReactNode }) {
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b12" />
        <meta name="color-scheme" content="dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <link
          rel="preload"
          href={publicFileUrl(assets.files, FONT_URL)}
          as="font"
          type="font/woff2"
          crossOrigin="anonymous"
        />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <ClientAssetsContext.Provider value={assets}>{children}</ClientAssetsContext.Provider>
      </body>
    </html>
  )
}
