import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toReais, type DrawerSessionDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { handlePrintOutcome } from '../../app/printing/sagas';
import {
  drawerCloseRequested,
  drawerClosed,
  drawerFailed,
  drawerLoaded,
  drawerOpened,
  drawerOpenRequested,
  drawerSessionsFailed,
  drawerSessionsLoaded,
  drawerSessionsRequested,
} from './drawer-slice';

/** GET /api/caixa/atual: a loader of the cashier screens. */
export const loadDrawer = failingTo(drawerFailed, function* (): SagaIterator {
  const body: { sessao: DrawerSessionDto | null } = yield call(
    callApi<{ sessao: DrawerSessionDto | null }>,
    { url: '/api/caixa/atual' },
  );
  yield put(drawerLoaded(body.sessao));
});

const openDrawer = failingTo(
  drawerFailed,
  function* (action: ReturnType<typeof drawerOpenRequested>): SagaIterator {
    const session: DrawerSessionDto = yield call(callApi<DrawerSessionDto>, {
      method: 'POST',
      url: '/api/caixa/abrir',
      data: { troco: toReais(action.payload.float) },
    });
    yield put(drawerOpened(session));
  },
);

/** POST /api/caixa/fechar; the closing receipt prints (or opens) like the order receipts. */
function* closeDrawer(action: ReturnType<typeof drawerCloseRequested>): SagaIterator {
  const contado = Object.entries(action.payload.counted).map(([id, amountCents]) => ({
    id_forma_pagamento: Number(id),
    valor: toReais(amountCents),
  }));
  try {
    const session: DrawerSessionDto = yield call(callApi<DrawerSessionDto>, {
      method: 'POST',
      url: '/api/caixa/fechar',
      data: { contado },
    });
    yield put(drawerClosed(session));
    if (session.impressao) yield call(handlePrintOutcome, session.impressao);
  } catch (thrown) {
    yield put(drawerFailed(toApiError(thrown)));
  }
}

/** GET /api/caixa/sessoes?eventId=: 'Sessões de caixa'. */
function* loadDrawerSessions(action: ReturnType<typeof drawerSessionsRequested>): SagaIterator {
  const eventId = action.payload;
  try {
    const sessions: DrawerSessionDto[] = yield call(callApi<DrawerSessionDto[]>, {
      url: '/api/caixa/sessoes',
      params: { eventId },
    });
    yield put(drawerSessionsLoaded({ eventId, sessions }));
  } catch (thrown) {
    yield put(drawerSessionsFailed(toApiError(thrown)));
  }
}

export function* drawerSaga(): SagaIterator {
  yield takeLatest(drawerSessionsRequested.type, loadDrawerSessions);
  yield takeLeading(drawerOpenRequested.type, openDrawer);
  yield takeLeading(drawerCloseRequested.type, closeDrawer);
}
