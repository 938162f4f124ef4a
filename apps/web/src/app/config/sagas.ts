import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AppConfig } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { configFailed, configLoaded, configRequested } from './slice';

/** GET /api/config; without it the SPA stays in the default 'production' mode, silently. */
export function* loadConfig(): SagaIterator {
  try {
    const config: AppConfig = yield call(callApi<AppConfig>, { url: '/api/config', auth: false });
    yield put(configLoaded(config));
  } catch (thrown) {
    yield put(configFailed(toApiError(thrown), { hideError: true }));
  }
}

export function* configSaga(): SagaIterator {
  yield takeLatest(configRequested.type, loadConfig);
}
