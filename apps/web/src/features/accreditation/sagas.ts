import { call, put, select, spawn, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { createAction } from '@reduxjs/toolkit';
import {
  BADGE_NAME_MAX,
  CPF_INVALID_MESSAGE,
  cpfDigits,
  isValidCpf,
  type EventDto,
  type ParticipantDto,
  type PrintOutcome,
} from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { selectSelectedEvent } from '../../app/events/slice';
import { pageRequested } from '../../app/navigation/slice';
import { followPrintJob, handlePrintOutcome } from '../../app/printing/sagas';
import type { RootState } from '../../app/store';
import { pageOpened } from '../../app/session/slice';
import { isExpectedRefusal } from '../../ui/desk-outcome';
import {
  badgeJobUpdated,
  badgePrintFailed,
  badgePrintQueued,
  badgePrintRequested,
  badgePrintSucceeded,
  checkFailed,
  checkNotFound,
  checkRequested,
  checkSucceeded,
  linkFailed,
  linkRequested,
  linkSucceeded,
  selectAccreditation,
  type AccreditationState,
  type CheckAnswer,
} from './slice';

/** 'ir para credenciamento': opens Credenciamento and verifies this CPF there. */
export const deskOpenedWithCpf = createAction<string>('accreditation/deskOpenedWithCpf');
/** The same from a row whose CPF is masked (users without Participant): verified by its id. */
export const deskOpenedWithParticipant = createAction<number>(
  'accreditation/deskOpenedWithParticipant',
);

const NO_EVENT = {
  status: 400,
  error: 'invalid_request',
  description: 'Nenhum evento selecionado. Consulte os administradores.',
};

/** GET /api/subscriptions/participant/check; a 404 is 'not registered', not an error. */
function* check(action: ReturnType<typeof checkRequested>): SagaIterator {
  const { cpf }: AccreditationState = yield select(selectAccreditation);
  const event: EventDto | null = yield select(selectSelectedEvent);
  const digits = cpfDigits(cpf);
  const participantId = action.payload?.participantId;
  if (!event) {
    yield put(checkFailed(NO_EVENT));
    return;
  }
  if (participantId === undefined && !isValidCpf(digits)) {
    yield put(
      checkFailed(
        { status: 400, error: 'invalid_request', description: CPF_INVALID_MESSAGE },
        { hideError: true },
      ),
    );
    return;
  }
  try {
    const answer: CheckAnswer = yield call(callApi<CheckAnswer>, {
      url: '/api/subscriptions/participant/check',
      params:
        participantId === undefined
          ? { cpf: digits, eventId: event.id }
          : { participantId, eventId: event.id },
    });
    yield put(checkSucceeded({ ...answer, cpf: digits }));
  } catch (thrown) {
    const error = toApiError(thrown);
    if (error.status === 404) yield put(checkNotFound({ cpf: digits }));
    else yield put(checkFailed(error, { hideError: isExpectedRefusal(error) }));
  }
}

/**
 * POST /api/subscriptions/badge/print; the PDF opens when no printer is mapped. The desk counts the
 * print itself for its message: the answer is the print job, not the participant.
 */
function* printBadge(): SagaIterator {
  const { participant, usualName }: AccreditationState = yield select(selectAccreditation);
  const event: EventDto | null = yield select(selectSelectedEvent);
  const name = usualName.trim();
  if (!participant || !event || name === '' || [...name].length > BADGE_NAME_MAX) {
    yield put(badgePrintFailed(NO_EVENT, { hideError: true }));
    return;
  }
  try {
    const outcome: PrintOutcome = yield call(callApi<PrintOutcome>, {
      method: 'POST',
      url: '/api/subscriptions/badge/print',
      data: { usualName: name, participantId: participant.id, eventId: event.id },
    });
    const printCount = participant.badgePrintCount + 1;
    if ('jobId' in outcome) {
      // 'Crachá impresso' waits for the printer's agent; the desk moves on meanwhile.
      yield put(
        badgePrintQueued({ jobId: outcome.jobId, printer: outcome.printer, name, printCount }),
      );
      yield spawn(
        followPrintJob,
        outcome.jobId,
        badgeJobUpdated,
        (state: RootState) => selectAccreditation(state).badgeJob?.jobId === outcome.jobId,
      );
      return;
    }
    yield put(badgePrintSucceeded({ name, printCount }));
    yield call(handlePrintOutcome, outcome);
  } catch (thrown) {
    const error = toApiError(thrown);
    yield put(badgePrintFailed(error, { hideError: isExpectedRefusal(error) }));
  }
}

/** POST /api/subscriptions/courseware/link, then the participant is checked again. */
function* link(): SagaIterator {
  const { participant, coursewareCode }: AccreditationState = yield select(selectAccreditation);
  const event: EventDto | null = yield select(selectSelectedEvent);
  const code = coursewareCode.trim();
  if (!participant || !event || code === '') {
    yield put(
      linkFailed({ status: 0, error: 'client_error', description: '' }, { hideError: true }),
    );
    return;
  }
  try {
    const updated: ParticipantDto = yield call(callApi<ParticipantDto>, {
      method: 'POST',
      url: '/api/subscriptions/courseware/link',
      data: { participantId: participant.id, eventId: event.id, coursewareId: code },
    });
    yield put(linkSucceeded(updated));
    // By id: the answer's CPF may be masked ('***.456.789-**') for a desk without Participant.
    yield put(checkRequested({ participantId: participant.id }));
  } catch (thrown) {
    const error = toApiError(thrown);
    yield put(linkFailed(error, { hideError: isExpectedRefusal(error) }));
  }
}

function* openWithCpf(action: ReturnType<typeof deskOpenedWithCpf>): SagaIterator {
  yield put(pageRequested('SUBSCRIPTION'));
  const opened: ReturnType<typeof pageOpened> = yield take(pageOpened.type);
  if (opened.payload === 'SUBSCRIPTION') yield put(checkRequested({ cpf: action.payload }));
}

function* openWithParticipant(action: ReturnType<typeof deskOpenedWithParticipant>): SagaIterator {
  yield put(pageRequested('SUBSCRIPTION'));
  const opened: ReturnType<typeof pageOpened> = yield take(pageOpened.type);
  if (opened.payload === 'SUBSCRIPTION') {
    yield put(checkRequested({ cpf: '', participantId: action.payload }));
  }
}

export function* accreditationSaga(): SagaIterator {
  yield takeLatest(checkRequested.type, check);
  yield takeLeading(badgePrintRequested.type, printBadge);
  yield takeLeading(linkRequested.type, link);
  yield takeLatest(deskOpenedWithCpf.type, openWithCpf);
  yield takeLatest(deskOpenedWithParticipant.type, openWithParticipant);
}
