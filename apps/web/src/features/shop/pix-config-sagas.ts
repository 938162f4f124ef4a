import { call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import {
  pixConfigFailed,
  pixConfigLoaded,
  pixSaved,
  pixSaveFailed,
  pixSaveRequested,
  type PixConfig,
} from './pix-config-slice';

/** GET /api/carrinho/pix/config: a loader of the 'Formas de pagamento' page. */
export function* loadPixConfig(): SagaIterator {
  try {
    const config: PixConfig = yield call(callApi<PixConfig>, { url: '/api/carrinho/pix/config' });
    yield put(pixConfigLoaded(config));
  } catch (thrown) {
    yield put(pixConfigFailed(toApiError(thrown)));
  }
}

function* savePixConfig({ payload }: ReturnType<typeof pixSaveRequested>): SagaIterator {
  try {
    const config: PixConfig = yield call(callApi<PixConfig>, {
      method: 'POST',
      url: '/api/carrinho/pix/config',
      data: payload,
    });
    yield put(pixSaved(config));
  } catch (thrown) {
    yield put(pixSaveFailed(toApiError(thrown)));
  }
}

export function* pixConfigSaga(): SagaIterator {
  yield takeLeading(pixSaveRequested.type, savePixConfig);
}
