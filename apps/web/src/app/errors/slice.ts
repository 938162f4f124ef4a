import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

export interface ErrorsState {
  /** The error_description the 'Ocorreu um erro' dialog shows; null when closed. */
  description: string | null;
}

const initialState: ErrorsState = { description: null };

export const errorsSlice = createSlice({
  name: 'errors',
  initialState,
  reducers: {
    errorShown(state, action: PayloadAction<string>) {
      state.description = action.payload;
    },
    errorDismissed(state) {
      state.description = null;
    },
  },
});

export const { errorShown, errorDismissed } = errorsSlice.actions;

export const selectErrorDescription = (state: WithSlice<typeof errorsSlice>) =>
  state.errors.description;
