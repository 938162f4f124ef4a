import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AdminPage, SetupStatus } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { eventSwitched } from '../events/slice';
import { saveSucceeded } from '../tables/slice';
import { selectSetupPending, setupStatusFailed, setupStatusLoaded } from './slice';

/** GET /api/system/setup-status (System): the 'Primeiros passos' page's load. */
export const loadSetupStatus = failingTo(setupStatusFailed, function* (): SagaIterator {
  const status: SetupStatus = yield call(callApi<SetupStatus>, {
    url: '/api/system/setup-status',
  });
  yield put(setupStatusLoaded(status));
});

/** 'SETUP' when a System user signs in while the first-run checklist is incomplete, else null. */
export function* firstRunPage(permissions: readonly string[]): SagaIterator<AdminPage | null> {
  if (!permissions.includes('System')) return null;
  yield call(loadSetupStatus);
  const pending: boolean = yield select(selectSetupPending);
  return pending ? 'SETUP' : null;
}

/** While steps are missing, every saved record or event switch may tick one: ask again. */
function* refreshWhilePending(): SagaIterator {
  const pending: boolean = yield select(selectSetupPending);
  if (pending) yield call(loadSetupStatus);
}

export function* setupSaga(): SagaIterator {
  yield takeLatest([saveSucceeded.type, eventSwitched.type], refreshWhilePending);
}
