import { call, delay, put, race, take, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { KioskReprintPolicy, KioskRow } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import {
  kioskActionDone,
  kioskActionFailed,
  kioskHelpCleared,
  kioskPauseRequested,
  kioskPinRequested,
  kioskReprintRequested,
  kiosksFailed,
  kiosksLoaded,
  kiosksWatchStarted,
  kiosksWatchStopped,
  policyLoaded,
  policyRequested,
} from './kiosks-slice';

/** Staff see a kiosk's trouble within this time (its heartbeat beats every 5 s). */
export const KIOSKS_POLL_MS = 3_000;

const loadKiosks = failingTo(kiosksFailed, function* (): SagaIterator {
  const answer: { data: KioskRow[] } = yield call(callApi<{ data: KioskRow[] }>, {
    url: '/api/kiosks',
  });
  yield put(kiosksLoaded(answer.data));
});

const loadPolicy = failingTo(kiosksFailed, function* (eventId: number): SagaIterator {
  const answer: { reprint: KioskReprintPolicy } = yield call(
    callApi<{ reprint: KioskReprintPolicy }>,
    { url: `/api/kiosks/policy/${eventId}` },
  );
  yield put(policyLoaded(answer.reprint));
});

function* poll(): SagaIterator {
  for (;;) {
    yield call(loadKiosks);
    yield delay(KIOSKS_POLL_MS);
  }
}

function* watch(): SagaIterator {
  for (;;) {
    const started: ReturnType<typeof kiosksWatchStarted> = yield take(kiosksWatchStarted.type);
    if (started.payload.eventId !== null) yield call(loadPolicy, started.payload.eventId);
    yield race([call(poll), take(kiosksWatchStopped.type)]);
  }
}

/** Each action, then the list again at once: the panel shows what the server now says. */
const act = <A>(work: (action: A) => SagaIterator) =>
  failingTo(kioskActionFailed, function* (action: A): SagaIterator {
    yield call(work, action);
    yield call(loadKiosks);
  });

const pause = act(function* (action: ReturnType<typeof kioskPauseRequested>): SagaIterator {
  const { userId, paused } = action.payload;
  yield call(callApi, { method: 'POST', url: `/api/kiosks/${userId}/pause`, data: { paused } });
  yield put(kioskActionDone(paused ? 'Quiosque pausado.' : 'Quiosque em funcionamento.'));
});

const reprint = act(function* (action: ReturnType<typeof kioskReprintRequested>): SagaIterator {
  yield call(callApi, { method: 'POST', url: `/api/kiosks/${action.payload}/reprint` });
  yield put(kioskActionDone('Último crachá enviado de novo à impressora.'));
});

const clearHelp = act(function* (action: ReturnType<typeof kioskHelpCleared>): SagaIterator {
  yield call(callApi, { method: 'POST', url: `/api/kiosks/${action.payload}/help/clear` });
  yield put(kioskActionDone('Pedido de ajuda atendido.'));
});

const setPin = act(function* (action: ReturnType<typeof kioskPinRequested>): SagaIterator {
  const { userId, pin } = action.payload;
  yield call(callApi, { method: 'PUT', url: `/api/kiosks/${userId}/pin`, data: { pin } });
  yield put(kioskActionDone('PIN do quiosque salvo.'));
});

const setPolicy = act(function* (action: ReturnType<typeof policyRequested>): SagaIterator {
  const { eventId, reprint: policy } = action.payload;
  yield call(callApi, {
    method: 'PUT',
    url: `/api/kiosks/policy/${eventId}`,
    data: { reprint: policy },
  });
  yield put(policyLoaded(policy));
  yield put(kioskActionDone('Regra de reimpressão salva.'));
});

export function* kiosksSaga(): SagaIterator {
  yield takeLeading(kioskPauseRequested.type, pause);
  yield takeLeading(kioskReprintRequested.type, reprint);
  yield takeLeading(kioskHelpCleared.type, clearHelp);
  yield takeLeading(kioskPinRequested.type, setPin);
  yield takeLeading(policyRequested.type, setPolicy);
  yield call(watch);
}
