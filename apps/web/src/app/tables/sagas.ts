import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import type { TableQuery } from '../../ui/data-table';
import type { WithSlice } from '@reduxjs/toolkit';
import type { lookupsSlice } from '../lookups/slice';
import type { tablesSlice } from './slice';
import { encodeTableForm } from './form-encoding';
import { rowsOf, type ListAnswer } from '../../api/list-answer';
import { loadLookup } from '../lookups/sagas';
import {
  TABLE_KEYS,
  TABLE_RESOURCES,
  hasParent,
  lookupOfTable,
  withParent,
  type TableKey,
} from './resources';
import {
  listFailed,
  listRequested,
  listSucceeded,
  saveFailed,
  saveRequested,
  saveSucceeded,
  type TableRow,
} from './slice';

/** docs/table-protocol.md: one page is `start`, `length`, `search`, `sort`, `dir`. */
export function queryParams(query: TableQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { start: query.start, length: query.length };
  if (query.search) params.search = query.search;
  if (query.sort) {
    params.sort = query.sort;
    params.dir = query.dir;
  }
  return params;
}

const selectQuery = (table: TableKey) => (state: WithSlice<typeof tablesSlice>) =>
  state.tables.byTable[table]?.query ?? null;

export const selectParentId = (table: TableKey) => (state: WithSlice<typeof tablesSlice>) =>
  state.tables.byTable[table]?.parentId ?? null;

function* loadList(action: ReturnType<typeof listRequested>): SagaIterator {
  const { table } = action.payload;
  const resource = TABLE_RESOURCES[table];
  try {
    const parentId: string | null = yield select(selectParentId(table));
    if (hasParent(table) && !parentId) {
      yield put(listSucceeded({ table, rows: [], recordsTotal: 0, recordsFiltered: 0 }));
      return;
    }
    const query: TableQuery | null = resource.server
      ? (action.payload.query ?? (yield select(selectQuery(table))))
      : null;
    const body: ListAnswer<TableRow> = yield call(callApi<ListAnswer<TableRow>>, {
      url: withParent(resource.list, parentId),
      params: query ? queryParams(query) : undefined,
    });
    const rows = rowsOf<TableRow>(body);
    const answer: Record<string, unknown> = Array.isArray(body) ? {} : { ...body };
    const recordsTotal = typeof answer.recordsTotal === 'number' ? answer.recordsTotal : undefined;
    const recordsFiltered =
      typeof answer.recordsFiltered === 'number' ? answer.recordsFiltered : undefined;
    const extras = Object.fromEntries(
      Object.entries(answer).filter(
        ([key]) => !['data', 'recordsTotal', 'recordsFiltered'].includes(key),
      ),
    );
    yield put(
      listSucceeded({
        table,
        rows,
        recordsTotal: recordsTotal ?? rows.length,
        recordsFiltered: recordsFiltered ?? recordsTotal ?? rows.length,
        extras,
      }),
    );
  } catch (thrown) {
    yield put(listFailed(table, toApiError(thrown)));
  }
}

function saveCall(action: ReturnType<typeof saveRequested>, parentId: string | null) {
  const { table, mode, rowId, payload } = action.payload;
  const base = withParent(TABLE_RESOURCES[table].base, parentId);
  const id = rowId ?? '0';
  switch (mode) {
    case 'create':
      return {
        method: 'POST' as const,
        url: `${base}/insert`,
        data: encodeTableForm('0', payload),
      };
    case 'edit':
      return {
        method: 'POST' as const,
        url: `${base}/update/${encodeURIComponent(id)}`,
        data: encodeTableForm(id, payload),
      };
    case 'remove':
      return {
        method: 'POST' as const,
        url: `${base}/delete/${encodeURIComponent(id)}`,
        data: encodeTableForm(id, { id }),
      };
  }
}

/** insert, update/{id} or delete/{id}; failures stay in the editor and the log only. */
function* save(action: ReturnType<typeof saveRequested>): SagaIterator {
  const { table, mode, rowId } = action.payload;
  try {
    const parentId: string | null = yield select(selectParentId(table));
    const body: unknown = yield call(callApi<unknown>, saveCall(action, parentId));
    yield put(saveSucceeded({ table, mode, rowId, rows: rowsOf<TableRow>(body) }));
    if (TABLE_RESOURCES[table].server) yield put(listRequested({ table }));
    const lookup = lookupOfTable(table);
    const loaded: unknown = lookup
      ? yield select((s: WithSlice<typeof lookupsSlice>) => s.lookups[lookup])
      : null;
    if (lookup && loaded) yield call(loadLookup, lookup);
  } catch (thrown) {
    const error = toApiError(thrown);
    console.error(`Falha ao salvar na tabela ${table}`, error);
    yield put(saveFailed(table, error));
  }
}

function listOf(table: TableKey) {
  return (action: Action) => listRequested.match(action) && action.payload.table === table;
}

export function* tablesSaga(): SagaIterator {
  // takeLatest per table: a newer page of one table does not cancel another table's load.
  yield all([
    ...TABLE_KEYS.map((table) => takeLatest(listOf(table), loadList)),
    takeLeading(saveRequested.type, save),
  ]);
}
