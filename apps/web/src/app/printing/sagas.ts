import { call, delay, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { MappedPrinterStatus, PrintJob, PrintOutcome, PrintService } from '@balcao/contract';
import { callApi, type ApiRequest, failingTo } from '../../api/call-api';
import { printFile } from '../../ui/print-frame';
import {
  jobsFailed,
  jobsLoaded,
  jobsRequested,
  printersLoaded,
  printerWatchStarted,
  printerWatchStopped,
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
  yield call(printFile, new Blob([bytes], { type: 'application/pdf' }));
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

/** One print call of a batch: its request, and how many items it prints. */
export interface PrintBatchCall {
  request: ApiRequest;
  items: number;
}

/** A check of the caller's own slice (a cancel, a page still shown): the core knows no feature's state. */
type StateCheck = (state: never) => boolean;
const readsAnyState = (check: StateCheck) => check as (state: unknown) => boolean;

/**
 * Every batch print (labels, coupons, product tags): the calls one after another, each outcome
 * printed (handlePrintOutcome), `progressed(items done)` after each, and a cancel taking effect
 * before the next call; the first failure throws. Answers whether it was cancelled and the
 * printer of the last queued job (null when the browser printed).
 */
export function* printInBatches(
  calls: readonly PrintBatchCall[],
  progressed: (done: number) => Action,
  cancelRequested: StateCheck,
): SagaIterator<{ cancelled: boolean; printer: string | null }> {
  let done = 0;
  let printer: string | null = null;
  for (const { request, items } of calls) {
    if ((yield select(readsAnyState(cancelRequested))) as boolean)
      return { cancelled: true, printer };
    const outcome: PrintOutcome = yield call(callApi<PrintOutcome>, request);
    yield call(handlePrintOutcome, outcome);
    printer = 'printer' in outcome ? outcome.printer : null;
    done += items;
    yield put(progressed(done));
  }
  return { cancelled: false, printer };
}

/** `total` items in calls of at most `size`: the items of each call. */
export function batchSizes(total: number, size: number): number[] {
  return Array.from({ length: Math.ceil(total / size) }, (_, index) =>
    Math.min(size, total - index * size),
  );
}

/** How often a desk asks about a job it queued, and the shell about the printers' agents. */
export const JOB_POLL_MS = 2_000;
export const PRINTER_STATUS_POLL_MS = 10_000;

/**
 * A queued job, followed until its agent prints it or it fails (GET /api/prints/jobs/{id}):
 * each answer is put as `update(job)`, while `stillShown` says the desk still shows this job
 * (the next guest's check ends the following). Answers the last state seen.
 */
export function* followPrintJob(
  jobId: number,
  update: (job: PrintJob) => Action,
  stillShown: StateCheck,
  // The kiosk follows its jobs through its own call (GET /api/kiosk/jobs/{id}).
  url = `/api/prints/jobs/${jobId}`,
): SagaIterator<PrintJob | null> {
  let job: PrintJob | null = null;
  while (!job || job.status === 'queued' || job.status === 'printing') {
    yield delay(JOB_POLL_MS);
    if (!((yield select(readsAnyState(stillShown))) as boolean)) return job;
    try {
      job = (yield call(callApi<PrintJob>, { url })) as PrintJob;
    } catch {
      continue; // A network blip: ask again on the next round.
    }
    yield put(update(job));
  }
  return job;
}

function* pollPrinterStatus(): SagaIterator {
  for (;;) {
    try {
      const answer: { printers: MappedPrinterStatus[] } = yield call(
        callApi<{ printers: MappedPrinterStatus[] }>,
        { url: '/api/prints/status' },
      );
      yield put(printersLoaded(answer.printers));
    } catch {
      // The warning keeps what it last knew; the next round asks again.
    }
    yield delay(PRINTER_STATUS_POLL_MS);
  }
}

/** While the shell is up, the printers' agents are watched for the desks' and top bar's warning. */
function* watchPrinters(): SagaIterator {
  for (;;) {
    yield take(printerWatchStarted.type);
    yield race([call(pollPrinterStatus), take(printerWatchStopped.type)]);
  }
}

/** The page's load, and its 'Atualizar' button. */
export const loadPrintJobs = failingTo(jobsFailed, function* (): SagaIterator {
  const body: { data: PrintJob[] } = yield call(callApi<{ data: PrintJob[] }>, {
    url: '/api/prints/jobs/select',
  });
  yield put(jobsLoaded(body.data));
});

const retryJob = failingTo(reprintFailed, function* (id: number): SagaIterator {
  yield call(callApi, { method: 'POST', url: `/api/prints/jobs/${id}/retry` });
  yield put(reprintSucceeded());
});

/** 'Reimprimir', then the list again whatever the answer (the job's state may have moved). */
function* reprint(action: ReturnType<typeof reprintRequested>): SagaIterator {
  yield call(retryJob, action.payload.id);
  yield call(loadPrintJobs);
}

export function* printingSaga(): SagaIterator {
  yield takeLatest(jobsRequested.type, loadPrintJobs);
  yield takeLeading(reprintRequested.type, reprint);
  yield call(watchPrinters);
}
