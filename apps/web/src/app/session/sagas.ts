import { call, fork, put, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import {
  canOpenPage,
  isKiosk,
  firstPageFor,
  TOTP_REQUIRED_ERROR,
  type AdminPage,
  type AppMode,
  type TokenResponse,
} from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { selectAppMode } from '../config/slice';
import { openPage } from '../navigation/sagas';
import { firstRunPage, loadSetupStatus } from '../setup/sagas';
import {
  loginFailed,
  loginRequested,
  loginSucceeded,
  logoutRequested,
  totpCodeRequired,
  selectSession,
  selectUser,
  sessionRestored,
  type SessionState,
  type SessionUser,
} from './slice';
import { wipeOfflineReplica } from './replica-wipe';
import { sessionEnded } from '../../store/app-actions';
import {
  isTokenExpired,
  selectToken,
  tokenRefreshFailed,
  tokenRefreshRequested,
  tokenRefreshSucceeded,
  tokenShared,
  type StoredToken,
} from '../../api/token';
import {
  acquireRefreshLock,
  newerSharedToken,
  savedSessionChanges,
  savedSessionText,
} from './shared-token';

/** The remembered page when the user may still open it, else the first page of their permissions. */
function pageAfterLogin(
  permissions: readonly string[],
  mode: AppMode,
  remembered: AdminPage | undefined,
): AdminPage | null {
  if (remembered && canOpenPage(permissions, mode, remembered)) return remembered;
  return firstPageFor(permissions, mode);
}

function* login(action: ReturnType<typeof loginRequested>): SagaIterator {
  const { username, password, totpCode } = action.payload;
  let response: TokenResponse;
  try {
    response = yield call(callApi<TokenResponse>, {
      method: 'POST',
      url: '/api/token',
      data: {
        grant_type: 'password',
        username,
        password,
        ...(totpCode === undefined ? {} : { totp_code: totpCode }),
      },
      auth: false,
    });
  } catch (thrown) {
    const error = toApiError(thrown);
    // The password was right; the login page now asks for the second factor.
    if (error.error === TOTP_REQUIRED_ERROR) yield put(totpCodeRequired());
    else yield put(loginFailed(error));
    return;
  }
  yield put(loginSucceeded(response));
  // A kiosk opens no admin page: its screen (App.tsx) loads what it needs through its own calls.
  if (isKiosk(response.permissions)) return;
  // Required and not enrolled yet: enrolment comes before anything else.
  if (response.totp_enrolment_required) {
    yield call(openPage, 'TOTP');
    return;
  }
  yield call(openFirstPage, response.permissions, response.username);
}

/** The checklist while the setup is incomplete, else the remembered or first page. */
export function* openFirstPage(permissions: readonly string[], username: string): SagaIterator {
  const session: SessionState = yield select(selectSession);
  const mode: AppMode = yield select(selectAppMode);
  const setup: AdminPage | null = yield call(firstRunPage, permissions);
  yield call(openPage, setup ?? pageAfterLogin(permissions, mode, session.lastPages[username]));
}

function* logout(): SagaIterator {
  try {
    yield call(callApi, { method: 'POST', url: '/api/token/revoke', quiet: true });
  } catch {
    // The session ends here whatever the server answered.
  }
  yield put(sessionEnded({ reason: 'logout' }));
}

/**
 * The one token refresh in flight; callApi waits for its outcome. It runs under the lock all tabs
 * renew under (shared-token.ts): a newer token another tab saved meanwhile is used, or renewed.
 */
function* refreshToken(action: ReturnType<typeof tokenRefreshRequested>): SagaIterator {
  const release: () => void = yield call(acquireRefreshLock);
  try {
    yield call(refreshTokenOnce, action);
  } finally {
    release();
  }
}

function* refreshTokenOnce(action: ReturnType<typeof tokenRefreshRequested>): SagaIterator {
  const user: SessionUser | null = yield select(selectUser);
  const ours: StoredToken | null = yield select(selectToken);
  const shared = newerSharedToken(savedSessionText(), user, ours);
  if (user && shared && !isTokenExpired(shared, Date.now())) {
    yield put(tokenRefreshSucceeded({ ...shared, username: user.username, name: user.name }));
    return;
  }
  const token = shared ?? ours;
  try {
    if (!token) throw new Error('no token');
    const response: TokenResponse = yield call(callApi<TokenResponse>, {
      method: 'POST',
      url: '/api/token',
      data: { grant_type: 'refresh_token', refresh_token: token.refresh_token },
      auth: false,
    });
    yield put(tokenRefreshSucceeded(response));
  } catch (thrown) {
    const error = toApiError(thrown);
    const { quiet } = action.payload;
    if (error.status === 0) {
      // Server out of reach: keep the session (the desk may work offline); the waiting call or
      // the startup reports the network failure.
      yield put(tokenRefreshFailed(error, { hideError: true }));
      return;
    }
    // Ended first, so that page loads racing against the end stop before the waiting calls fail.
    yield put(sessionEnded({ reason: 'expired' }));
    yield put(tokenRefreshFailed(error, { hideError: quiet }));
  }
}

/**
 * Startup revalidation (SPEC.md section 4): a stored user, token and admin page are revalidated by
 * refreshing the token, then the last page reopens; any failure clears the session and shows login.
 */
export function* restoreSession(): SagaIterator {
  const session: SessionState = yield select(selectSession);
  if (!session.restoring) return;
  const kiosk = session.user !== null && isKiosk(session.user.permissions);
  if (!session.user || !session.token || (!session.adminPage && !kiosk)) {
    yield put(sessionEnded({ reason: 'expired' }));
    return;
  }
  const remembered = session.adminPage ?? undefined;
  yield put(tokenRefreshRequested({ quiet: true }));
  const outcome: ReturnType<typeof tokenRefreshSucceeded> | ReturnType<typeof tokenRefreshFailed> =
    yield take([tokenRefreshSucceeded.type, tokenRefreshFailed.type]);
  if (!tokenRefreshSucceeded.match(outcome)) {
    if (outcome.payload.status === 0) yield call(restoreOffline, session.user);
    return;
  }
  yield put(sessionRestored());
  if (isKiosk(outcome.payload.permissions)) return;
  if (outcome.payload.totp_enrolment_required) {
    yield call(openPage, 'TOTP');
    return;
  }
  // A reload keeps its page; the checklist's menu entry still needs the status, alongside.
  if (outcome.payload.permissions.includes('System')) yield fork(loadSetupStatus);
  const mode: AppMode = yield select(selectAppMode);
  yield call(openPage, pageAfterLogin(outcome.payload.permissions, mode, remembered));
}

/**
 * The server is out of reach at start: a user of the accreditation desk goes on offline there
 * (features/offline, docs/offline-desk.md), a kiosk at its kiosk; anyone else waits at the login
 * for the server.
 */
function* restoreOffline(user: SessionUser): SagaIterator {
  // A kiosk goes on offline at its own screen (App.tsx), from its replica (docs/kiosk-api.md).
  if (isKiosk(user.permissions)) {
    yield put(sessionRestored());
    return;
  }
  const mode: AppMode = yield select(selectAppMode);
  if (!canOpenPage(user.permissions, mode, OFFLINE_PAGE)) {
    yield put(sessionEnded({ reason: 'expired' }));
    return;
  }
  yield put(sessionRestored());
  yield call(openPage, OFFLINE_PAGE);
}

/** The one page that works without the server. */
const OFFLINE_PAGE: AdminPage = 'SUBSCRIPTION';

/** A newer token another tab saved replaces this tab's (shared-token.ts). */
function* adoptSharedTokens(): SagaIterator {
  const changes: ReturnType<typeof savedSessionChanges> = yield call(savedSessionChanges);
  try {
    for (;;) {
      const { text }: { text: string | null } = yield take(changes);
      const user: SessionUser | null = yield select(selectUser);
      const ours: StoredToken | null = yield select(selectToken);
      const shared = newerSharedToken(text, user, ours);
      if (shared) yield put(tokenShared(shared));
    }
  } finally {
    changes.close();
  }
}

export function* sessionSaga(): SagaIterator {
  yield fork(adoptSharedTokens);
  // The offline desk's replica leaves the browser with the session (app/session/replica-wipe.ts).
  yield takeEvery(sessionEnded.type, wipeOfflineReplica);
  yield takeLeading(loginRequested.type, login);
  yield takeLeading(logoutRequested.type, logout);
  yield takeLeading(tokenRefreshRequested.type, refreshToken);
}
