import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  pixRefundOutcomeMessage,
  type PixRefundDto,
  type PixRefundsDto,
  type PixUnclaimedDto,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import type { Notice } from '../../ui/notice-dialog';

export interface PixRefundsState {
  /** GET /api/pix/devolucoes: the Pix no order keeps. */
  unclaimed: PixUnclaimedDto[];
  /** The refunds asked of the PSP, newest first. */
  refunds: PixRefundDto[];
  loading: boolean;
  /** The Pix (end-to-end id) or refund (id) being sent; its button waits. */
  sending: string | null;
  /** What became of the last refund asked: requested, refused by the PSP... */
  notice: Notice | null;
}

const initialState: PixRefundsState = {
  unclaimed: [],
  refunds: [],
  loading: false,
  sending: null,
  notice: null,
};

/** 'Devoluções PIX' (docs/pix.md, 'Refunds'): Pix to give back through the PSP, and retries. */
export const pixRefundsSlice = createSlice({
  name: 'pixRefunds',
  initialState,
  reducers: {
    pixRefundsRequested(state) {
      state.loading = true;
    },
    pixRefundsLoaded(state, action: PayloadAction<PixRefundsDto>) {
      state.unclaimed = action.payload.unclaimed;
      state.refunds = action.payload.refunds;
      state.loading = false;
    },
    pixRefundsFailed: failedCase<PixRefundsState>((state) => {
      state.loading = false;
    }),
    /** 'Devolver' with the reason typed in its dialog (POST /api/pix/devolucoes). */
    pixRefundRequested(state, action: PayloadAction<{ endToEndId: string; motivo: string }>) {
      state.sending = action.payload.endToEndId;
    },
    /** 'Tentar de novo' on a PENDENTE refund (POST /api/pix/devolucoes/{id}/tentar). */
    pixRefundRetryRequested(state, action: PayloadAction<{ id: string }>) {
      state.sending = action.payload.id;
    },
    pixRefundAnswered(state, action: PayloadAction<PixRefundDto>) {
      state.sending = null;
      state.notice = { title: 'Devolução PIX', text: pixRefundOutcomeMessage(action.payload) };
    },
    pixRefundFailed: failedCase<PixRefundsState>((state) => {
      state.sending = null;
    }),
    pixRefundNoticeClosed(state) {
      state.notice = null;
    },
  },
});

export const {
  pixRefundsRequested,
  pixRefundsLoaded,
  pixRefundsFailed,
  pixRefundRequested,
  pixRefundRetryRequested,
  pixRefundAnswered,
  pixRefundFailed,
  pixRefundNoticeClosed,
} = pixRefundsSlice.actions;

export const selectPixRefunds = (state: WithSlice<typeof pixRefundsSlice>) => state.pixRefunds;
