import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { KioskReprintPolicy, KioskRow } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/** 'Quiosques' (issue #43): every kiosk at a glance, refreshed while the page is shown. */
export interface KiosksState {
  rows: KioskRow[];
  loaded: boolean;
  /** The selected event's reprint policy; null until read. */
  policy: KioskReprintPolicy | null;
  /** What the last action did, for the notice ('Quiosque pausado.'). */
  notice: string | null;
  /** An action on its way (the buttons wait). */
  busy: boolean;
}

const initialState: KiosksState = {
  rows: [],
  loaded: false,
  policy: null,
  notice: null,
  busy: false,
};

export const kiosksSlice = createSlice({
  name: 'kiosks',
  initialState,
  reducers: {
    kiosksWatchStarted(_state, _action: PayloadAction<{ eventId: number | null }>) {},
    kiosksWatchStopped() {},
    kiosksLoaded(state, action: PayloadAction<KioskRow[]>) {
      state.rows = action.payload;
      state.loaded = true;
    },
    /** A refresh that failed keeps the last rows; the next round asks again. */
    kiosksFailed: failedCase<KiosksState>(() => {}, { hideError: true }),
    policyLoaded(state, action: PayloadAction<KioskReprintPolicy>) {
      state.policy = action.payload;
    },
    kioskPauseRequested(state, _action: PayloadAction<{ userId: number; paused: boolean }>) {
      state.busy = true;
    },
    kioskReprintRequested(state, _action: PayloadAction<number>) {
      state.busy = true;
    },
    kioskHelpCleared(state, _action: PayloadAction<number>) {
      state.busy = true;
    },
    kioskPinRequested(state, _action: PayloadAction<{ userId: number; pin: string }>) {
      state.busy = true;
    },
    policyRequested(
      state,
      _action: PayloadAction<{ eventId: number; reprint: KioskReprintPolicy }>,
    ) {
      state.busy = true;
    },
    kioskActionDone(state, action: PayloadAction<string>) {
      state.busy = false;
      state.notice = action.payload;
    },
    kioskActionFailed: failedCase<KiosksState>((state) => {
      state.busy = false;
    }),
    kioskNoticeClosed(state) {
      state.notice = null;
    },
  },
});

export const {
  kiosksWatchStarted,
  kiosksWatchStopped,
  kiosksLoaded,
  kiosksFailed,
  policyLoaded,
  kioskPauseRequested,
  kioskReprintRequested,
  kioskHelpCleared,
  kioskPinRequested,
  policyRequested,
  kioskActionDone,
  kioskActionFailed,
  kioskNoticeClosed,
} = kiosksSlice.actions;

export const selectKiosks = (state: WithSlice<typeof kiosksSlice>) => state.kiosks;
