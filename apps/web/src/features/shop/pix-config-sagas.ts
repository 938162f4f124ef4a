import { call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi, failingTo } from '../../api/call-api';
import {
  pixConfigFailed,
  pixConfigLoaded,
  pixSaved,
  pixSaveFailed,
  pixSaveRequested,
  type PixConfig,
} from './pix-config-slice';

/** GET /api/carrinho/pix/config: a loader of the 'Formas de pagamento' page. */
export const loadPixConfig = failingTo(pixConfigFailed, function* (): SagaIterator {
  const config: PixConfig = yield call(callApi<PixConfig>, { url: '/api/carrinho/pix/config' });
  yield put(pixConfigLoaded(config));
});

const savePixConfig = failingTo(
  pixSaveFailed,
  function* ({ payload }: ReturnType<typeof pixSaveRequested>): SagaIterator {
    const config: PixConfig = yield call(callApi<PixConfig>, {
      method: 'POST',
      url: '/api/carrinho/pix/config',
      data: payload,
    });
    yield put(pixSaved(config));
  },
);

export function* pixConfigSaga(): SagaIterator {
  yield takeLeading(pixSaveRequested.type, savePixConfig);
}
