import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PrintJob, PrintOutcome, PrintService } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { printPdf } from '../../ui/print-frame';
import {
  jobsFailed,
  jobsLoaded,
  jobsRequested,
  reprintFailed,
  reprintRequested,
  reprintSucceeded,
} from './slice';

/**
 * Prints a rendered file in this tab (ui/print-frame.ts). The file is fetched with the bearer
 * token, which a plain link could not send.
 */
export function* openPrintFile(filename: string): SagaIterator {
  const bytes: ArrayBuffer = yield call(callApi<ArrayBuffer>, {
    url: `/api/prints/files/${encodeURIComponent(filename)}`,
    responseType: 'arraybuffer',
  });
  yield call(printPdf, new Blob([bytes], { type: 'application/pdf' }));
}

/** GET /api/prints/destination: the printer this user's prints of a service go to, or null. */
export function* printDestination(service: PrintService): SagaIterator<string | null> {
  const answer: { printer: string | null } = yield call(callApi<{ printer: string | null }>, {
    url: '/api/prints/destination',
    params: { service },
  });
  return answer.printer;
}

/**
 * After any print call: a queued job needs nothing more; a filename (no printer mapped) opens in
 * this tab's print dialog. Returns whether a printer took the job.
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
