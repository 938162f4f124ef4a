import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type {
  LoginLock,
  SecuritySettings,
  TotpConfirmation,
  TotpEnrolment,
  TotpStatus,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { openFirstPage } from '../../app/session/sagas';
import {
  selectPermissions,
  selectTotpEnrolmentOnly,
  selectUser,
  totpEnrolmentCompleted,
  type SessionUser,
} from '../../app/session/slice';
import {
  loginLockClearRequested,
  loginLockCleared,
  loginLocksLoaded,
  loginLocksRequested,
  recoveryCodesDismissed,
  securitySettingsSaveRequested,
  securitySettingsSaved,
  selectTotp,
  totpConfirmRequested,
  totpConfirmed,
  totpDisableRequested,
  totpDisabled,
  totpEnrolRequested,
  totpEnrolStarted,
  totpFailed,
  totpPageLoaded,
  userTotpReset,
  userTotpResetRequested,
  type TotpState,
} from './slice';

const fetchStatus = () => callApi<TotpStatus>({ url: '/api/account/totp' });

/** The page's load: the user's status, and the setting for System users (docs/api-foundation.md). */
export const loadTotpPage = failingTo(totpFailed, function* (): SagaIterator {
  const status: TotpStatus = yield call(fetchStatus);
  const permissions: string[] = yield select(selectPermissions);
  const enrolmentOnly: boolean = yield select(selectTotpEnrolmentOnly);
  const settings: SecuritySettings | null =
    permissions.includes('System') && !enrolmentOnly
      ? yield call(callApi<SecuritySettings>, { url: '/api/security/settings' })
      : null;
  yield put(totpPageLoaded({ status, settings }));
});

const enrol = failingTo(totpFailed, function* (): SagaIterator {
  const enrolment: TotpEnrolment = yield call(callApi<TotpEnrolment>, {
    method: 'POST',
    url: '/api/account/totp/enrol',
  });
  yield put(totpEnrolStarted(enrolment));
});

const confirm = failingTo(totpFailed, function* (): SagaIterator {
  const { code }: TotpState = yield select(selectTotp);
  const continueToApp: boolean = yield select(selectTotpEnrolmentOnly);
  const { recoveryCodes }: TotpConfirmation = yield call(callApi<TotpConfirmation>, {
    method: 'POST',
    url: '/api/account/totp/confirm',
    data: { code: code.trim() },
  });
  yield put(totpEnrolmentCompleted());
  const status: TotpStatus = yield call(fetchStatus);
  yield put(totpConfirmed({ recoveryCodes, status, continueToApp }));
});

const disable = failingTo(totpFailed, function* (): SagaIterator {
  const { code }: TotpState = yield select(selectTotp);
  yield call(callApi, {
    method: 'POST',
    url: '/api/account/totp/disable',
    data: { code: code.trim() },
  });
  const status: TotpStatus = yield call(fetchStatus);
  yield put(totpDisabled(status));
});

/** 'Redefinir autenticação em dois fatores' (System, 'Usuários'): another user's TOTP off. */
const resetUserTotp = failingTo(
  totpFailed,
  function* (action: ReturnType<typeof userTotpResetRequested>): SagaIterator {
    yield call(callApi, { method: 'POST', url: `/api/users/${action.payload.id}/totp/reset` });
    yield put(userTotpReset(action.payload.username));
  },
);

/** GET /api/users/login-locks (System, 'Usuários'): the users a login limit holds now. */
const loadLoginLocks = failingTo(totpFailed, function* (): SagaIterator {
  const { data }: { data: LoginLock[] } = yield call(callApi<{ data: LoginLock[] }>, {
    url: '/api/users/login-locks',
  });
  yield put(loginLocksLoaded(data));
});

/** 'Desbloquear acesso': DELETE /api/users/{id}/login-lock, then the list again. */
const clearLoginLock = failingTo(
  totpFailed,
  function* (action: ReturnType<typeof loginLockClearRequested>): SagaIterator {
    yield call(callApi, {
      method: 'DELETE',
      url: `/api/users/${action.payload.userId}/login-lock`,
    });
    yield put(loginLockCleared(action.payload));
    yield call(loadLoginLocks);
  },
);

const saveSettings = failingTo(
  totpFailed,
  function* (action: ReturnType<typeof securitySettingsSaveRequested>): SagaIterator {
    const settings: SecuritySettings = yield call(callApi<SecuritySettings>, {
      method: 'PUT',
      url: '/api/security/settings',
      data: action.payload,
    });
    yield put(securitySettingsSaved(settings));
    yield call(loadTotpPage); // 'required' may have changed for the user too
  },
);

/** 'Continuar' after the codes: a login sent here to enrol now opens the app. */
function* continueAfterCodes(): SagaIterator {
  const { continueToApp }: TotpState = yield select(selectTotp);
  const user: SessionUser | null = yield select(selectUser);
  if (continueToApp && user) yield call(openFirstPage, user.permissions, user.username);
}

export function* totpSaga(): SagaIterator {
  yield takeLeading(totpEnrolRequested.type, enrol);
  yield takeLeading(totpConfirmRequested.type, confirm);
  yield takeLeading(totpDisableRequested.type, disable);
  yield takeLeading(securitySettingsSaveRequested.type, saveSettings);
  yield takeLeading(recoveryCodesDismissed.type, continueAfterCodes);
  yield takeLeading(userTotpResetRequested.type, resetUserTotp);
  yield takeLatest(loginLocksRequested.type, loadLoginLocks);
  yield takeLeading(loginLockClearRequested.type, clearLoginLock);
}
