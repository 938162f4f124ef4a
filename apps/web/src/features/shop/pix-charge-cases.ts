/** The checkout slice's cases of the PIX lines' charges (spread into its reducers). */
import type { PayloadAction } from '@reduxjs/toolkit';
import { PIX_CHARGE_BUSY_CODE, PIX_PSP_ERROR_CODE, type Cents } from '@balcao/contract';
import { failedCase, type ApiError, type FailureMeta } from '../../api/api-error';
import type { CheckoutState } from './checkout-state';
import type { PixLineCharge } from './pix-line';

/**
 * PIX refusals (e.g. no key configured) are asked again when the cashier opens a payment or picks
 * PIX: an admin may have saved the key meanwhile, and the screen must not keep the old answer.
 */
export function forgetPixRefusals(state: CheckoutState) {
  for (const [key, charge] of Object.entries(state.pix))
    if (charge.kind === 'error') delete state.pix[key];
  state.pspConnected = null;
}

export const pixChargeCases = {
  /** `line`: the payment line asking, so two PIX lines' charges load independently. */
  pixChargeRequested(
    _state: CheckoutState,
    _action: PayloadAction<{ orderId: number; amountCents: Cents; line: number }>,
  ) {},
  pixChargeLoaded(
    state: CheckoutState,
    action: PayloadAction<{ key: string; charge: PixLineCharge }>,
  ) {
    const { key, charge } = action.payload;
    state.pix[key] = charge;
    state.pspConnected = charge.kind === 'psp';
  },
  pixChargeFailed: {
    // Shown under the PIX line, not in the generic dialog.
    prepare: (key: string, error: ApiError) => ({
      payload: error,
      meta: { hideError: true, key },
    }),
    reducer(
      state: CheckoutState,
      action: PayloadAction<ApiError, string, FailureMeta & { key: string }>,
    ) {
      const { description, error } = action.payload;
      // The PSP failing, or another till making the order's charge: 'Tentar de novo'.
      const pspFailed = error === PIX_PSP_ERROR_CODE || error === PIX_CHARGE_BUSY_CODE;
      state.pix[action.meta.key] = { kind: 'error', error: description, pspFailed };
    },
  },
  /** 'Gerar nova cobrança' and 'Tentar de novo': the line asks for a charge again. */
  pixChargeForgotten(state: CheckoutState, action: PayloadAction<string>) {
    delete state.pix[action.payload];
    delete state.pixManual[action.payload];
  },
  /** 'Cancelar cobrança': the QR withdrawn at the PSP (DELETE), unless just paid. */
  pixChargeCancelRequested(
    _state: CheckoutState,
    _action: PayloadAction<{ key: string; txid: string }>,
  ) {},
  pixChargeCancelFailed: failedCase(),
  /** 'Confirmar sem o banco': the cashier's word, with why (audited by the server). */
  pixManualConfirmed(state: CheckoutState, action: PayloadAction<{ key: string; reason: string }>) {
    state.pixManual[action.payload.key] = action.payload.reason;
  },
  pixManualUndone(state: CheckoutState, action: PayloadAction<string>) {
    delete state.pixManual[action.payload];
  },
};
