import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  LOTTERY_PRIZES_MAX,
  LOTTERY_PRIZES_MIN,
  type LotteryDrawDto,
  type LotteryGameDto,
  type LotteryProductDto,
  type LotteryProductsDto,
} from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import { lotteryClosed } from '../../app/session/slice';

export interface LotteryState {
  /** The selected event (0: none) and its products with what was sold (GET /api/sorteio/produtos). */
  eventId: number;
  products: LotteryProductDto[];
  accredited: number;
  /** SPEC.md section 3: selectedItemsIds and prizesCount. */
  selectedIds: number[];
  prizesCount: number;
  configuring: boolean;
  /** The game on the projector, as the server last answered it (winners included). */
  game: LotteryGameDto | null;
  /** How many of the game's winners the screen has revealed (the carousel landed on them). */
  revealed: number;
  /** A draw request is on its way. */
  drawing: boolean;
}

const initialState: LotteryState = {
  eventId: 0,
  products: [],
  accredited: 0,
  selectedIds: [],
  prizesCount: 1,
  configuring: false,
  game: null,
  revealed: 0,
  drawing: false,
};

const clampPrizes = (count: number) =>
  Math.min(LOTTERY_PRIZES_MAX, Math.max(LOTTERY_PRIZES_MIN, Math.trunc(count) || 1));

export const lotterySlice = createSlice({
  name: 'lottery',
  initialState,
  reducers: {
    lotteryProductsRequested() {},
    lotteryProductsLoaded(state, action: PayloadAction<LotteryProductsDto>) {
      state.eventId = action.payload.eventId;
      state.products = action.payload.products;
      state.accredited = action.payload.accredited;
      const sold = new Set(action.payload.products.filter((p) => p.sold > 0).map((p) => p.id));
      state.selectedIds = state.selectedIds.filter((id) => sold.has(id));
    },
    lotteryProductsFailed: failedCase(),
    lotteryProductAdded(state, action: PayloadAction<number>) {
      if (!state.selectedIds.includes(action.payload)) state.selectedIds.push(action.payload);
    },
    lotteryProductRemoved(state, action: PayloadAction<number>) {
      state.selectedIds = state.selectedIds.filter((id) => id !== action.payload);
    },
    prizesCountChanged(state, action: PayloadAction<number>) {
      state.prizesCount = clampPrizes(action.payload);
    },
    lotteryConfigureRequested(state) {
      state.configuring = true;
    },
    lotteryConfigured(state, action: PayloadAction<LotteryGameDto>) {
      state.configuring = false;
      state.game = action.payload;
      state.revealed = action.payload.winners.length;
    },
    lotteryConfigureFailed: failedCase<LotteryState>((state) => {
      state.configuring = false;
    }),
    drawRequested(state) {
      state.drawing = true;
    },
    /** The server's winner: recorded, but shown only when the carousel lands (winnerRevealed). */
    drawSucceeded(state, action: PayloadAction<LotteryDrawDto>) {
      state.drawing = false;
      state.game = action.payload.game;
    },
    drawFailed: failedCase<LotteryState>((state) => {
      state.drawing = false;
    }),
    winnerRevealed(state) {
      state.revealed = state.game?.winners.length ?? 0;
    },
  },
  extraReducers: (builder) => {
    // SPEC.md section 4: closing the lottery resets the selection, the prize count and the winners.
    builder.addCase(lotteryClosed, (state) => ({
      ...initialState,
      eventId: state.eventId,
      products: state.products,
      accredited: state.accredited,
    }));
  },
});

export const {
  lotteryProductsRequested,
  lotteryProductsLoaded,
  lotteryProductsFailed,
  lotteryProductAdded,
  lotteryProductRemoved,
  prizesCountChanged,
  lotteryConfigureRequested,
  lotteryConfigured,
  lotteryConfigureFailed,
  drawRequested,
  drawSucceeded,
  drawFailed,
  winnerRevealed,
} = lotterySlice.actions;

export const selectLottery = (state: WithSlice<typeof lotterySlice>) => state.lottery;
