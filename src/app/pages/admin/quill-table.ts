import type Quill from 'quill'

/** The toolbar's Table menu: what it can do, by the names people hear and see. */
export const TABLE_ACTIONS = {
  insert: 'Insert a table',
  'row-below': 'Add a row below',
  'column-right': 'Add a column to the right',
  'delete-row': 'Delete this row',
  'delete-column': 'Delete this column',
  'delete-table': 'Delete this table',
} as const
export type TableAction = keyof typeof TABLE_ACTIONS

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
 * being written, never splitting it; the row and column actions work on the table the cursor is in and
 * do nothing elsewhere.
 */
export function tableAction(quill: Quill, action: TableAction) {
  const table = quill.getModule('table') as TableModule
  const range = quill.getSelection(true)
  switch (action) {
    case 'insert': {
      const [line, offset] = quill.getLine(range.index)
      if (line && line.length() > 1) {
        const end = range.index - offset + line.length() - 1
        quill.insertText(end, '\n', 'user')
        quill.setSelection(end + 1, 0, 'silent')
      }
      return table.insertTable(3, 3)
    }
    case 'row-below':
      return table.insertRowBelow()
    case 'column-right':
      return table.insertColumnRight()
    case 'delete-row':
      return table.deleteRow()
    case 'delete-column':
      return table.deleteColumn()
    case 'delete-table':
      return table.deleteTable()
  }
}
