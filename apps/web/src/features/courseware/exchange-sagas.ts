import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import {
  COURSEWARE_CODE_MESSAGE,
  CPF_INVALID_MESSAGE,
  NOT_REGISTERED_MESSAGE,
  NO_SELECTED_EVENT_MESSAGE,
  cpfDigits,
  isValidCpf,
  parseCoursewareCode,
  type EventDto,
  type ParticipantDto,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { selectSelectedEvent } from '../../app/events/slice';
import { isHeldCourseware } from '../../ui/courseware-display';
import {
  MISMATCH_MESSAGE,
  exchangeFailed,
  exchangeRequested,
  exchangeSucceeded,
  participantFailed,
  participantFound,
  participantRequested,
  selectExchange,
  type ExchangeState,
} from './exchange-slice';

const clientError = (description: string) => ({
  status: 400,
  error: 'invalid_request',
  description,
});

/** The participant and their courseware: GET /api/subscriptions/participant/check. */
function* findParticipant(): SagaIterator {
  const { cpf }: ExchangeState = yield select(selectExchange);
  const event: EventDto | null = yield select(selectSelectedEvent);
  const digits = cpfDigits(cpf);
  if (!event) {
    yield put(participantFailed(clientError(NO_SELECTED_EVENT_MESSAGE)));
    return;
  }
  if (!isValidCpf(digits)) {
    yield put(participantFailed(clientError(CPF_INVALID_MESSAGE)));
    return;
  }
  try {
    const answer: { participant: ParticipantDto } = yield call(
      callApi<{ participant: ParticipantDto }>,
      { url: '/api/subscriptions/participant/check', params: { cpf: digits, eventId: event.id } },
    );
    yield put(participantFound(answer.participant));
  } catch (thrown) {
    const error = toApiError(thrown);
    yield put(
      participantFailed(
        error.status === 404 ? { ...error, description: NOT_REGISTERED_MESSAGE } : error,
      ),
    );
  }
}

/** POST /api/subscriptions/courseware/exchange with the codes as typed; the server reads series. */
const exchange = failingTo(exchangeFailed, function* (): SagaIterator {
  const state: ExchangeState = yield select(selectExchange);
  const event: EventDto | null = yield select(selectSelectedEvent);
  const { participant } = state;
  if (!participant || !event) return;
  const current = state.current.trim();
  const next = state.next.trim();
  if (!isHeldCourseware(current, participant)) {
    yield put(exchangeFailed(clientError(MISMATCH_MESSAGE)));
    return;
  }
  if (!parseCoursewareCode(next)) {
    yield put(exchangeFailed(clientError(COURSEWARE_CODE_MESSAGE)));
    return;
  }
  yield call(callApi<ParticipantDto>, {
    method: 'POST',
    url: '/api/subscriptions/courseware/exchange',
    data: {
      participantId: participant.id,
      eventId: event.id,
      currentCoursewareId: current,
      newCoursewareId: next,
    },
  });
  yield put(exchangeSucceeded());
});

export function* exchangeSaga(): SagaIterator {
  yield takeLatest(participantRequested.type, findParticipant);
  yield takeLeading(exchangeRequested.type, exchange);
}
