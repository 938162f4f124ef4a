import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PrintJob, PrintOutcome } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import {
  jobsFailed,
  jobsLoaded,
  jobsRequested,
  reprintFailed,
  reprintRequested,
  reprintSucceeded,
} from './slice';

/** A blob URL lives this long: enough for the new tab to read it. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Opens a rendered print file in a new tab, where the browser's PDF viewer prints it. The file is
 * fetched with the bearer token (a plain link could not send it); if a popup blocker refuses the
 * tab, the PDF is downloaded instead.
 */
export function* openPrintFile(filename: string): SagaIterator {
  const bytes: ArrayBuffer = yield call(callApi<ArrayBuffer>, {
    url: `/api/prints/files/${encodeURIComponent(filename)}`,
    responseType: 'arraybuffer',
  });
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  if (!window.open(url, '_blank')) {
    const link = Object.assign(document.createElement('a'), { href: url, download: filename });
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}

/**
 * After any print call: a queued job needs nothing more; a filename (no printer mapped) opens in
 * the browser. Returns whether a printer took the job.
 */
export function* handlePrintOutcome(outcome: PrintOutcome): SagaIterator<boolean> {
  if ('filename' in outcome) {
    yield call(openPrintFile, outcome.filename);
    return false;
  }
  return true;
}

/** The page's load, and its 'Atualizar' button. */
export function* loadPrintJobs(): SagaIterator {
  try {
    const body: { data: PrintJob[] } = yield call(callApi<{ data: PrintJob[] }>, {
      url: '/api/prints/jobs/select',
    });
    yield put(jobsLoaded(body.data));
  } catch (thrown) {
    yield put(jobsFailed(toApiError(thrown)));
  }
}

function* reprint(action: ReturnType<typeof reprintRequested>): SagaIterator {
  try {
    yield call(callApi, { method: 'POST', url: `/api/prints/jobs/${action.payload.id}/retry` });
    yield put(reprintSucceeded());
  } catch (thrown) {
    yield put(reprintFailed(toApiError(thrown)));
  }
  yield call(loadPrintJobs);
}

export function* printingSaga(): SagaIterator {
  yield takeLatest(jobsRequested.type, loadPrintJobs);
  yield takeLeading(reprintRequested.type, reprint);
}
