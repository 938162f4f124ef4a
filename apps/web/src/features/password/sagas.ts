import { call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { passwordUpdateFailed, passwordUpdateRequested, passwordUpdateSucceeded } from './slice';

function* updatePassword(action: ReturnType<typeof passwordUpdateRequested>): SagaIterator {
  try {
    yield call(callApi, {
      method: 'POST',
      url: '/api/users/password/update',
      data: action.payload,
    });
    yield put(passwordUpdateSucceeded());
  } catch (thrown) {
    yield put(passwordUpdateFailed(toApiError(thrown)));
  }
}

export function* passwordSaga(): SagaIterator {
  yield takeLeading(passwordUpdateRequested.type, updatePassword);
}
