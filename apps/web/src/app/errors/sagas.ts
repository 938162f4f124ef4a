import { put, select, takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { isKiosk } from '@balcao/contract';
import { GENERIC_ERROR_DESCRIPTION, SESSION_ENDED_ERROR } from '../../api/api-error';
import type { WithSlice } from '@reduxjs/toolkit';
import type { connectionSlice } from '../connection/slice';
import type { navigationSlice } from '../navigation/slice';
import type { sessionSlice } from '../session/slice';
import { errorShown } from './slice';

interface FailureLike {
  type: string;
  payload?: { description?: unknown; error_description?: unknown; error?: unknown };
  meta?: { hideError?: unknown };
}

/** Any `*Failed` action opens the dialog unless flagged hidden (`meta.hideError`, see failure()). */
export function isDialogFailure(action: Action): boolean {
  const { type, payload, meta } = action as FailureLike;
  if (!type.endsWith('Failed')) return false;
  if (meta?.hideError === true) return false;
  return payload?.error !== SESSION_ENDED_ERROR;
}

function descriptionOf(action: Action): string {
  const { payload } = action as FailureLike;
  const text = payload?.description ?? payload?.error_description;
  return typeof text === 'string' && text.trim() !== '' ? text : GENERIC_ERROR_DESCRIPTION;
}

/**
 * The accreditation desk and the kiosk work without the server (features/offline): there, a call
 * that could not reach it is no error to show; the top bar says 'Sem conexão' and they go on.
 */
const deskWorksOffline = (
  state: WithSlice<typeof connectionSlice> &
    WithSlice<typeof sessionSlice> &
    WithSlice<typeof navigationSlice>,
): boolean =>
  !state.connection.online &&
  (state.session.adminPage === 'SUBSCRIPTION' ||
    state.navigation.requestedPage === 'SUBSCRIPTION' ||
    isKiosk(state.session.user?.permissions ?? []));

function* showError(action: Action): SagaIterator {
  const { payload } = action as FailureLike & { payload?: { status?: unknown } };
  if (payload?.status === 0 && (yield select(deskWorksOffline))) return;
  yield put(errorShown(descriptionOf(action)));
}

/** The one place failures become the 'Ocorreu um erro' dialog. */
export function* errorsSaga(): SagaIterator {
  yield takeEvery(isDialogFailure, showError);
}
