import { call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi, failingTo } from '../../api/call-api';
import { passwordUpdateFailed, passwordUpdateRequested, passwordUpdateSucceeded } from './slice';

const updatePassword = failingTo(
  passwordUpdateFailed,
  function* (action: ReturnType<typeof passwordUpdateRequested>): SagaIterator {
    yield call(callApi, {
      method: 'POST',
      url: '/api/users/password/update',
      data: action.payload,
    });
    yield put(passwordUpdateSucceeded());
  },
);

export function* passwordSaga(): SagaIterator {
  yield takeLeading(passwordUpdateRequested.type, updatePassword);
}
