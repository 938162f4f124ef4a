import { call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PixPspSettingsDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import {
  pixPspCheckAnswered,
  pixPspCheckFailed,
  pixPspCheckRequested,
  pixPspLoaded,
  pixPspLoadFailed,
  pixPspRemoved,
  pixPspRemoveFailed,
  pixPspRemoveRequested,
  pixPspSaved,
  pixPspSaveFailed,
  pixPspSaveRequested,
  type PixPspCheck,
  type PixPspCheckAnswer,
} from './pix-psp-slice';

const PSP_URL = '/api/pix/psp';
const CHECK_URLS: Record<PixPspCheck, string> = {
  test: '/api/pix/psp/test',
  webhook: '/api/pix/psp/webhook',
};

/** GET /api/pix/psp: a loader of the 'Formas de pagamento' page. */
export const loadPixPsp = failingTo(pixPspLoadFailed, function* (): SagaIterator {
  const settings: PixPspSettingsDto = yield call(callApi<PixPspSettingsDto>, { url: PSP_URL });
  yield put(pixPspLoaded(settings));
});

const savePixPsp = failingTo(
  pixPspSaveFailed,
  function* ({ payload }: ReturnType<typeof pixPspSaveRequested>): SagaIterator {
    const settings: PixPspSettingsDto = yield call(callApi<PixPspSettingsDto>, {
      method: 'PUT',
      url: PSP_URL,
      data: payload,
    });
    yield put(pixPspSaved(settings));
  },
);

const checkPixPsp = failingTo(
  pixPspCheckFailed,
  function* ({ payload: check }: ReturnType<typeof pixPspCheckRequested>): SagaIterator {
    const answer: PixPspCheckAnswer = yield call(callApi<PixPspCheckAnswer>, {
      method: 'POST',
      url: CHECK_URLS[check],
    });
    yield put(pixPspCheckAnswered({ check, ok: answer.ok, message: answer.message }));
  },
);

const removePixPsp = failingTo(pixPspRemoveFailed, function* (): SagaIterator {
  const settings: PixPspSettingsDto = yield call(callApi<PixPspSettingsDto>, {
    method: 'DELETE',
    url: PSP_URL,
  });
  yield put(pixPspRemoved(settings));
});

export function* pixPspSaga(): SagaIterator {
  yield takeLeading(pixPspSaveRequested.type, savePixPsp);
  yield takeLeading(pixPspCheckRequested.type, checkPixPsp);
  yield takeLeading(pixPspRemoveRequested.type, removePixPsp);
}
