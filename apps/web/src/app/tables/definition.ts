import type { ComponentType } from 'react';
import { PERMISSION_LABELS, isPermission } from '@balcao/contract';
import { column, type TableColumn } from '../../ui/columns';
import type { EditorField } from '../../ui/editor-modal';
import type { FieldOption } from '../../ui/form-field';
import { formatDateTime } from '../../ui/formats';
import type { TableKey } from './resources';
import type { LookupItem, LookupKey, LookupsState } from '../lookups/slice';
import type { TableRow } from './slice';

export interface TableContext {
  lookups: LookupsState;
}

/** An editor field whose options come from a page's lookup (countries for a city, ...). */
export interface TableField<Row> extends EditorField<Row> {
  lookup?: LookupKey;
}

/** What a table's toolbar buttons get: the selected row (when one) and every selected row. */
export interface TableToolbarProps<Row extends TableRow = TableRow> {
  selected: Row | null;
  selectedRows: readonly Row[];
}

/** A page's table: its columns and editor fields; the protocol itself is generic. */
export interface TableDefinition<Row extends TableRow> {
  table: TableKey;
  /** The table's accessible name. */
  label: string;
  /** 'Deseja remover este {itemName}?' */
  itemName: string;
  /** SPEC.md section 9's default page length; 10 when absent. */
  pageSize?: number;
  columns: (context: TableContext) => TableColumn<Row>[];
  fields: readonly TableField<Row>[];
  /**
   * The table's own toolbar buttons; another feature adds its buttons through the table's
   * toolbar slot (`usersToolbar`, app/slots.tsx), shown after these.
   */
  Toolbar?: ComponentType<TableToolbarProps<Row>>;
  /** A list without create, edit and remove. */
  readOnly?: boolean;
  /** The create button's text ('Novo' by default). */
  createLabel?: string;
  /** Several rows can be selected at once (batch actions in the Toolbar). */
  multiSelect?: boolean;
  /** A row's name for its selection checkbox. */
  rowLabel?: (row: Row) => string;
}

/** A reference's name: `city: {id, name}` -> its name. */
export function refName(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'name' in value) {
    const name = (value as { name: unknown }).name;
    return typeof name === 'string' ? name : '';
  }
  return '';
}

/** A lookup item's label: a permission's friendly name, else its name. */
export function lookupLabel(item: LookupItem): string {
  if (typeof item.friendlyName === 'string' && item.friendlyName !== '') return item.friendlyName;
  if (typeof item.name === 'string' && isPermission(item.name)) return PERMISSION_LABELS[item.name];
  return String(item.name ?? item.id);
}

export function lookupOptions(items: readonly LookupItem[] | undefined): FieldOption[] {
  return (items ?? []).map((item) => ({ value: String(item.id), label: lookupLabel(item) }));
}

/** The name of the lookup entry with this id (a reference that came as `{id}` only). */
export function lookupName(items: readonly LookupItem[] | undefined, ref: unknown): string {
  const named = refName(ref);
  if (named) return named;
  const id = typeof ref === 'object' && ref !== null ? (ref as { id?: unknown }).id : ref;
  const item = (items ?? []).find((entry) => String(entry.id) === String(id));
  return item ? lookupLabel(item) : '';
}

export function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** 'Criado em' and 'Editado em' columns (ISO instants shown as DD/MM/YYYY HH:mm:ss). */
export function dateColumns<Row extends TableRow>(): TableColumn<Row>[] {
  return [
    column<Row>({
      id: 'dateCreated',
      header: 'Criado em',
      text: (row) => formatDateTime(row.dateCreated),
      sortValue: (row) => textOf(row.dateCreated),
    }),
    column<Row>({
      id: 'dateUpdated',
      header: 'Editado em',
      text: (row) => formatDateTime(row.dateUpdated),
      sortValue: (row) => textOf(row.dateUpdated),
    }),
  ];
}
