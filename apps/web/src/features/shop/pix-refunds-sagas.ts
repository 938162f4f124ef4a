import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PixRefundDto, PixRefundsDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import {
  pixRefundAnswered,
  pixRefundFailed,
  pixRefundRequested,
  pixRefundRetryRequested,
  pixRefundsFailed,
  pixRefundsLoaded,
  pixRefundsRequested,
} from './pix-refunds-slice';

const REFUNDS_URL = '/api/pix/devolucoes';

/** GET /api/pix/devolucoes: the 'Devoluções PIX' page's loader. */
export const loadPixRefunds = failingTo(pixRefundsFailed, function* (): SagaIterator {
  const answer: PixRefundsDto = yield call(callApi<PixRefundsDto>, { url: REFUNDS_URL });
  yield put(pixRefundsLoaded(answer));
});

/** 'Devolver' or 'Tentar de novo': the refund as the server left it, then the lists again. */
const sendRefund = failingTo(
  pixRefundFailed,
  function* (
    action: ReturnType<typeof pixRefundRequested> | ReturnType<typeof pixRefundRetryRequested>,
  ): SagaIterator {
    const refund: PixRefundDto = yield call(
      callApi<PixRefundDto>,
      pixRefundRequested.match(action)
        ? { method: 'POST', url: REFUNDS_URL, data: action.payload }
        : {
            method: 'POST',
            url: `${REFUNDS_URL}/${encodeURIComponent(action.payload.id)}/tentar`,
          },
    );
    yield put(pixRefundAnswered(refund));
    yield call(loadPixRefunds);
  },
);

export function* pixRefundsSaga(): SagaIterator {
  yield takeLatest(pixRefundsRequested.type, loadPixRefunds);
  yield takeLeading([pixRefundRequested.type, pixRefundRetryRequested.type], sendRefund);
}
