import { useId } from 'react'
import { downloadCsv } from './csv-download'

export interface Column<Row> {
  label: string
  value: (row: Row) => string | number
  /** Figures are right-aligned. */
  numeric?: boolean
}

/**
 * One of the dashboard's tables, with its caption as its name and a CSV of exactly what it shows.
 * An empty one says so instead of showing empty rows.
 */
export function FiguresTable<Row>({
  title,
  rows,
  columns,
  fileName,
  empty = 'Nothing counted in these days.',
}: {
  title: string
  rows: Row[]
  columns: Column<Row>[]
  fileName: string
  empty?: string
}) {
  const id = useId()
  const cells = (row: Row) => columns.map((column) => String(column.value(row)))
  return (
    <div className="analytics-table">
      <div className="analytics-table__head">
        <h3 id={`${id}-title`}>{title}</h3>
        {rows.length > 0 && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => downloadCsv(fileName, [columns.map((column) => column.label), ...rows.map(cells)])}
          >
            Download CSV<span className="visually-hidden"> of {title}</span>
          </button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="analytics-table__empty">{empty}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.numeric ? 'numeric' : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const values = cells(row)
              return (
                <tr key={values.join('\u001f')}>
                  {values.map((value, index) => (
                    <td key={columns[index]!.label} className={columns[index]!.numeric ? 'numeric' : undefined}>
                      {value}
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </div>
  )
}
