import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AdminPage, EventDto } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { pageRequested } from '../navigation/slice';
import { selectAdminPage } from '../session/slice';
import {
  eventSwitched,
  eventSwitchFailed,
  eventSwitchRequested,
  selectedEventFailed,
  selectedEventLoaded,
  selectedEventRequested,
} from './slice';

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

/**
 * POST /api/events/select, then the open page opens again: its loads run for the new event and
 * its component mounts afresh, so nothing of the previous event stays on screen. Other browsers
 * see the new event at their next page open (the selected-event lookup precedes every page).
 */
function* switchEvent(action: ReturnType<typeof eventSwitchRequested>): SagaIterator {
  try {
    const event: EventDto = yield call(callApi<EventDto>, {
      method: 'POST',
      url: '/api/events/select',
      data: { id: action.payload.id },
    });
    yield put(eventSwitched(event));
  } catch (thrown) {
    yield put(eventSwitchFailed(toApiError(thrown)));
    return;
  }
  const page: AdminPage | null = yield select(selectAdminPage);
  if (page) yield put(pageRequested(page));
}

export function* eventsSaga(): SagaIterator {
  yield takeLatest(selectedEventRequested.type, loadSelectedEvent);
  yield takeLeading(eventSwitchRequested.type, switchEvent);
}
