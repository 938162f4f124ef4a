import type { WithSlice } from '@reduxjs/toolkit';
import type { coursewareSlice } from './slice';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { LABELS_PER_PRINT_MAX, type CoursewareDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import {
  batchSizes,
  printDestination,
  printInBatches,
  type PrintBatchCall,
} from '../../app/printing/sagas';
import { listRequested } from '../../app/tables/slice';
import { displaySerial } from '../../ui/courseware-display';
import {
  batchPrintCancelled,
  batchPrintFailed,
  batchPrintProgressed,
  batchPrintRequested,
  batchPrintSucceeded,
  returnFailed,
  returnLookupFailed,
  returnLookupRequested,
  returnLookupSucceeded,
  returnRequested,
  returnSucceeded,
  selectCourseware,
  type CoursewareState,
} from './slice';

const cancelRequested = (state: WithSlice<typeof coursewareSlice>): boolean => {
  const { batch } = selectCourseware(state);
  return !batch || batch.cancelRequested;
};

/**
 * With a printer mapped, SPEC's batch: one POST .../coursewares/print {id} per label. With none,
 * the browser prints: one call {ids} renders up to LABELS_PER_PRINT_MAX labels into one PDF,
 * opened once (a tab or dialog per label would be blocked or pile up).
 */
function printCalls(url: string, ids: readonly string[], printer: string | null): PrintBatchCall[] {
  if (printer !== null)
    return ids.map((id) => ({ request: { method: 'POST', url, data: { id } }, items: 1 }));
  return batchSizes(ids.length, LABELS_PER_PRINT_MAX).map((size, index) => {
    const chunk = ids.slice(index * LABELS_PER_PRINT_MAX, index * LABELS_PER_PRINT_MAX + size);
    return { request: { method: 'POST', url, data: { ids: chunk } }, items: size };
  });
}

/** 'Imprimir etiquetas': asks where COURSEWARE prints go, then prints the batch the fitting way. */
function* printBatch(action: ReturnType<typeof batchPrintRequested>): SagaIterator {
  const { courseId, ids } = action.payload;
  if (ids.length === 0) return;
  const url = `/api/courses/${encodeURIComponent(courseId)}/coursewares/print`;
  try {
    const printer: string | null = yield call(printDestination, 'COURSEWARE');
    const { cancelled }: { cancelled: boolean } = yield call(
      printInBatches,
      printCalls(url, ids, printer),
      batchPrintProgressed,
      cancelRequested,
    );
    yield put(cancelled ? batchPrintCancelled() : batchPrintSucceeded({ printer }));
  } catch (thrown) {
    yield put(batchPrintFailed(toApiError(thrown)));
  } finally {
    // Printed labels changed status and print counts.
    yield put(listRequested({ table: 'coursewares' }));
  }
}

/** GET /api/coursewares/{id}. */
const lookUp = failingTo(returnLookupFailed, function* (): SagaIterator {
  const { returnDesk }: CoursewareState = yield select(selectCourseware);
  const code = returnDesk.code.trim();
  const courseware: CoursewareDto = yield call(callApi<CoursewareDto>, {
    url: `/api/coursewares/${encodeURIComponent(code)}`,
  });
  yield put(returnLookupSucceeded(courseware));
});

/** POST /api/courseware/return/{id}: only PRINTED is returnable (the server explains refusals). */
const giveBack = failingTo(returnFailed, function* (): SagaIterator {
  const { returnDesk }: CoursewareState = yield select(selectCourseware);
  const current = returnDesk.courseware;
  if (!current) return;
  const courseware: CoursewareDto = yield call(callApi<CoursewareDto>, {
    method: 'POST',
    url: `/api/courseware/return/${encodeURIComponent(current.id)}`,
  });
  yield put(
    returnSucceeded({ courseware, message: `Apostila ${displaySerial(courseware)} devolvida.` }),
  );
});

export function* coursewareSaga(): SagaIterator {
  yield takeLeading(batchPrintRequested.type, printBatch);
  yield takeLatest(returnLookupRequested.type, lookUp);
  yield takeLeading(returnRequested.type, giveBack);
}
