import { call, cancel, fork, put, take, takeLeading } from 'redux-saga/effects';
import { channel, type Channel, type SagaIterator, type Task } from 'redux-saga';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import {
  uploadFailed,
  uploadProgressed,
  uploadRequested,
  uploadSucceeded,
  type ImportKind,
  type ImportResult,
} from './slice';

export const UPLOAD_URLS: Record<ImportKind, string> = {
  participants: '/api/participants/upload',
  products: '/api/produtos/upload',
};

function* reportProgress(kind: ImportKind, progress: Channel<number>): SagaIterator {
  for (;;) {
    const fraction: number = yield take(progress);
    yield put(uploadProgressed({ kind, progress: fraction }));
  }
}

/** POST {sheet, eventId}; the answer lists the refused lines. */
function* upload(action: ReturnType<typeof uploadRequested>): SagaIterator {
  const { kind, sheet, eventId } = action.payload;
  const progress: Channel<number> = yield call(channel);
  const reporter: Task = yield fork(reportProgress, kind, progress);
  try {
    const result: ImportResult = yield call(callApi<ImportResult>, {
      method: 'POST',
      url: UPLOAD_URLS[kind],
      data: { sheet, eventId },
      onUploadProgress: (fraction) => progress.put(fraction),
    });
    yield put(uploadSucceeded({ kind, result: { ...result, fails: result.fails ?? [] } }));
  } catch (thrown) {
    yield put(uploadFailed(kind, toApiError(thrown)));
  } finally {
    yield cancel(reporter);
    progress.close();
  }
}

export function* importsSaga(): SagaIterator {
  yield takeLeading(uploadRequested.type, upload);
}
