import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SetupStatus } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

export interface SetupState {
  /** The first-run checklist as last loaded; null until a System user loads it. */
  status: SetupStatus | null;
}

const initialState: SetupState = { status: null };

export const setupSlice = createSlice({
  name: 'setup',
  initialState,
  reducers: {
    setupStatusLoaded(state, action: PayloadAction<SetupStatus>) {
      state.status = action.payload;
    },
    setupStatusFailed: failedCase(),
  },
});

export const { setupStatusLoaded, setupStatusFailed } = setupSlice.actions;

export const selectSetupStatus = (state: WithSlice<typeof setupSlice>) => state.setup.status;
/** True while the checklist has required steps left (it then opens first and sits atop the menu). */
export const selectSetupPending = (state: WithSlice<typeof setupSlice>) =>
  state.setup.status !== null && !state.setup.status.complete;
