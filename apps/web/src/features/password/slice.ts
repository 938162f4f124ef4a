import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PasswordUpdateRequest } from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import type { RootState } from '../../app/store';

export type PasswordField = keyof PasswordUpdateRequest;

export interface PasswordState {
  form: PasswordUpdateRequest;
  saving: boolean;
  /** True after a successful change, until the form is edited again. */
  saved: boolean;
}

const emptyForm: PasswordUpdateRequest = {
  currentPassword: '',
  newPassword: '',
  newPasswordConfirmation: '',
};

const initialState: PasswordState = { form: emptyForm, saving: false, saved: false };

export const passwordSlice = createSlice({
  name: 'password',
  initialState,
  reducers: {
    passwordFieldChanged(state, action: PayloadAction<{ field: PasswordField; value: string }>) {
      state.form[action.payload.field] = action.payload.value;
      state.saved = false;
    },
    passwordUpdateRequested(state, _action: PayloadAction<PasswordUpdateRequest>) {
      state.saving = true;
      state.saved = false;
    },
    passwordUpdateSucceeded(state) {
      state.form = emptyForm;
      state.saving = false;
      state.saved = true;
    },
    passwordUpdateFailed: failedCase<PasswordState>((state) => {
      state.saving = false;
    }),
  },
});

export const {
  passwordFieldChanged,
  passwordUpdateRequested,
  passwordUpdateSucceeded,
  passwordUpdateFailed,
} = passwordSlice.actions;

export const selectPasswordState = (state: RootState) => state.password;

/** SPEC.md section 5: current and new non-empty, and the confirmation equal to the new one. */
export function canSavePassword(form: PasswordUpdateRequest): boolean {
  return (
    form.currentPassword !== '' &&
    form.newPassword !== '' &&
    form.newPasswordConfirmation === form.newPassword
  );
}

export function confirmationMismatch(form: PasswordUpdateRequest): boolean {
  return form.newPasswordConfirmation !== '' && form.newPasswordConfirmation !== form.newPassword;
}
