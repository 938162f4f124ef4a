import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi, failingTo } from '../../api/call-api';
import { rowsOf } from '../../api/list-answer';
import {
  LOOKUP_URLS,
  lookupFailed,
  lookupLoaded,
  lookupRequested,
  type LookupItem,
  type LookupKey,
} from './slice';

/** GET /api/{resource}/select into the options a page's editor offers. */
export const loadLookup = failingTo(lookupFailed, function* (key: LookupKey): SagaIterator {
  const body: unknown = yield call(callApi<unknown>, { url: LOOKUP_URLS[key] });
  yield put(lookupLoaded({ key, items: rowsOf<LookupItem>(body) }));
});

export function* lookupsSaga(): SagaIterator {
  yield takeLatest(lookupRequested.type, (action: ReturnType<typeof lookupRequested>) =>
    loadLookup(action.payload),
  );
}

export function* loadCountries(): SagaIterator {
  yield call(loadLookup, 'countries');
}
export function* loadCities(): SagaIterator {
  yield call(loadLookup, 'cities');
}
export function* loadCenters(): SagaIterator {
  yield call(loadLookup, 'centers');
}
export function* loadCourses(): SagaIterator {
  yield call(loadLookup, 'courses');
}
export function* loadPermissions(): SagaIterator {
  yield call(loadLookup, 'permissions');
}
export function* loadProfiles(): SagaIterator {
  yield call(loadLookup, 'profiles');
}
export function* loadProductCategories(): SagaIterator {
  yield call(loadLookup, 'productCategories');
}
export function* loadPrinters(): SagaIterator {
  yield call(loadLookup, 'printers');
}
export function* loadProducts(): SagaIterator {
  yield call(loadLookup, 'products');
}
export function* loadEvents(): SagaIterator {
  yield call(loadLookup, 'events');
}
