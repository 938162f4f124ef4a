import { call, delay, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import {
  KIOSK_HEARTBEAT_MS,
  badgeNameProblem,
  type KioskGreeting,
  type KioskState,
  type PrintJob,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { followPrintJob } from '../../app/printing/sagas';
import { logoutRequested, selectUser, type SessionUser } from '../../app/session/slice';
import {
  badgeNameChanged,
  checkAnswered,
  checkAnsweredOffline,
  checkRequested,
  helpRequested,
  helpSent,
  kioskAnswered,
  kioskBeat,
  kioskBeatFailed,
  kioskFailed,
  kioskReset,
  kioskStarted,
  kioskStopped,
  kioskTouched,
  leaveRequested,
  pinRefused,
  pinSubmitted,
  printDone,
  printHandedOffline,
  printJobSeen,
  printRequested,
  selectKiosk,
  type KioskStationState,
} from './kiosk-slice';

const CPF_SHAPE = /^[\d.\-\s]+$/;

/** With no touch for this long, the kiosk goes back to its start and forgets the person. */
export const KIOSK_IDLE_MS = 20_000;
/** 'Retire seu crachá' and the other answers stay this long, then the start. */
export const KIOSK_ANSWER_MS = 10_000;
/** A badge its printer has not printed by then: the kiosk sends the person to staff. */
export const KIOSK_PRINT_WAIT_MS = 90_000;

export const PRINT_FAILED_MESSAGE = 'Não foi possível imprimir seu crachá. Chame um atendente.';
export const PRINT_SLOW_MESSAGE = 'A impressão está demorando. Chame um atendente.';

type KioskRoot = { kiosk: KioskStationState };
const kiosk = (state: KioskRoot) => selectKiosk(state);
/** The event the kiosk serves (its heartbeat names it): the one its replica follows. */
const kioskEventId = (state: KioskRoot): number | null => kiosk(state).station?.event?.id ?? null;

/** The offline pieces (replica, scrypt, the pass's verifier, the badge drawing): their own chunk. */
const kioskOffline = () => import('./kiosk-offline');
/** The desk's replica sync: fetched once the kiosk's page is up, never with its first screen. */
const offlineSync = () => import('./offline-sync');
type OfflineSync = Awaited<ReturnType<typeof offlineSync>>;

/** The heartbeat: staff see the kiosk online; the kiosk learns whether it is paused. */
function* beat(sync: OfflineSync): SagaIterator {
  for (;;) {
    try {
      const state: KioskState = yield call(callApi<KioskState>, {
        method: 'POST',
        url: '/api/kiosk/heartbeat',
        quiet: true,
      });
      const before: number | null = yield select(kioskEventId);
      yield put(kioskBeat(state));
      // The replica follows the kiosk's event: taken as soon as the kiosk knows it.
      if (state.event && state.event.id !== before) yield put(sync.deskSyncRequested());
    } catch {
      yield put(kioskBeatFailed());
    }
    yield delay(KIOSK_HEARTBEAT_MS);
  }
}

function* station(): SagaIterator {
  for (;;) {
    yield take(kioskStarted.type);
    const sync: OfflineSync = yield call(offlineSync);
    yield race([
      call(beat, sync),
      call(sync.deskSyncLoop, kioskEventId, true),
      take(kioskStopped.type),
    ]);
  }
}

/** A scan (pass or CPF) or the keypad's CPF. */
const check = failingTo(
  kioskFailed,
  function* (action: ReturnType<typeof checkRequested>): SagaIterator {
    const text = action.payload.text.trim();
    // Digits (and a CPF's dots and dash) are a CPF; anything else is a scanned pass, which the
    // server judges (checkPass). The pass's verifier (@noble/curves) stays out of this chunk.
    const by = CPF_SHAPE.test(text) ? { cpf: text } : { pass: text };
    const state: KioskStationState = yield select(kiosk);
    if (!state.offline) {
      try {
        const greeting: KioskGreeting = yield call(callApi<KioskGreeting>, {
          method: 'POST',
          url: '/api/kiosk/check',
          data: by,
        });
        yield put(checkAnswered(greeting));
        return;
      } catch (thrown) {
        if (toApiError(thrown).status !== 0) throw thrown;
      }
    }
    yield call(checkOffline, by);
  },
);

/** The server out of reach: the lookup on the replica (docs/kiosk-api.md, 'Offline'). */
function* checkOffline(by: { cpf: string } | { pass: string }): SagaIterator {
  const user: SessionUser | null = yield select(selectUser);
  if (!user) return;
  const offline: Awaited<ReturnType<typeof kioskOffline>> = yield call(kioskOffline);
  const found: Awaited<ReturnType<typeof offline.checkAtKioskOffline>> = yield call(
    offline.checkAtKioskOffline,
    user.id,
    by,
  );
  if ('answer' in found) yield put(kioskAnswered(found.answer));
  else yield put(checkAnsweredOffline(found));
}

/**
 * Offline: the badge drawn by the browser and handed to the kiosk's printer, the accreditation
 * queued for the sync. No agent reports it printed, so the kiosk says only that it was sent.
 */
function* printOffline(state: KioskStationState): SagaIterator {
  const user: SessionUser | null = yield select(selectUser);
  const participant = state.offlineParticipant;
  if (!user || !participant) return;
  const offline: Awaited<ReturnType<typeof kioskOffline>> = yield call(kioskOffline);
  const printed: boolean = yield call(
    offline.printAtKioskOffline,
    user.id,
    participant,
    state.badgeName.trim(),
  );
  if (!printed) {
    yield put(kioskAnswered(offline.KIOSK_NO_REPLICA_MESSAGE));
    return;
  }
  yield put(printHandedOffline());
  const sync: OfflineSync = yield call(offlineSync);
  yield put(sync.deskSyncRequested());
}

/**
 * The badge on the kiosk's printer, followed until its agent reports it: 'Retire seu crachá'
 * only then (a queued job is not a badge in hand).
 */
function* print(): SagaIterator {
  const state: KioskStationState = yield select(kiosk);
  if (state.phase !== 'printing' || !state.greeting) return; // the PIN is asked first
  if (badgeNameProblem(state.badgeName)) return;
  if (state.offlineParticipant) {
    yield call(printOffline, state);
    return;
  }
  let jobId: number;
  try {
    const outcome: { jobId: number } = yield call(callApi<{ jobId: number }>, {
      method: 'POST',
      url: '/api/kiosk/print',
      data: {
        participantId: state.greeting.participantId,
        usualName: state.badgeName.trim(),
        ...(state.pinFor === 'reprint' ? { pin: state.pin } : {}),
      },
    });
    jobId = outcome.jobId;
  } catch (thrown) {
    const error = toApiError(thrown);
    if (error.status === 403 && state.pinFor === 'reprint') {
      yield put(pinRefused(error.description));
    } else {
      yield put(kioskFailed(error, { hideError: true }));
    }
    return;
  }
  const { job } = (yield race({
    job: call(
      followPrintJob,
      jobId,
      (seen: PrintJob) => printJobSeen(seen.status),
      (root: KioskRoot) => kiosk(root).phase === 'printing',
      `/api/kiosk/jobs/${jobId}`,
    ),
    slow: delay(KIOSK_PRINT_WAIT_MS),
  })) as { job?: PrintJob | null };
  const now: KioskStationState = yield select(kiosk);
  if (now.phase !== 'printing') return;
  if (job?.status === 'done') yield put(printDone());
  else
    yield put(kioskAnswered(job?.status === 'failed' ? PRINT_FAILED_MESSAGE : PRINT_SLOW_MESSAGE));
}

/** The staff PIN: leaving the page (then the logout), or another copy of a badge. */
function* pinEntered(): SagaIterator {
  const state: KioskStationState = yield select(kiosk);
  if (state.pinFor === 'reprint') {
    yield call(print);
    return;
  }
  try {
    yield call(callApi, { method: 'POST', url: '/api/kiosk/unlock', data: { pin: state.pin } });
  } catch (thrown) {
    yield put(pinRefused(toApiError(thrown).description));
    return;
  }
  yield put(kioskReset());
  yield put(kioskStopped());
  yield put(logoutRequested());
}

const askHelp = failingTo(kioskFailed, function* (): SagaIterator {
  yield call(callApi, { method: 'POST', url: '/api/kiosk/help' });
  yield put(helpSent());
});

/** Every touch restarts the idle time; when it runs out the start comes back, blank. */
function* idleReset(): SagaIterator {
  const state: KioskStationState = yield select(kiosk);
  const answer = state.phase === 'done' || state.phase === 'answer';
  yield delay(answer ? KIOSK_ANSWER_MS : KIOSK_IDLE_MS);
  const now: KioskStationState = yield select(kiosk);
  // A lookup or a print under way ends in its own answer, which restarts the time.
  if (now.phase === 'checking' || now.phase === 'printing') return;
  yield put(kioskReset());
}

export function* kioskSaga(): SagaIterator {
  yield takeLatest(checkRequested.type, check);
  yield takeLeading(printRequested.type, print);
  yield takeLeading(pinSubmitted.type, pinEntered);
  yield takeLeading(helpRequested.type, askHelp);
  yield takeLatest(
    [
      kioskTouched.type,
      checkAnswered.type,
      checkAnsweredOffline.type,
      kioskAnswered.type,
      kioskFailed.type,
      badgeNameChanged.type,
      printDone.type,
      printHandedOffline.type,
      leaveRequested.type,
      pinRefused.type,
      helpSent.type,
      printRequested.type,
    ],
    idleReset,
  );
  yield call(station);
}
