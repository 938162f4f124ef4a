import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AdminPage, LandPage, TokenResponse } from '@balcao/contract';
import { failedCase } from '../../api/api-error';
import {
  tokenRefreshFailed,
  tokenRefreshRequested,
  tokenRefreshSucceeded,
  tokenShared,
  type StoredToken,
} from '../../api/token';
import { sessionEnded } from '../../store/app-actions';

/** SPEC.md section 3's signed-in user. */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  permissions: string[];
  centerName: string | null;
}

export interface SessionState {
  user: SessionUser | null;
  token: StoredToken | null;
  landPage: LandPage;
  /** The open admin page; null is the blank 'Nenhuma permissão' page. */
  adminPage: AdminPage | null;
  cameraId: string | null;
  /** The last page each username opened in this browser ('Login remembers the last menu'). */
  lastPages: Record<string, AdminPage>;
  /** A stored session is being revalidated at start. */
  restoring: boolean;
  loginPending: boolean;
  /** The password was right and the server asks for the TOTP code (or a recovery code). */
  totpStep: boolean;
  refreshing: boolean;
}

export const initialSessionState: SessionState = {
  user: null,
  token: null,
  landPage: 'LOGIN',
  adminPage: null,
  cameraId: null,
  lastPages: {},
  restoring: false,
  loginPending: false,
  totpStep: false,
  refreshing: false,
};

export interface LoginCredentials {
  username: string;
  password: string;
  /** The second step: the authenticator's code or a recovery code. */
  totpCode?: string;
}

/** A POST /api/token answer as the session keeps it: the token and the signed-in user. */
export function sessionFromToken(response: TokenResponse): {
  token: StoredToken;
  user: SessionUser;
} {
  const { username, name, ...token } = response;
  return {
    token,
    user: {
      id: response.user_id,
      username,
      name,
      permissions: [...response.permissions],
      centerName: response.center?.name ?? null,
    },
  };
}

function applyToken(state: SessionState, response: TokenResponse) {
  const { token, user } = sessionFromToken(response);
  state.token = token;
  state.user = user;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loginRequested(state, _action: PayloadAction<LoginCredentials>) {
      state.loginPending = true;
    },
    loginSucceeded(state, action: PayloadAction<TokenResponse>) {
      applyToken(state, action.payload);
      state.loginPending = false;
      state.totpStep = false;
      state.landPage = 'ADMIN';
      state.adminPage = null;
    },
    loginFailed: failedCase<SessionState>((state) => {
      state.loginPending = false;
    }),
    /** POST /api/token answered 'totp_required': the login page asks for the code. */
    totpCodeRequired(state) {
      state.loginPending = false;
      state.totpStep = true;
    },
    /** 'Voltar' from the code step to the password. */
    totpStepCancelled(state) {
      state.totpStep = false;
    },
    /** The enrolment this login was limited to is confirmed: the login reaches everything now. */
    totpEnrolmentCompleted(state) {
      if (state.token) state.token.totp_enrolment_required = false;
    },
    logoutRequested() {},
    sessionRestored(state) {
      state.restoring = false;
      state.landPage = 'ADMIN';
    },
    /** The page finished loading and shows (null: the blank page). */
    pageOpened(state, action: PayloadAction<AdminPage | null>) {
      state.adminPage = action.payload;
      if (action.payload && state.user) state.lastPages[state.user.username] = action.payload;
    },
    cameraSelected(state, action: PayloadAction<string | null>) {
      state.cameraId = action.payload;
    },
    lotteryOpened(state) {
      state.landPage = 'LOTTERY';
    },
    lotteryClosed(state) {
      state.landPage = 'ADMIN';
    },
  },
  extraReducers: (builder) => {
    builder
      // The API client refreshes the token (api/token.ts); the session keeps it.
      .addCase(tokenRefreshRequested, (state) => {
        state.refreshing = true;
      })
      .addCase(tokenRefreshSucceeded, (state, action) => {
        applyToken(state, action.payload);
        state.refreshing = false;
      })
      .addCase(tokenRefreshFailed, (state) => {
        state.refreshing = false;
      })
      .addCase(tokenShared, (state, action) => {
        state.token = action.payload;
      })
      // Logout or a failed token refresh: token and pages go, login shows, entity stores reset.
      .addCase(sessionEnded, (state) => {
        state.user = null;
        state.token = null;
        state.landPage = 'LOGIN';
        state.adminPage = null;
        state.restoring = false;
        state.loginPending = false;
        state.totpStep = false;
        state.refreshing = false;
      });
  },
});

export const {
  loginRequested,
  loginSucceeded,
  loginFailed,
  totpCodeRequired,
  totpStepCancelled,
  totpEnrolmentCompleted,
  logoutRequested,
  sessionRestored,
  pageOpened,
  cameraSelected,
  lotteryOpened,
  lotteryClosed,
} = sessionSlice.actions;

export const selectSession = (state: WithSlice<typeof sessionSlice>) => state.session;
export const selectUser = (state: WithSlice<typeof sessionSlice>) => state.session.user;
export const selectLandPage = (state: WithSlice<typeof sessionSlice>) => state.session.landPage;
export const selectAdminPage = (state: WithSlice<typeof sessionSlice>) => state.session.adminPage;
export const selectCameraId = (state: WithSlice<typeof sessionSlice>) => state.session.cameraId;
export const selectLoginPending = (state: WithSlice<typeof sessionSlice>) =>
  state.session.loginPending;
export const selectRestoring = (state: WithSlice<typeof sessionSlice>) => state.session.restoring;
const NO_PERMISSIONS: string[] = [];
export const selectPermissions = (state: WithSlice<typeof sessionSlice>) =>
  state.session.user?.permissions ?? NO_PERMISSIONS;

/** The login may only enrol TOTP (required of System users): no menu, no other page. */
export const selectTotpEnrolmentOnly = (state: WithSlice<typeof sessionSlice>): boolean =>
  state.session.token?.totp_enrolment_required === true;
export const selectTotpStep = (state: WithSlice<typeof sessionSlice>): boolean =>
  state.session.totpStep;
