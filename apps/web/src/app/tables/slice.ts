import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ApiError, FailureMeta } from '../../api/api-error';
import type { WirePayload } from '@balcao/contract';
import type { EditorMode } from '../../ui/editor-modal';
import type { TableQuery } from '../../ui/data-table';
import { pageLoadStarted } from '../navigation/slice';
import type { TableKey } from './resources';

/** A row as the server sends it: `id`, SPEC.md section 3 fields, references as `{id, name}`. */
export type TableRow = { id: number | string } & Record<string, unknown>;

/** An entry of a `/select` list used as an option (`{id, name}`, permissions with friendlyName). */

/** SPEC.md section 8: the editor's text for a failure the server did not explain. */
export const FATAL_EDITOR_ERROR = 'Um erro fatal aconteceu';

export interface EditorState {
  mode: EditorMode;
  /** The edited or removed row; null when creating. */
  rowId: string | null;
  busy: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
}

export interface TableState {
  rows: TableRow[];
  recordsTotal: number;
  recordsFiltered: number;
  /** The page a server-side table last asked for. */
  query: TableQuery | null;
  loading: boolean;
  editor: EditorState | null;
  /** The parent row of a table whose path holds it (the event of participants, ...). */
  parentId: string | null;
  /** What a list answer holds besides the rows (participants' `confirmed`, `badgePrints`). */
  extras: Record<string, unknown>;
  /** The confirmation of the last save ('Registro salvo.'), shown as a toast until closed. */
  savedNotice: string | null;
}

export interface TablesState {
  byTable: Partial<Record<TableKey, TableState>>;
}

const initialState: TablesState = { byTable: {} };

export const emptyTable: TableState = {
  rows: [],
  recordsTotal: 0,
  recordsFiltered: 0,
  query: null,
  loading: false,
  editor: null,
  parentId: null,
  extras: {},
  savedNotice: null,
};

function tableOf(state: TablesState, table: TableKey): TableState {
  const existing = state.byTable[table];
  if (existing) return existing;
  const created: TableState = { ...emptyTable, rows: [], extras: {} };
  state.byTable[table] = created;
  return created;
}

export interface ListLoaded {
  table: TableKey;
  rows: TableRow[];
  recordsTotal: number;
  recordsFiltered: number;
  extras?: Record<string, unknown>;
}

export interface SaveRequest {
  table: TableKey;
  mode: EditorMode;
  rowId: string | null;
  /** The editor's fields for create and edit; empty for remove. */
  payload: WirePayload;
}

export type TableFailure = ApiError & { table: TableKey };

function tableFailure(table: TableKey, error: ApiError, hideError: boolean) {
  const payload: TableFailure = { ...error, table };
  return { payload, meta: { hideError } satisfies FailureMeta };
}

const sameId = (row: TableRow, id: string | number) => String(row.id) === String(id);

export const tablesSlice = createSlice({
  name: 'tables',
  initialState,
  reducers: {
    /** A page chose the parent row (event, course) a table belongs to: its rows start over. */
    parentChanged(state, action: PayloadAction<{ table: TableKey; parentId: string | null }>) {
      const { table, parentId } = action.payload;
      if (state.byTable[table]?.parentId === parentId) return;
      state.byTable[table] = { ...emptyTable, rows: [], extras: {}, parentId };
    },
    /** Without a query a server-side table asks again for its last page. */
    listRequested(state, action: PayloadAction<{ table: TableKey; query?: TableQuery }>) {
      const table = tableOf(state, action.payload.table);
      table.loading = true;
      if (action.payload.query) table.query = action.payload.query;
    },
    listSucceeded(state, action: PayloadAction<ListLoaded>) {
      const { rows, recordsTotal, recordsFiltered, extras = {} } = action.payload;
      Object.assign(tableOf(state, action.payload.table), {
        rows,
        recordsTotal,
        recordsFiltered,
        extras,
        loading: false,
      });
    },
    listFailed: {
      prepare: (table: TableKey, error: ApiError) => tableFailure(table, error, false),
      reducer(state, action: PayloadAction<TableFailure, string, FailureMeta>) {
        tableOf(state, action.payload.table).loading = false;
      },
    },
    editorOpened(
      state,
      action: PayloadAction<{ table: TableKey; mode: EditorMode; rowId: string | null }>,
    ) {
      const { mode, rowId } = action.payload;
      const table = tableOf(state, action.payload.table);
      table.savedNotice = null;
      table.editor = {
        mode,
        rowId,
        busy: false,
        error: null,
        fieldErrors: {},
      };
    },
    editorClosed(state, action: PayloadAction<{ table: TableKey }>) {
      tableOf(state, action.payload.table).editor = null;
    },
    savedNoticeClosed(state, action: PayloadAction<{ table: TableKey }>) {
      tableOf(state, action.payload.table).savedNotice = null;
    },
    saveRequested(state, action: PayloadAction<SaveRequest>) {
      const editor = tableOf(state, action.payload.table).editor;
      if (editor) Object.assign(editor, { busy: true, error: null, fieldErrors: {} });
    },
    saveSucceeded(
      state,
      action: PayloadAction<{
        table: TableKey;
        mode: EditorMode;
        rowId: string | null;
        rows: TableRow[];
      }>,
    ) {
      const { mode, rowId, rows } = action.payload;
      const table = tableOf(state, action.payload.table);
      table.editor = null;
      table.savedNotice = mode === 'remove' ? 'Registro removido.' : 'Registro salvo.';
      if (mode === 'remove' && rowId !== null) {
        const before = table.rows.length;
        table.rows = table.rows.filter((row) => !sameId(row, rowId));
        const removed = before - table.rows.length;
        table.recordsTotal -= removed;
        table.recordsFiltered -= removed;
        return;
      }
      for (const saved of rows) {
        const index = table.rows.findIndex((row) => sameId(row, saved.id));
        if (index >= 0) {
          table.rows[index] = saved;
        } else {
          table.rows.push(saved);
          table.recordsTotal += 1;
          table.recordsFiltered += 1;
        }
      }
    },
    /** Table create/edit/remove failures stay in the editor (SPEC.md sections 4 and 8). */
    saveFailed: {
      prepare: (table: TableKey, error: ApiError) => tableFailure(table, error, true),
      reducer(state, action: PayloadAction<TableFailure, string, FailureMeta>) {
        const editor = tableOf(state, action.payload.table).editor;
        if (!editor) return;
        const fieldErrors = Object.fromEntries(
          (action.payload.fieldErrors ?? []).map((item) => [item.name, item.status]),
        );
        editor.busy = false;
        editor.fieldErrors = fieldErrors;
        const explained = action.payload.status >= 400 && action.payload.status < 500;
        editor.error =
          Object.keys(fieldErrors).length > 0
            ? null
            : explained && action.payload.description
              ? action.payload.description
              : FATAL_EDITOR_ERROR;
      },
    },
  },
  extraReducers: (builder) => {
    builder.addCase(pageLoadStarted, (state) => {
      // A confirmation belongs to the page it was given on.
      for (const table of Object.values(state.byTable)) table.savedNotice = null;
    });
  },
});

export const {
  parentChanged,
  listRequested,
  listSucceeded,
  listFailed,
  editorOpened,
  editorClosed,
  savedNoticeClosed,
  saveRequested,
  saveSucceeded,
  saveFailed,
} = tablesSlice.actions;

export const selectTable = (table: TableKey) => (state: WithSlice<typeof tablesSlice>) =>
  state.tables.byTable[table] ?? emptyTable;
