import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { CoursewareDto, PrintOutcome } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { handlePrintOutcome } from '../printing/sagas';
import { listRequested } from '../tables/slice';
import { displaySerial } from './display';
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

/**
 * One POST /api/courses/{courseId}/coursewares/print {id} per label, in order: progress after
 * each, a cancel takes effect before the next one, the first failure stops the batch.
 */
function* printBatch(action: ReturnType<typeof batchPrintRequested>): SagaIterator {
  const { courseId, ids } = action.payload;
  if (ids.length === 0) return;
  try {
    for (const [index, id] of ids.entries()) {
      const { batch }: CoursewareState = yield select(selectCourseware);
      if (!batch || batch.cancelRequested) {
        yield put(batchPrintCancelled());
        return;
      }
      try {
        const outcome: PrintOutcome = yield call(callApi<PrintOutcome>, {
          method: 'POST',
          url: `/api/courses/${encodeURIComponent(courseId)}/coursewares/print`,
          data: { id },
        });
        yield call(handlePrintOutcome, outcome);
      } catch (thrown) {
        yield put(batchPrintFailed(toApiError(thrown)));
        return;
      }
      yield put(batchPrintProgressed(index + 1));
    }
    yield put(batchPrintSucceeded());
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
