import type { WithSlice } from '@reduxjs/toolkit';
import type { tableExtrasSlice } from './extras-slice';
import type { tablesSlice } from '../../app/tables/slice';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi, failingTo } from '../../api/call-api';
import { TAGS_PER_SHEET } from '@balcao/contract';
import { downloadCsv, toCsv } from '../../ui/csv';
import { batchSizes, printInBatches } from '../../app/printing/sagas';
import type { TableQuery } from '../../ui/data-table';
import {
  eventQrClosed,
  eventQrFailed,
  eventQrLoaded,
  eventQrRequested,
  productPrintFailed,
  productPrintProgressed,
  productPrintRequested,
  productPrintSucceeded,
  productsCsvFailed,
  productsCsvRequested,
  productsCsvSucceeded,
  type NamedRef,
} from './extras-slice';
import { PRODUCT_MAIN_COLUMNS, PRODUCTS_CSV_NAME } from './pages/product-columns';
import { TABLE_RESOURCES } from '../../app/tables/resources';
import { queryParams } from '../../app/tables/sagas';
import { rowsOf, type ListAnswer } from '../../api/list-answer';
import type { TableRow } from '../../app/tables/slice';

/** The server's page size limit (docs/table-protocol.md). */
const EXPORT_PAGE = 100;

let shownQrUrl: string | null = null;

function releaseQr(): void {
  if (shownQrUrl) URL.revokeObjectURL(shownQrUrl);
  shownQrUrl = null;
}

/** GET /api/events/qrcode/{id} through callApi (bearer token) as an image blob. */
const loadEventQr = failingTo(
  eventQrFailed,
  function* (action: ReturnType<typeof eventQrRequested>): SagaIterator {
    releaseQr();
    const blob: Blob = yield call(callApi<Blob>, {
      url: `/api/events/qrcode/${encodeURIComponent(String(action.payload.id))}`,
      responseType: 'blob',
    });
    shownQrUrl = URL.createObjectURL(blob);
    yield put(eventQrLoaded(shownQrUrl));
  },
);

const selectPrintedProduct = (state: WithSlice<typeof tableExtrasSlice>): NamedRef | null =>
  state.tableExtras.productPrint?.product ?? null;
const selectStopping = (state: WithSlice<typeof tableExtrasSlice>): boolean =>
  state.tableExtras.productPrint?.stopping ?? false;

/**
 * Tags per print job: 10 sheets of 3. A large quantity goes out batch after batch, so the clerk
 * sees 'Imprimindo - x/y', a printer gets jobs of a sane size, and 'Cancelar' stops between two.
 */
export const TAG_BATCH = 10 * TAGS_PER_SHEET;

/** POST /api/products/{id}/print {quantity} per batch; with no printer mapped each PDF opens. */
const printProduct = failingTo(
  productPrintFailed,
  function* (action: ReturnType<typeof productPrintRequested>): SagaIterator {
    const product: NamedRef | null = yield select(selectPrintedProduct);
    if (!product) return;
    const url = `/api/products/${encodeURIComponent(String(product.id))}/print`;
    const calls = batchSizes(action.payload.quantity, TAG_BATCH).map((quantity) => ({
      request: { method: 'POST' as const, url, data: { quantity } },
      items: quantity,
    }));
    const { printer }: { printer: string | null } = yield call(
      printInBatches,
      calls,
      (printed: number) => productPrintProgressed({ printed }),
      selectStopping,
    );
    yield put(productPrintSucceeded({ printer }));
  },
);

const selectProductsQuery = (state: WithSlice<typeof tablesSlice>): TableQuery | null =>
  state.tables.byTable.products?.query ?? null;

/** Every product matching the table's search, in its order, one server page at a time. */
const exportProducts = failingTo(productsCsvFailed, function* (): SagaIterator {
  const shown: TableQuery | null = yield select(selectProductsQuery);
  const rows: TableRow[] = [];
  for (let start = 0; ; start += EXPORT_PAGE) {
    const query: TableQuery = {
      start,
      length: EXPORT_PAGE,
      search: shown?.search ?? '',
      sort: shown?.sort ?? 'name',
      dir: shown?.dir ?? 'asc',
    };
    const body: ListAnswer<TableRow> = yield call(callApi<ListAnswer<TableRow>>, {
      url: TABLE_RESOURCES.products.list,
      params: queryParams(query),
    });
    const page = rowsOf<TableRow>(body);
    rows.push(...page);
    const total = body.recordsFiltered ?? body.recordsTotal ?? 0;
    if (page.length < EXPORT_PAGE || rows.length >= total) break;
  }
  const header = PRODUCT_MAIN_COLUMNS.map((c) => c.header);
  const lines = rows.map((row) => PRODUCT_MAIN_COLUMNS.map((c) => c.text(row)));
  yield call(downloadCsv, PRODUCTS_CSV_NAME, toCsv(header, lines));
  yield put(productsCsvSucceeded());
});

export function* tableExtrasSaga(): SagaIterator {
  yield takeLatest(eventQrRequested.type, loadEventQr);
  yield takeLatest(eventQrClosed.type, releaseQr);
  yield takeLeading(productPrintRequested.type, printProduct);
  yield takeLeading(productsCsvRequested.type, exportProducts);
}
