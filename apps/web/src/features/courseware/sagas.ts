import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { LABELS_PER_PRINT_MAX, type CoursewareDto, type PrintOutcome } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { handlePrintOutcome, printDestination } from '../../app/printing/sagas';
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

/** A cancel asked for since the last call stops the batch; answers whether it did. */
function* cancelled(): SagaIterator<boolean> {
  const { batch }: CoursewareState = yield select(selectCourseware);
  if (batch && !batch.cancelRequested) return false;
  yield put(batchPrintCancelled());
  return true;
}

/**
 * With a printer mapped, SPEC's batch: one POST .../coursewares/print {id} per label, in order,
 * progress after each, a cancel takes effect before the next one. The first failure stops it.
 */
function* printPerLabel(url: string, ids: readonly string[], printer: string): SagaIterator {
  for (const [index, id] of ids.entries()) {
    if (yield call(cancelled)) return;
    const outcome: PrintOutcome = yield call(callApi<PrintOutcome>, {
      method: 'POST',
      url,
      data: { id },
    });
    yield call(handlePrintOutcome, outcome);
    yield put(batchPrintProgressed(index + 1));
  }
  yield put(batchPrintSucceeded({ printer }));
}

/**
 * With no printer mapped, the browser prints: one call {ids} renders every label into one PDF,
 * opened once (a tab or dialog per label would be blocked or pile up).
 */
function* printInOneFile(url: string, ids: readonly string[]): SagaIterator {
  for (let done = 0; done < ids.length; done += LABELS_PER_PRINT_MAX) {
    if (yield call(cancelled)) return;
    const chunk = ids.slice(done, done + LABELS_PER_PRINT_MAX);
    const outcome: PrintOutcome = yield call(callApi<PrintOutcome>, {
      method: 'POST',
      url,
      data: { ids: chunk },
    });
    yield call(handlePrintOutcome, outcome);
    yield put(batchPrintProgressed(done + chunk.length));
  }
  yield put(batchPrintSucceeded({ printer: null }));
}

/** 'Imprimir etiquetas': asks where COURSEWARE prints go, then prints the batch the fitting way. */
function* printBatch(action: ReturnType<typeof batchPrintRequested>): SagaIterator {
  const { courseId, ids } = action.payload;
  if (ids.length === 0) return;
  const url = `/api/courses/${encodeURIComponent(courseId)}/coursewares/print`;
  try {
    const printer: string | null = yield call(printDestination, 'COURSEWARE');
    if (printer === null) yield call(printInOneFile, url, ids);
    else yield call(printPerLabel, url, ids, printer);
  } catch (thrown) {
    yield put(batchPrintFailed(toApiError(thrown)));
  } finally {
    // Printed labels changed status and print counts.
    yield put(listRequested({ table: 'coursewares' }));
  }
}

/** GET /api/coursewares/{id}. */
function* lookUp(): SagaIterator {
  const { returnDesk }: CoursewareState = yield select(selectCourseware);
  const code = returnDesk.code.trim();
  try {
    const courseware: CoursewareDto = yield call(callApi<CoursewareDto>, {
      url: `/api/coursewares/${encodeURIComponent(code)}`,
    });
    yield put(returnLookupSucceeded(courseware));
  } catch (thrown) {
    yield put(returnLookupFailed(toApiError(thrown)));
  }
}

/** POST /api/courseware/return/{id}: only PRINTED is returnable (the server explains refusals). */
function* giveBack(): SagaIterator {
  const { returnDesk }: CoursewareState = yield select(selectCourseware);
  const current = returnDesk.courseware;
  if (!current) return;
  try {
    const courseware: CoursewareDto = yield call(callApi<CoursewareDto>, {
      method: 'POST',
      url: `/api/courseware/return/${encodeURIComponent(current.id)}`,
    });
    yield put(
      returnSucceeded({ courseware, message: `Apostila ${displaySerial(courseware)} devolvida.` }),
    );
  } catch (thrown) {
    yield put(returnFailed(toApiError(thrown)));
  }
}

export function* coursewareSaga(): SagaIterator {
  yield takeLeading(batchPrintRequested.type, printBatch);
  yield takeLatest(returnLookupRequested.type, lookUp);
  yield takeLeading(returnRequested.type, giveBack);
}
