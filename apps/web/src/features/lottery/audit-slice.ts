import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { LotteryAuditDto, LotteryGameSummaryDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/** 'Auditoria do sorteio': the selected event's games and the audit of the chosen one. */
export interface LotteryAuditState {
  games: LotteryGameSummaryDto[];
  gamesLoading: boolean;
  /** The game whose audit is shown or on its way (null: none chosen). */
  chosenId: number | null;
  audit: LotteryAuditDto | null;
  auditLoading: boolean;
}

const initialState: LotteryAuditState = {
  games: [],
  gamesLoading: false,
  chosenId: null,
  audit: null,
  auditLoading: false,
};

export const lotteryAuditSlice = createSlice({
  name: 'lotteryAudit',
  initialState,
  reducers: {
    lotteryGamesRequested(state) {
      state.gamesLoading = true;
    },
    lotteryGamesLoaded(state, action: PayloadAction<LotteryGameSummaryDto[]>) {
      state.gamesLoading = false;
      state.games = action.payload;
      if (!action.payload.some((game) => game.id === state.chosenId)) {
        state.chosenId = null;
        state.audit = null;
      }
    },
    lotteryGamesFailed: failedCase<LotteryAuditState>((state) => {
      state.gamesLoading = false;
    }),
    lotteryAuditRequested(state, action: PayloadAction<number>) {
      state.chosenId = action.payload;
      state.audit = null;
      state.auditLoading = true;
    },
    lotteryAuditLoaded(state, action: PayloadAction<LotteryAuditDto>) {
      if (action.payload.game.id !== state.chosenId) return;
      state.audit = action.payload;
      state.auditLoading = false;
    },
    lotteryAuditFailed: failedCase<LotteryAuditState>((state) => {
      state.auditLoading = false;
    }),
  },
});

export const {
  lotteryGamesRequested,
  lotteryGamesLoaded,
  lotteryGamesFailed,
  lotteryAuditRequested,
  lotteryAuditLoaded,
  lotteryAuditFailed,
} = lotteryAuditSlice.actions;

export const selectLotteryAudit = (state: WithSlice<typeof lotteryAuditSlice>) =>
  state.lotteryAudit;
