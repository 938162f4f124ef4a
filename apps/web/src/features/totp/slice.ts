import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { LoginLock, SecuritySettings, TotpEnrolment, TotpStatus } from '@balcao/contract';
import { failedCase } from '../../api/api-error';

/**
 * 'Autenticação em dois fatores': the user's own TOTP, and System's requirement setting; and, for
 * the 'Usuários' toolbar, the accounts' sign-in security: TOTP resets and the login limits' locks.
 */
export interface TotpState {
  status: TotpStatus | null;
  /** The secret being enrolled, until a code from it is confirmed. */
  enrolment: TotpEnrolment | null;
  code: string;
  /** Shown once, right after the confirmation. */
  recoveryCodes: string[] | null;
  settings: SecuritySettings | null;
  busy: boolean;
  /** The login was sent here to enrol: 'Continuar' after the recovery codes opens the app. */
  continueToApp: boolean;
  /** 'Usuários': the user whose TOTP an administrator just reset (shown as done). */
  resetDone: string | null;
  /** 'Usuários': the accounts the login limits hold now (GET /api/users/login-locks). */
  loginLocks: LoginLock[];
  /** 'Usuários': the user whose lock an administrator just cleared (shown as done). */
  unlockDone: string | null;
}

const initialState: TotpState = {
  status: null,
  enrolment: null,
  code: '',
  recoveryCodes: null,
  settings: null,
  busy: false,
  continueToApp: false,
  resetDone: null,
  loginLocks: [],
  unlockDone: null,
};

export const totpSlice = createSlice({
  name: 'totp',
  initialState,
  reducers: {
    totpPageLoaded(
      state,
      action: PayloadAction<{ status: TotpStatus; settings: SecuritySettings | null }>,
    ) {
      Object.assign(state, { ...initialState, ...action.payload });
    },
    totpEnrolRequested(state) {
      state.busy = true;
    },
    totpEnrolStarted(state, action: PayloadAction<TotpEnrolment>) {
      state.busy = false;
      state.enrolment = action.payload;
      state.code = '';
    },
    totpCodeChanged(state, action: PayloadAction<string>) {
      state.code = action.payload;
    },
    totpConfirmRequested(state) {
      state.busy = true;
    },
    totpConfirmed(
      state,
      action: PayloadAction<{
        recoveryCodes: string[];
        status: TotpStatus;
        continueToApp: boolean;
      }>,
    ) {
      state.busy = false;
      state.continueToApp = action.payload.continueToApp;
      state.enrolment = null;
      state.code = '';
      state.recoveryCodes = action.payload.recoveryCodes;
      state.status = action.payload.status;
    },
    /** 'Continuar' after the recovery codes were noted. */
    recoveryCodesDismissed(state) {
      state.recoveryCodes = null; // continueToApp stays for the saga that reads it after this
    },
    totpDisableRequested(state) {
      state.busy = true;
    },
    totpDisabled(state, action: PayloadAction<TotpStatus>) {
      state.busy = false;
      state.code = '';
      state.status = action.payload;
    },
    securitySettingsSaveRequested(state, _action: PayloadAction<SecuritySettings>) {
      state.busy = true;
    },
    securitySettingsSaved(state, action: PayloadAction<SecuritySettings>) {
      state.busy = false;
      state.settings = action.payload;
    },
    userTotpResetRequested(state, _action: PayloadAction<{ id: number; username: string }>) {
      state.busy = true;
      state.resetDone = null;
    },
    userTotpReset(state, action: PayloadAction<string>) {
      state.busy = false;
      state.resetDone = action.payload;
    },
    loginLocksRequested() {},
    loginLocksLoaded(state, action: PayloadAction<LoginLock[]>) {
      state.loginLocks = action.payload;
    },
    loginLockClearRequested(state, _action: PayloadAction<LoginLock>) {
      state.busy = true;
      state.unlockDone = null;
    },
    loginLockCleared(state, action: PayloadAction<LoginLock>) {
      state.busy = false;
      state.unlockDone = action.payload.username;
      state.loginLocks = state.loginLocks.filter((lock) => lock.userId !== action.payload.userId);
    },
    totpFailed: failedCase<TotpState>((state) => {
      state.busy = false;
      state.code = '';
    }),
  },
});

export const {
  totpPageLoaded,
  totpEnrolRequested,
  totpEnrolStarted,
  totpCodeChanged,
  totpConfirmRequested,
  totpConfirmed,
  recoveryCodesDismissed,
  totpDisableRequested,
  totpDisabled,
  securitySettingsSaveRequested,
  securitySettingsSaved,
  userTotpResetRequested,
  userTotpReset,
  loginLocksRequested,
  loginLocksLoaded,
  loginLockClearRequested,
  loginLockCleared,
  totpFailed,
} = totpSlice.actions;

export const selectTotp = (state: WithSlice<typeof totpSlice>): TotpState => state.totp;
