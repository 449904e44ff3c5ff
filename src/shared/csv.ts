/**
 * Cells a spreadsheet would read as a formula (or whose leading tab or carriage return it would drop
 * before finding one): OWASP's list for CSV injection.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell: a leading formula character is neutralised with an apostrophe, so `=HYPERLINK(…)` in an
 * applicant's name stays text in Excel or Sheets; then quoted as RFC 4180 says (a quote, comma, semicolon
 * or line break inside; quotes doubled).
 */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value
  // A semicolon too: Excel in much of Europe splits on it, which would start a new cell (and a formula) there.
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A CSV document: CRLF after every record (RFC 4180), with a UTF-8 byte order mark first so that Excel
 * reads accented names right.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`
}
