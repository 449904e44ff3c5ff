import type Quill from 'quill'
import { Delta } from 'quill'
import { holderOf, placeAfterLine, TABLE_CELL } from './block-place'
import type { TableAction } from './table-actions'

interface TableModule {
  insertTable(rows: number, columns: number): void
  insertRowBelow(): void
  insertColumnRight(): void
  deleteRow(): void
  deleteColumn(): void
  deleteTable(): void
}

/**
 * Runs a Table menu action with Quill 2's table module. A new table (three by three) goes below the line
 * being written (or the toggle it is in), never splitting it, and not in a table; the other actions work on
 * the table the cursor is in, and say so when it is in none.
 */
export function tableAction(quill: Quill, action: TableAction): 'done' | 'in a table' | 'not in a table' {
  const table = quill.getModule('table') as TableModule & { getTable(): [unknown, ...unknown[]] }
  const range = quill.getSelection(true)
  const inTable = Boolean(table.getTable()[0])
  if (action === 'insert') {
    if (inTable) return 'in a table'
    const place = placeAfterLine(quill, range.index)
    // A table or toggle just below would take the new table's first line: an empty line keeps them apart.
    const below = quill.getLine(place)[0]
    const joins = below?.statics.blotName === TABLE_CELL || holderOf(below) ? below?.statics.blotName : null
    if (joins) quill.updateContents(new Delta().retain(place).insert('\n', { [joins]: null }), 'user')
    quill.setSelection(place, 0, 'silent')
    table.insertTable(3, 3)
    return 'done'
  }
  if (!inTable) return 'not in a table'
  const run: Record<Exclude<TableAction, 'insert'>, () => void> = {
    'row-below': () => table.insertRowBelow(),
    'column-right': () => table.insertColumnRight(),
    'delete-row': () => table.deleteRow(),
    'delete-column': () => table.deleteColumn(),
    'delete-table': () => table.deleteTable(),
  }
  run[action]()
  return 'done'
}
