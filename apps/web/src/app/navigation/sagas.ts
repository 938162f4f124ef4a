import { all, call, put, race, select, take, takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AdminPage } from '@balcao/contract';
import { areaPageLoaders, type PageLoader } from '../areas';
import { loadSelectedEvent } from '../events/sagas';
import { preloadPage } from '../shell/pages';
import { pageOpened, selectTotpEnrolmentOnly } from '../session/slice';
import { sessionEnded } from '../../store/app-actions';
import { selectToken } from '../../api/token';
import { pageLoadStarted, pageRequested, selectPageLoading } from './slice';

/**
 * The page's chunk (whose area, once loaded, brings its slices, sagas and the page's loads:
 * app/areas.ts) downloads while the selected event is looked up; then the page's loads run.
 * A login that may only enrol TOTP reaches nothing else, the selected event included.
 */
function* loadPageData(page: AdminPage | null): SagaIterator {
  const enrolmentOnly: boolean = yield select(selectTotpEnrolmentOnly);
  const lookups = enrolmentOnly ? [] : [call(loadSelectedEvent)];
  yield all([...lookups, call(preloadPage, page)]);
  const loaders: readonly PageLoader[] = (page && areaPageLoaders(page)) || [];
  for (const loader of loaders) {
    try {
      yield call(loader);
    } catch (thrown) {
      console.error(`Falha ao carregar a página ${page ?? ''}`, thrown);
    }
  }
}

/** Shows LOADING, runs the selected-event lookup and the page's loads, then shows the page. */
export function* openPage(page: AdminPage | null): SagaIterator {
  yield put(pageLoadStarted(page));
  const outcome: { ended?: unknown } = yield race({
    loaded: call(loadPageData, page),
    ended: take(sessionEnded.type),
  });
  const token: unknown = yield select(selectToken);
  if (outcome.ended || !token) return;
  yield put(pageOpened(page));
}

function* onPageRequested(action: ReturnType<typeof pageRequested>): SagaIterator {
  const loading: boolean = yield select(selectPageLoading);
  if (loading) return;
  yield call(openPage, action.payload);
}

export function* navigationSaga(): SagaIterator {
  yield takeEvery(pageRequested.type, onPageRequested);
}
