import { call, spawn, take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { accreditationSaga } from '../features/accreditation/sagas';
import { attendanceSaga } from '../features/attendance/sagas';
import { reportsSaga } from '../features/reports/sagas';
import { configSaga, loadConfig } from '../features/config/sagas';
import { couponsSaga } from '../features/coupons/sagas';
import { coursewareSaga } from '../features/courseware/sagas';
import { exchangeSaga } from '../features/courseware/exchange-sagas';
import { emailsSaga } from '../features/emails/sagas';
import { foodSaga } from '../features/food/sagas';
import { errorsSaga } from '../features/errors/sagas';
import { eventsSaga } from '../features/events/sagas';
import { importsSaga } from '../features/imports/sagas';
import { lotterySaga } from '../features/lottery/sagas';
import { navigationSaga } from '../features/navigation/sagas';
import { participantsSaga } from '../features/participants/anonymize';
import { passwordSaga } from '../features/password/sagas';
import { totpSaga } from '../features/totp/sagas';
import { printingSaga } from '../features/printing/sagas';
import { restoreSession, sessionSaga } from '../features/session/sagas';
import { deliverySaga } from '../features/store/delivery-sagas';
import { paidOrdersSaga } from '../features/store/paid-orders-sagas';
import { pixConfigSaga } from '../features/store/pix-config-sagas';
import { drawerSaga } from '../features/store/drawer-sagas';
import { storeSaga } from '../features/store/sagas';
import { setupSaga } from '../features/setup/sagas';
import { tableExtrasSaga } from '../features/tables/extras-sagas';
import { tablesSaga } from '../features/tables/sagas';
import { webcamSaga } from '../features/webcam/sagas';
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
  passwordSaga,
  participantsSaga,
  totpSaga,
  webcamSaga,
  tablesSaga,
  tableExtrasSaga,
  printingSaga,
  accreditationSaga,
  coursewareSaga,
  exchangeSaga,
  attendanceSaga,
  importsSaga,
  storeSaga,
  deliverySaga,
  paidOrdersSaga,
  pixConfigSaga,
  drawerSaga,
  setupSaga,
  reportsSaga,
  lotterySaga,
  couponsSaga,
  foodSaga,
  emailsSaga,
  startup,
];

/** Feature sagas are spawned: one crashing does not stop the others. */
export function* rootSaga(): SagaIterator {
  for (const saga of featureSagas) yield spawn(saga);
}
