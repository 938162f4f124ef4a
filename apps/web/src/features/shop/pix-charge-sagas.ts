/** The PIX lines' charges at the till: the static BR Code, or the PSP's followed until paid. */
import {
  call,
  cancel,
  delay,
  fork,
  put,
  select,
  spawn,
  take,
  takeLeading,
} from 'redux-saga/effects';
import type { SagaIterator, Task } from 'redux-saga';
import {
  PIX_PSP_NOT_CONFIGURED_CODE,
  toReais,
  type Cents,
  type PixChargeDto,
  type PixPspChargeDto,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import {
  pixChargeCancelFailed,
  pixChargeCancelRequested,
  pixChargeFailed,
  pixChargeLoaded,
  pixChargeRequested,
  selectCheckout,
  type CheckoutState,
} from './checkout-slice';
import { pixKey } from './pix-line';

/**
 * Each payment line's PIX requests by themselves: a newer request of the same line replaces its
 * older one (the cashier still typing), another line's request never does.
 */
function* pixChargesPerLine(): SagaIterator {
  const running = new Map<number, Task>();
  while (true) {
    const action: ReturnType<typeof pixChargeRequested> = yield take(pixChargeRequested.type);
    const { line } = action.payload;
    const previous = running.get(line);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(line, yield fork(loadPixCharge, action));
  }
}

/** How often the till reads a PSP charge the bank has not settled (the webhook's fallback). */
export const PIX_POLL_MS = 2000;

/**
 * Once the cashier stops typing the line's amount: the PSP's charge (POST …/cobranca), followed
 * until the bank settles it; without a PSP, the static BR Code (GET /api/carrinho/pix/{id}).
 * A refusal shows under the line (pixChargeFailed).
 */
function* loadPixCharge(action: ReturnType<typeof pixChargeRequested>): SagaIterator {
  const { orderId, amountCents } = action.payload;
  yield delay(300);
  const key = pixKey(orderId, amountCents);
  yield call(
    failingTo((error) => pixChargeFailed(key, error), showPixCharge),
    key,
    orderId,
    amountCents,
  );
}

/** The line's charge: `amountCents`, sent in reais (the wire's unit, docs/orders-api.md). */
function* showPixCharge(key: string, orderId: number, amountCents: Cents): SagaIterator {
  const { pspConnected }: CheckoutState = yield select(selectCheckout);
  if (pspConnected !== false) {
    try {
      const charge: PixPspChargeDto = yield call(callApi<PixPspChargeDto>, {
        method: 'POST',
        url: `/api/carrinho/pix/${orderId}/cobranca`,
        data: { valor: toReais(amountCents) },
      });
      yield put(pixChargeLoaded({ key, charge: { kind: 'psp', charge } }));
      yield call(followPspCharge, key, charge);
      return;
    } catch (thrown) {
      // No PSP configured: the static BR Code below; any other failure is the line's.
      if (toApiError(thrown).error !== PIX_PSP_NOT_CONFIGURED_CODE) throw thrown;
    }
  }
  const charge: PixChargeDto = yield call(callApi<PixChargeDto>, {
    url: `/api/carrinho/pix/${orderId}`,
    params: { valor: toReais(amountCents) },
  });
  yield put(pixChargeLoaded({ key, charge: { kind: 'static', charge } }));
}

/**
 * Reads the charge (GET …/cobranca/{txid}) while the bank has not settled it and the till still
 * shows it. The server answers from its webhook when that came, and asks the PSP otherwise.
 */
function* followPspCharge(key: string, charge: PixPspChargeDto): SagaIterator {
  let current = charge;
  while (current.status === 'ATIVA') {
    yield delay(PIX_POLL_MS);
    const { selected, pix }: CheckoutState = yield select(selectCheckout);
    const shown = pix[key];
    if (selected?.id !== current.orderId || shown?.kind !== 'psp') return;
    if (shown.charge.txid !== current.txid || shown.charge.status !== 'ATIVA') return;
    try {
      current = yield call(callApi<PixPspChargeDto>, {
        url: `/api/carrinho/pix/cobranca/${current.txid}`,
      });
      yield put(pixChargeLoaded({ key, charge: { kind: 'psp', charge: current } }));
    } catch {
      // The PSP slow or away for a moment: the next read tries again, and the cashier may
      // confirm by hand meanwhile.
    }
  }
}

/** 'Cancelar cobrança': DELETE …/cobranca/{txid}; a charge paid a moment before stays paid. */
const cancelPixCharge = failingTo(
  pixChargeCancelFailed,
  function* (action: ReturnType<typeof pixChargeCancelRequested>): SagaIterator {
    const { key, txid } = action.payload;
    const charge: PixPspChargeDto = yield call(callApi<PixPspChargeDto>, {
      method: 'DELETE',
      url: `/api/carrinho/pix/cobranca/${txid}`,
    });
    yield put(pixChargeLoaded({ key, charge: { kind: 'psp', charge } }));
  },
);

export function* pixChargeSaga(): SagaIterator {
  yield takeLeading(pixChargeCancelRequested.type, cancelPixCharge);
  yield spawn(pixChargesPerLine);
}
