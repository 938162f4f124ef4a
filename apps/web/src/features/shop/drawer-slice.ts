import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Cents, DrawerSessionDto } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

export interface DrawerState {
  /** The signed-in cashier's open drawer (GET /api/caixa/atual). */
  open: DrawerSessionDto | null;
  /** The drawer just closed: expected, counted and difference per method. */
  closed: DrawerSessionDto | null;
  busy: boolean;
  /** 'Sessões de caixa' (Report): the drawers of one event (GET /api/caixa/sessoes). */
  report: { eventId: number | null; sessions: DrawerSessionDto[]; loading: boolean };
}

const initialState: DrawerState = {
  open: null,
  closed: null,
  busy: false,
  report: { eventId: null, sessions: [], loading: false },
};

export const drawerSlice = createSlice({
  name: 'drawer',
  initialState,
  reducers: {
    drawerLoaded(state, action: PayloadAction<DrawerSessionDto | null>) {
      state.open = action.payload;
    },
    drawerFailed: failedCase<DrawerState>((state) => {
      state.busy = false;
    }),
    drawerOpenRequested(state, _action: PayloadAction<{ float: Cents }>) {
      state.busy = true;
    },
    drawerOpened(state, action: PayloadAction<DrawerSessionDto>) {
      state.busy = false;
      state.open = action.payload;
      state.closed = null;
    },
    /** What was counted per payment method id; methods left out count 0. */
    drawerCloseRequested(state, _action: PayloadAction<{ counted: Record<number, Cents> }>) {
      state.busy = true;
    },
    drawerClosed(state, action: PayloadAction<DrawerSessionDto>) {
      state.busy = false;
      state.open = null;
      state.closed = action.payload;
    },
    drawerSessionsRequested(state, action: PayloadAction<number>) {
      state.report = { eventId: action.payload, sessions: [], loading: true };
    },
    drawerSessionsLoaded(
      state,
      action: PayloadAction<{ eventId: number; sessions: DrawerSessionDto[] }>,
    ) {
      if (state.report.eventId === action.payload.eventId)
        state.report = { ...action.payload, loading: false };
    },
    drawerSessionsFailed: failedCase<DrawerState>((state) => {
      state.report.loading = false;
    }),
  },
});

export const {
  drawerLoaded,
  drawerFailed,
  drawerOpenRequested,
  drawerOpened,
  drawerCloseRequested,
  drawerClosed,
  drawerSessionsRequested,
  drawerSessionsLoaded,
  drawerSessionsFailed,
} = drawerSlice.actions;

export const selectDrawer = (state: WithSlice<typeof drawerSlice>) => state.drawer;
