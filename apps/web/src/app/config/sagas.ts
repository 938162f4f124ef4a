import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AppConfig } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { setDisplayTimeZone } from '../../ui/formats';
import { configFailed, configLoaded, configRequested } from './slice';

/** GET /api/config; without it the SPA stays in the default 'production' mode, silently. */
export const loadConfig = failingTo(
  (error) => configFailed(error, { hideError: true }),
  function* (): SagaIterator {
    const config: AppConfig = yield call(callApi<AppConfig>, { url: '/api/config', auth: false });
    // Before the screens learn of it, so the first one drawn after already shows the event's time.
    setDisplayTimeZone(config.timeZone);
    yield put(configLoaded(config));
  },
);

export function* configSaga(): SagaIterator {
  yield takeLatest(configRequested.type, loadConfig);
}
