import { all, call, delay, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { FoodCategoryDto, FoodConfigDto, FoodSalesDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import {
  foodConfigFailed,
  foodConfigLoaded,
  foodPanelClosed,
  foodPanelOpened,
  foodSalesFailed,
  foodSalesLoaded,
  foodSaved,
  foodSaveFailed,
  foodSaveRequested,
} from './slice';

/** GET /api/alimentos/config and /api/alimentos/categorias: the loader of 'Configurar alimentos'. */
export const loadFoodConfig = failingTo(foodConfigFailed, function* (): SagaIterator {
  const [config, categories]: [FoodConfigDto, FoodCategoryDto[]] = yield all([
    call(callApi<FoodConfigDto>, { url: '/api/alimentos/config' }),
    call(callApi<FoodCategoryDto[]>, { url: '/api/alimentos/categorias' }),
  ]);
  yield put(foodConfigLoaded({ config, categories }));
});

const saveFoodConfig = failingTo(
  foodSaveFailed,
  function* ({ payload }: ReturnType<typeof foodSaveRequested>): SagaIterator {
    const config: FoodConfigDto = yield call(callApi<FoodConfigDto>, {
      method: 'POST',
      url: '/api/alimentos/config',
      data: payload,
    });
    yield put(foodSaved(config));
  },
);

/** While the kitchen panel is open: GET /api/alimentos/vendidos at the configured interval. */
function* refreshPanel(): SagaIterator {
  for (;;) {
    let seconds = 30;
    try {
      const sales: FoodSalesDto = yield call(callApi<FoodSalesDto>, {
        url: '/api/alimentos/vendidos',
      });
      yield put(foodSalesLoaded({ sales, at: new Date().toISOString() }));
      seconds = sales.refreshInterval;
    } catch (thrown) {
      yield put(foodSalesFailed(toApiError(thrown)));
    }
    const { closed } = yield race({
      wait: delay(seconds * 1000),
      closed: take(foodPanelClosed.type),
    });
    if (closed) return;
  }
}

function* runPanel(): SagaIterator {
  yield race({ run: call(refreshPanel), closed: take(foodPanelClosed.type) });
}

export function* foodSaga(): SagaIterator {
  yield takeLeading(foodSaveRequested.type, saveFoodConfig);
  yield takeLatest(foodPanelOpened.type, runPanel);
}
