import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type {
  LotteryAuditDrawDto,
  LotteryAuditDto,
  LotteryHoldersPageDto,
  LotteryDrawDto,
  LotteryGameDto,
  LotteryGameSummaryDto,
  LotteryProductsDto,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { lotteryOpened } from '../../app/session/slice';
import {
  drawFailed,
  drawRequested,
  drawSucceeded,
  lotteryConfigureFailed,
  lotteryConfigureRequested,
  lotteryConfigured,
  lotteryProductsFailed,
  lotteryProductsLoaded,
  lotteryProductsRequested,
  selectLottery,
  type LotteryState,
} from './slice';
import {
  lotteryAuditFailed,
  lotteryAuditLoaded,
  lotteryAuditRequested,
  lotteryDrawChecksFailed,
  lotteryDrawChecksLoaded,
  lotteryDrawChecksRequested,
  lotteryGamesFailed,
  lotteryGamesLoaded,
  lotteryGamesRequested,
  lotteryHoldersFailed,
  lotteryHoldersLoaded,
  lotteryHoldersRequested,
} from './audit-slice';

/** GET /api/sorteio/produtos: the 'Configurar sorteio' page's loader. */
export const loadLotteryProducts = failingTo(lotteryProductsFailed, function* (): SagaIterator {
  const products: LotteryProductsDto = yield call(callApi<LotteryProductsDto>, {
    url: '/api/sorteio/produtos',
  });
  yield put(lotteryProductsLoaded(products));
});

/** 'Configurar': POST /api/sorteio/{event}/novo, then the LOTTERY land page. */
const configure = failingTo(lotteryConfigureFailed, function* (): SagaIterator {
  const { eventId, selectedIds, prizesCount }: LotteryState = yield select(selectLottery);
  const game: LotteryGameDto = yield call(callApi<LotteryGameDto>, {
    method: 'POST',
    url: `/api/sorteio/${eventId}/novo`,
    data: { products: selectedIds, prizesCount },
  });
  yield put(lotteryConfigured(game));
  yield put(lotteryOpened());
});

/** 'Sortear': the server draws and records; the screen sends the winners it shows. */
function* draw(): SagaIterator {
  const { game }: LotteryState = yield select(selectLottery);
  if (!game) return;
  try {
    const result: LotteryDrawDto = yield call(callApi<LotteryDrawDto>, {
      method: 'POST',
      url: `/api/sorteio/atualizar/${game.id}`,
      data: {
        winners: game.winners.map((winner) => winner.participantId),
        criteria: game.criteria,
      },
    });
    yield put(drawSucceeded(result));
  } catch (thrown) {
    yield put(drawFailed(toApiError(thrown)));
    yield call(reloadGame, game.id);
  }
}

/** After a refused draw (another screen drew first), the screen catches up with the record. */
function* reloadGame(id: number): SagaIterator {
  try {
    const game: LotteryGameDto = yield call(callApi<LotteryGameDto>, { url: `/api/sorteio/${id}` });
    yield put(lotteryConfigured(game));
  } catch {
    // The draw's failure is already on screen.
  }
}

/** GET /api/sorteio: the 'Auditoria do sorteio' page's loader (the selected event's games). */
export const loadLotteryGames = failingTo(lotteryGamesFailed, function* (): SagaIterator {
  yield put(lotteryGamesRequested());
  const games: LotteryGameSummaryDto[] = yield call(callApi<LotteryGameSummaryDto[]>, {
    url: '/api/sorteio',
  });
  yield put(lotteryGamesLoaded(games));
});

/** GET /api/sorteio/{id}/auditoria: the chosen game's draws; then each draw's checks. */
const loadAudit = failingTo(
  lotteryAuditFailed,
  function* (action: ReturnType<typeof lotteryAuditRequested>): SagaIterator {
    const audit: LotteryAuditDto = yield call(callApi<LotteryAuditDto>, {
      url: `/api/sorteio/${action.payload}/auditoria`,
    });
    yield put(lotteryAuditLoaded(audit));
    for (const draw of audit.draws) {
      yield put(lotteryDrawChecksRequested({ gameId: audit.game.id, position: draw.position }));
    }
  },
);

/** GET /api/sorteio/{id}/auditoria/{posicao}: one draw's checks (its pool recomputed). */
const loadDrawChecks = failingTo(
  lotteryDrawChecksFailed,
  function* (action: ReturnType<typeof lotteryDrawChecksRequested>): SagaIterator {
    const { gameId, position } = action.payload;
    const checks: LotteryAuditDrawDto = yield call(callApi<LotteryAuditDrawDto>, {
      url: `/api/sorteio/${gameId}/auditoria/${position}`,
    });
    yield put(lotteryDrawChecksLoaded({ gameId, checks }));
  },
);

/** GET /api/sorteio/{id}/auditoria/{posicao}/participantes: the page of holders the table asks. */
const loadHolders = failingTo(
  lotteryHoldersFailed,
  function* (action: ReturnType<typeof lotteryHoldersRequested>): SagaIterator {
    const { gameId, position, query } = action.payload;
    const page: LotteryHoldersPageDto = yield call(callApi<LotteryHoldersPageDto>, {
      url: `/api/sorteio/${gameId}/auditoria/${position}/participantes`,
      params: { inicio: query.start, quantidade: query.length, direcao: query.dir },
    });
    yield put(lotteryHoldersLoaded({ gameId, position, query, page }));
  },
);

export function* lotterySaga(): SagaIterator {
  yield takeLatest(lotteryAuditRequested.type, loadAudit);
  yield takeEvery(lotteryDrawChecksRequested.type, loadDrawChecks);
  yield takeEvery(lotteryHoldersRequested.type, loadHolders);
  yield takeLatest(lotteryProductsRequested.type, loadLotteryProducts);
  yield takeLeading(lotteryConfigureRequested.type, configure);
  yield takeLeading(drawRequested.type, draw);
}
