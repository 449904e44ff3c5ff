import { toCsv } from '../../../../shared/csv'

/** Saves a table as a CSV file through the browser's download. */
export function downloadCsv(fileName: string, rows: readonly (readonly string[])[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
