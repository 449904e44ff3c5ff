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
