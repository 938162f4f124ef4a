import { createSlice, type WithSlice } from '@reduxjs/toolkit';

/** A new build's service worker is installed and waits for a pause to take over (sagas.ts). */
export interface UpdatesState {
  ready: boolean;
}

const initialState: UpdatesState = { ready: false };

export const updatesSlice = createSlice({
  name: 'updates',
  initialState,
  reducers: {
    updateReady(state) {
      state.ready = true;
    },
  },
});

export const { updateReady } = updatesSlice.actions;

export const selectUpdateReady = (state: WithSlice<typeof updatesSlice>) => state.updates.ready;
