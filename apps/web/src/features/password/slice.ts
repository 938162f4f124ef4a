import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PasswordUpdateRequest } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

export interface PasswordState {
  saving: boolean;
  /** True after a successful change, until the next one is asked. */
  saved: boolean;
  /** Successful changes on this page: each gives a new, empty form. */
  saves: number;
}

const initialState: PasswordState = { saving: false, saved: false, saves: 0 };

export const passwordSlice = createSlice({
  name: 'password',
  initialState,
  reducers: {
    passwordUpdateRequested(state, _action: PayloadAction<PasswordUpdateRequest>) {
      state.saving = true;
      state.saved = false;
    },
    passwordUpdateSucceeded(state) {
      state.saving = false;
      state.saved = true;
      state.saves += 1;
    },
    passwordUpdateFailed: failedCase<PasswordState>((state) => {
      state.saving = false;
    }),
  },
});

export const { passwordUpdateRequested, passwordUpdateSucceeded, passwordUpdateFailed } =
  passwordSlice.actions;

export const selectPasswordState = (state: WithSlice<typeof passwordSlice>) => state.password;
