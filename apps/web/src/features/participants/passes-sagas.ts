import { call, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PassSendingDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { selectTable } from '../../app/tables/slice';
import {
  passRetryRequested,
  passSendFailed,
  passSendingUpdated,
  passSendRequested,
  reissued,
  reissueFailed,
  reissueRequested,
  selectPasses,
  type PassesState,
} from './passes-slice';

/** How often a running sending is polled for its progress (as 'Enviar e-mails'). */
export const PASS_SENDING_POLL_MS = 1000;

const reissue = failingTo(
  reissueFailed,
  function* ({ payload }: ReturnType<typeof reissueRequested>): SagaIterator {
    yield call(callApi<{ version: number }>, {
      method: 'POST',
      url: `/api/participants/${payload.participantId}/pass/reissue`,
    });
    yield put(reissued({ name: payload.name }));
  },
);

/** Follows a sending until every recipient has a result. */
function* follow(sending: PassSendingDto): SagaIterator {
  yield put(passSendingUpdated(sending));
  let current = sending;
  while (!current.done) {
    yield delay(PASS_SENDING_POLL_MS);
    const next: PassSendingDto = yield call(callApi<PassSendingDto>, {
      url: `/api/passes/envios/${current.id}`,
    });
    // What was left out is said when queued; the progress answers do not repeat it.
    current = { ...next, withoutEmail: current.withoutEmail, unpaid: current.unpaid };
    yield put(passSendingUpdated(current));
  }
}

const send = failingTo(
  passSendFailed,
  function* ({ payload }: ReturnType<typeof passSendRequested>): SagaIterator {
    const { parentId } = yield select(selectTable('participants'));
    const sending: PassSendingDto = yield call(callApi<PassSendingDto>, {
      method: 'POST',
      url: '/api/passes/envios',
      data: { ...payload, eventId: Number(parentId) },
    });
    yield call(follow, sending);
  },
);

const retry = failingTo(passSendFailed, function* (): SagaIterator {
  const { sending: shown }: PassesState = yield select(selectPasses);
  if (!shown) return;
  const sending: PassSendingDto = yield call(callApi<PassSendingDto>, {
    method: 'POST',
    url: `/api/passes/envios/${shown.id}/reenviar`,
  });
  yield call(follow, { ...sending, withoutEmail: shown.withoutEmail, unpaid: shown.unpaid });
});

export function* passesSaga(): SagaIterator {
  yield takeLeading(reissueRequested.type, reissue);
  yield takeLatest(passSendRequested.type, send);
  yield takeLatest(passRetryRequested.type, retry);
}
