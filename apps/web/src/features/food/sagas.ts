import { all, call, delay, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { FoodCategoryDto, FoodConfigDto, FoodSalesDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
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

/** GET /api/alimentos/vendidos onto the panel; answers the interval the server asks for. */
const fetchSales = failingTo(foodSalesFailed, function* (): SagaIterator<number> {
  const sales: FoodSalesDto = yield call(callApi<FoodSalesDto>, { url: '/api/alimentos/vendidos' });
  yield put(foodSalesLoaded({ sales, at: new Date().toISOString() }));
  return sales.refreshInterval;
});

/** While the kitchen panel is open: GET /api/alimentos/vendidos at the configured interval. */
function* refreshPanel(): SagaIterator {
  for (;;) {
    // After a failed refresh, the next one comes in 30 s.
    const seconds: number = (yield call(fetchSales)) ?? 30;
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
