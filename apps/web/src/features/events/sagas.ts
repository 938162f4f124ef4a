import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { EventDto } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { selectedEventFailed, selectedEventLoaded, selectedEventRequested } from './slice';

/** GET /api/events/selected; 404 means no event is selected (SPEC.md section 8), not an error. */
export function* loadSelectedEvent(): SagaIterator {
  try {
    const event: EventDto = yield call(callApi<EventDto>, { url: '/api/events/selected' });
    yield put(selectedEventLoaded(event));
  } catch (thrown) {
    const error = toApiError(thrown);
    if (error.status === 404) yield put(selectedEventLoaded(null));
    else yield put(selectedEventFailed(error));
  }
}

export function* eventsSaga(): SagaIterator {
  yield takeLatest(selectedEventRequested.type, loadSelectedEvent);
}
