import { call, spawn, take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { configSaga, loadConfig } from './config/sagas';
import { errorsSaga } from './errors/sagas';
import { eventsSaga } from './events/sagas';
import { navigationSaga } from './navigation/sagas';
import { printingSaga } from './printing/sagas';
import { restoreSession, sessionSaga } from './session/sagas';
import { setupSaga } from './setup/sagas';
import { lookupsSaga } from './lookups/sagas';
import { tablesSaga } from './tables/sagas';
import { appStarted } from '../store/app-actions';

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
  lookupsSaga,
  printingSaga,
  setupSaga,
  startup,
];

/**
 * The shell's sagas; every other area's start when its page chunk first loads (app/areas.ts).
 * Feature sagas are spawned: one crashing does not stop the others.
 */
export function* rootSaga(): SagaIterator {
  for (const saga of featureSagas) yield spawn(saga);
}
