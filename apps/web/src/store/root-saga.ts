import { call, spawn, take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { configSaga, loadConfig } from '../features/config/sagas';
import { errorsSaga } from '../features/errors/sagas';
import { eventsSaga } from '../features/events/sagas';
import { navigationSaga } from '../features/navigation/sagas';
import { printingSaga } from '../features/printing/sagas';
import { restoreSession, sessionSaga } from '../features/session/sagas';
import { setupSaga } from '../features/setup/sagas';
import { tablesSaga } from '../features/tables/sagas';
import { appStarted } from './app-actions';

function* startup(): SagaIterator {
  yield take(appStarted.type);
  yield call(loadConfig);
  yield call(restoreSession);
}

const featureSagas = [
  errorsSaga,
  sessionSaga,
  configSaga,
  navigationSaga,
  eventsSaga,
  tablesSaga,
  printingSaga,
  setupSaga,
  startup,
];

/**
 * The shell's sagas; every other area's start when its page chunk first loads (store/areas.ts).
 * Feature sagas are spawned: one crashing does not stop the others.
 */
export function* rootSaga(): SagaIterator {
  for (const saga of featureSagas) yield spawn(saga);
}
