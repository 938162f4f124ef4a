import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type {
  LotteryAuditDrawDto,
  LotteryAuditDto,
  LotteryGameSummaryDto,
  LotteryHoldersPageDto,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/** A page of a draw's holders as the table asks it (GET .../participantes). */
export interface HoldersQuery {
  start: number;
  length: number;
  dir: 'asc' | 'desc';
}

/** One draw's checks and the page of its holders on screen, each asked apart. */
export interface DrawAudit {
  checks: LotteryAuditDrawDto | null;
  checksLoading: boolean;
  holders: LotteryHoldersPageDto | null;
  holdersQuery: HoldersQuery | null;
  holdersLoading: boolean;
}

/** 'Auditoria do sorteio': the selected event's games and the audit of the chosen one. */
export interface LotteryAuditState {
  games: LotteryGameSummaryDto[];
  gamesLoading: boolean;
  /** The game whose audit is shown or on its way (null: none chosen). */
  chosenId: number | null;
  audit: LotteryAuditDto | null;
  auditLoading: boolean;
  /** The chosen game's draws by position. */
  draws: Record<number, DrawAudit>;
}

const initialState: LotteryAuditState = {
  games: [],
  gamesLoading: false,
  chosenId: null,
  audit: null,
  auditLoading: false,
  draws: {},
};

interface DrawRef {
  gameId: number;
  position: number;
}

const emptyDraw = (): DrawAudit => ({
  checks: null,
  checksLoading: false,
  holders: null,
  holdersQuery: null,
  holdersLoading: false,
});

const sameQuery = (a: HoldersQuery | null, b: HoldersQuery) =>
  a !== null && a.start === b.start && a.length === b.length && a.dir === b.dir;

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
        state.draws = {};
      }
    },
    lotteryGamesFailed: failedCase<LotteryAuditState>((state) => {
      state.gamesLoading = false;
    }),
    lotteryAuditRequested(state, action: PayloadAction<number>) {
      state.chosenId = action.payload;
      state.audit = null;
      state.auditLoading = true;
      state.draws = {};
    },
    lotteryAuditLoaded(state, action: PayloadAction<LotteryAuditDto>) {
      if (action.payload.game.id !== state.chosenId) return;
      state.audit = action.payload;
      state.auditLoading = false;
      state.draws = Object.fromEntries(action.payload.draws.map((d) => [d.position, emptyDraw()]));
    },
    lotteryAuditFailed: failedCase<LotteryAuditState>((state) => {
      state.auditLoading = false;
    }),
    lotteryDrawChecksRequested(state, action: PayloadAction<DrawRef>) {
      const draw = state.draws[action.payload.position];
      if (action.payload.gameId === state.chosenId && draw) draw.checksLoading = true;
    },
    lotteryDrawChecksLoaded(
      state,
      action: PayloadAction<{ gameId: number; checks: LotteryAuditDrawDto }>,
    ) {
      const draw = state.draws[action.payload.checks.position];
      if (action.payload.gameId !== state.chosenId || !draw) return;
      draw.checks = action.payload.checks;
      draw.checksLoading = false;
    },
    lotteryDrawChecksFailed: failedCase<LotteryAuditState>((state) => {
      for (const draw of Object.values(state.draws)) draw.checksLoading = false;
    }),
    lotteryHoldersRequested(state, action: PayloadAction<DrawRef & { query: HoldersQuery }>) {
      const draw = state.draws[action.payload.position];
      if (action.payload.gameId !== state.chosenId || !draw) return;
      draw.holdersQuery = action.payload.query;
      draw.holdersLoading = true;
    },
    lotteryHoldersLoaded(
      state,
      action: PayloadAction<DrawRef & { query: HoldersQuery; page: LotteryHoldersPageDto }>,
    ) {
      const draw = state.draws[action.payload.position];
      // A page answered after the table asked another one is not shown.
      if (action.payload.gameId !== state.chosenId || !draw) return;
      if (!sameQuery(draw.holdersQuery, action.payload.query)) return;
      draw.holders = action.payload.page;
      draw.holdersLoading = false;
    },
    lotteryHoldersFailed: failedCase<LotteryAuditState>((state) => {
      for (const draw of Object.values(state.draws)) draw.holdersLoading = false;
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
  lotteryDrawChecksRequested,
  lotteryDrawChecksLoaded,
  lotteryDrawChecksFailed,
  lotteryHoldersRequested,
  lotteryHoldersLoaded,
  lotteryHoldersFailed,
} = lotteryAuditSlice.actions;

export const selectLotteryAudit = (state: WithSlice<typeof lotteryAuditSlice>) =>
  state.lotteryAudit;
