import { call, cancel, fork, put, take, takeLeading } from 'redux-saga/effects';
import { channel, type Channel, type SagaIterator, type Task } from 'redux-saga';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { IMPORT_TEMPLATES, type ImportTemplateFormat } from '@balcao/contract';
import { downloadBlob } from '../../ui/download';
import {
  templateFailed,
  templateRequested,
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

const TEMPLATE_TYPES: Record<ImportTemplateFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** GET {upload url}/template?format=csv|xlsx with the bearer token, saved as a download. */
const downloadTemplate = failingTo(
  templateFailed,
  function* (action: ReturnType<typeof templateRequested>): SagaIterator {
    const { kind, format } = action.payload;
    const bytes: ArrayBuffer = yield call(callApi<ArrayBuffer>, {
      url: `${UPLOAD_URLS[kind]}/template`,
      params: { format },
      responseType: 'arraybuffer',
    });
    const name = `${IMPORT_TEMPLATES[kind].fileName}.${format}`;
    yield call(downloadBlob, name, new Blob([bytes], { type: TEMPLATE_TYPES[format] }));
  },
);

export function* importsSaga(): SagaIterator {
  yield takeLeading(uploadRequested.type, upload);
  yield takeLeading(templateRequested.type, downloadTemplate);
}
