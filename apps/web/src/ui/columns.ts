import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The text a cell shows: what the search box matches and a CSV export writes. */
    text?: (row: TData) => string;
  }
}

export type TableColumn<Row> = ColumnDef<Row, unknown>;

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Numbers by value, text in pt-BR order (accents and case aside). */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

interface ColumnOptions<Row> {
  id: string;
  header: string;
  /** What the cell shows (and the search box matches). */
  text: (row: Row) => string;
  /** What the column sorts by; the text by default. */
  sortValue?: (row: Row) => string | number;
  /** A richer cell than the text (badges, buttons). */
  cell?: (row: Row) => ReactNode;
  sortable?: boolean;
}

/**
 * One table column. Its id is the field name the server sorts by in server mode
 * (docs/table-protocol.md `sort`).
 */
export function column<Row>(options: ColumnOptions<Row>): TableColumn<Row> {
  const { id, header, text, sortValue = text, cell, sortable = true } = options;
  return {
    id,
    header,
    accessorFn: (row) => sortValue(row),
    cell: (context) => (cell ? cell(context.row.original) : text(context.row.original)),
    enableSorting: sortable,
    sortingFn: (a, b, columnId) => compareValues(a.getValue(columnId), b.getValue(columnId)),
    meta: { text },
  };
}

/** A column of buttons or other controls: not sorted, not searched. */
export function actionColumn<Row>(
  id: string,
  header: string,
  cell: (row: Row) => ReactNode,
): TableColumn<Row> {
  return {
    id,
    header,
    enableSorting: false,
    enableGlobalFilter: false,
    cell: (context) => cell(context.row.original),
  };
}
