import type { WithSlice } from '@reduxjs/toolkit';
import type { couponsSlice } from './slice';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import {
  type ApplyCouponRequest,
  type CouponConfigDto,
  type CouponDto,
  type CouponTemplateDto,
  type OrderDto,
  type ProductRow,
  COUPON_PRINT_BATCH,
  NO_SELECTED_EVENT_MESSAGE,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError, type ApiError } from '../../api/api-error';
import { orderChanged } from '../../store/app-actions';
import { batchSizes, printInBatches } from '../../app/printing/sagas';
import {
  batchEnded,
  batchPrintFailed,
  batchPrintProgressed,
  batchPrintRequested,
  configFailed,
  configLoaded,
  configRequested,
  configSaved,
  configSaveFailed,
  configSaveRequested,
  couponActionFailed,
  couponChanged,
  couponInvalidateRequested,
  couponRemoved,
  couponRemoveRequested,
  couponsFailed,
  couponsLoaded,
  couponsRequested,
  orderCouponApplied,
  orderCouponFailed,
  orderCouponRequested,
  productsFailed,
  productsLoaded,
  selectCoupons,
  templateDeleted,
  templateDeleteFailed,
  templateDeleteRequested,
  templateSaved,
  templateSaveFailed,
  templateSaveRequested,
  templatesFailed,
  templatesLoaded,
  templatesRequested,
  type CouponsState,
  noEventFound,
} from './slice';

/** `?eventId` of the page's event; none follows the selected event (docs/coupons-api.md). */
function* eventParams(): SagaIterator<Record<string, string>> {
  const { eventId }: CouponsState = yield select(selectCoupons);
  return eventId ? { eventId } : {};
}

// ---- Page loads ---------------------------------------------------------------------------

/** A fresh install has no event yet: the pages ask for one (noEvent) instead of an error dialog. */
const isNoEvent = (error: ApiError) => error.description === NO_SELECTED_EVENT_MESSAGE;

/** GET /api/products/select: what the template's white and black lists can name. */
export const loadCouponProducts = failingTo(productsFailed, function* (): SagaIterator {
  const body: { data: ProductRow[] } = yield call(callApi<{ data: ProductRow[] }>, {
    url: '/api/products/select',
  });
  yield put(
    productsLoaded(
      body.data.map((row) => ({ id: row.id, name: row.name, type: row.category.type })),
    ),
  );
});

/** GET /api/coupons/templates?eventId. */
export function* loadCouponTemplates(): SagaIterator {
  try {
    const templates: CouponTemplateDto[] = yield call(callApi<CouponTemplateDto[]>, {
      url: '/api/coupons/templates',
      params: yield call(eventParams),
    });
    yield put(templatesLoaded(templates));
  } catch (thrown) {
    const error = toApiError(thrown);
    yield put(isNoEvent(error) ? noEventFound() : templatesFailed(error));
  }
}

/** GET /api/coupons/select?eventId. */
export function* loadCoupons(): SagaIterator {
  try {
    const coupons: CouponDto[] = yield call(callApi<CouponDto[]>, {
      url: '/api/coupons/select',
      params: yield call(eventParams),
    });
    yield put(couponsLoaded(coupons));
  } catch (thrown) {
    const error = toApiError(thrown);
    yield put(isNoEvent(error) ? noEventFound() : couponsFailed(error));
  }
}

/** GET /api/coupons/config?eventId. */
export function* loadCouponConfig(): SagaIterator {
  try {
    const config: CouponConfigDto = yield call(callApi<CouponConfigDto>, {
      url: '/api/coupons/config',
      params: yield call(eventParams),
    });
    yield put(configLoaded(config));
  } catch (thrown) {
    const error = toApiError(thrown);
    yield put(isNoEvent(error) ? noEventFound() : configFailed(error));
  }
}

/** 'Configurar cupons automáticos' shows the event's templates and its settings. */
export function* loadCouponConfigPage(): SagaIterator {
  yield call(loadCouponTemplates);
  yield call(loadCouponConfig);
}

// ---- Template de Cupons ---------------------------------------------------------------------

const postTemplate = failingTo(
  templateSaveFailed,
  function* ({ id, input }: ReturnType<typeof templateSaveRequested>['payload']): SagaIterator {
    yield call(callApi<CouponTemplateDto>, {
      method: 'POST',
      url: id === null ? '/api/coupons/templates' : `/api/coupons/templates/${id}`,
      params: yield call(eventParams),
      data: input,
    });
    yield put(templateSaved());
  },
);

/** Salvar of the template modal, then the list again whatever the answer. */
function* saveTemplate(action: ReturnType<typeof templateSaveRequested>): SagaIterator {
  yield call(postTemplate, action.payload);
  yield call(loadCouponTemplates);
}

const deleteTemplate = failingTo(
  templateDeleteFailed,
  function* (action: ReturnType<typeof templateDeleteRequested>): SagaIterator {
    yield call(callApi, { method: 'DELETE', url: `/api/coupons/templates/${action.payload}` });
    yield put(templateDeleted(action.payload));
  },
);

const cancelRequested = (state: WithSlice<typeof couponsSlice>): boolean => {
  const { batch } = selectCoupons(state);
  return !batch || batch.cancelRequested;
};

/**
 * SPEC.md section 4's batch: POST .../generate {quantity} for up to COUPON_PRINT_BATCH coupons at
 * a time, each call one PDF (one print with no printer mapped), progress after each; a cancel
 * takes effect before the next call and the first failure stops it.
 */
function* printBatch(action: ReturnType<typeof batchPrintRequested>): SagaIterator {
  const { templateId, quantity } = action.payload;
  const url = `/api/coupons/templates/${templateId}/generate`;
  const calls = batchSizes(quantity, COUPON_PRINT_BATCH).map((count) => ({
    request: { method: 'POST' as const, url, data: { quantity: count } },
    items: count,
  }));
  try {
    const { cancelled }: { cancelled: boolean } = yield call(
      printInBatches,
      calls,
      batchPrintProgressed,
      cancelRequested,
    );
    yield put(batchEnded({ cancelled }));
  } catch (thrown) {
    yield put(batchPrintFailed(toApiError(thrown)));
  } finally {
    // The counters (generated, available) changed.
    yield call(loadCouponTemplates);
  }
}

// ---- Cupons ----------------------------------------------------------------------------------

const removeCoupon = failingTo(
  couponActionFailed,
  function* (action: ReturnType<typeof couponRemoveRequested>): SagaIterator {
    yield call(callApi<CouponDto>, {
      method: 'POST',
      url: `/api/coupons/delete/${action.payload}`,
      params: yield call(eventParams),
    });
    yield put(couponRemoved(action.payload));
  },
);

const invalidateCoupon = failingTo(
  couponActionFailed,
  function* (action: ReturnType<typeof couponInvalidateRequested>): SagaIterator {
    const coupon: CouponDto = yield call(callApi<CouponDto>, {
      method: 'POST',
      url: `/api/coupons/invalidate/${action.payload}`,
    });
    yield put(couponChanged(coupon));
  },
);

// ---- Configurar cupons automáticos --------------------------------------------------------------

const saveConfig = failingTo(
  configSaveFailed,
  function* ({ payload }: ReturnType<typeof configSaveRequested>): SagaIterator {
    const config: CouponConfigDto = yield call(callApi<CouponConfigDto>, {
      method: 'POST',
      url: '/api/coupons/config',
      params: yield call(eventParams),
      data: payload,
    });
    yield put(configSaved(config));
  },
);

// ---- The cashier -------------------------------------------------------------------------------

/** POST /api/carrinho/cupom/{id}: the answer is the order with its per-item discounts. */
function* applyOrderCoupon(action: ReturnType<typeof orderCouponRequested>): SagaIterator {
  const { orderId, code } = action.payload;
  const body: ApplyCouponRequest = { id_cupom: code };
  try {
    const order: OrderDto = yield call(callApi<OrderDto>, {
      method: 'POST',
      url: `/api/carrinho/cupom/${orderId}`,
      data: body,
    });
    yield put(orderChanged(order));
    yield put(orderCouponApplied({ removed: code === null }));
  } catch (thrown) {
    yield put(orderCouponFailed(toApiError(thrown)));
  }
}

export function* couponsSaga(): SagaIterator {
  yield all([
    takeLatest(templatesRequested.type, loadCouponTemplates),
    takeLeading(templateSaveRequested.type, saveTemplate),
    takeLeading(templateDeleteRequested.type, deleteTemplate),
    takeLeading(batchPrintRequested.type, printBatch),
    takeLatest(couponsRequested.type, loadCoupons),
    takeLeading(couponRemoveRequested.type, removeCoupon),
    takeLeading(couponInvalidateRequested.type, invalidateCoupon),
    takeLatest(configRequested.type, loadCouponConfigPage),
    takeLeading(configSaveRequested.type, saveConfig),
    takeLeading(orderCouponRequested.type, applyOrderCoupon),
  ]);
}
