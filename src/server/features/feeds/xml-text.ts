/** Characters XML 1.0 does not allow anywhere (controls, lone surrogates, U+FFFE/U+FFFF): dropped. */
export const NOT_XML = /[^\P{Cc}\t\n\r]|[\uFFFE\uFFFF\uD800-\uDFFF]/gu

export const xml = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
