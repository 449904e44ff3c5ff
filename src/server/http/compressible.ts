const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/

/** Text formats worth compressing (images, video and fonts are compressed already). */
export const isCompressible = (contentType: string) => COMPRESSIBLE.test(contentType)
