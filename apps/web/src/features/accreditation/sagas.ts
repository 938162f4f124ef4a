import {
  call,
  delay,
  fork,
  put,
  race,
  select,
  spawn,
  take,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { createAction, type WithSlice } from '@reduxjs/toolkit';
import type { accreditationSlice } from './slice';
import {
  CPF_INVALID_MESSAGE,
  NO_SELECTED_EVENT_MESSAGE,
  badgeNameProblem,
  badgePrintProblem,
  cpfDigits,
  passBeingTyped,
  isValidCpf,
  type EventDto,
  type OfflineIssueDto,
  type ParticipantDto,
  type PrintOutcome,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { selectSelectedEvent, selectedEventLoaded } from '../../app/events/slice';
import { pageRequested } from '../../app/navigation/slice';
import { followPrintJob, handlePrintOutcome } from '../../app/printing/sagas';
import { pageOpened, selectUser, type SessionUser } from '../../app/session/slice';
import { deskSyncFinished, selectConnection, selectOnline } from '../../app/connection/slice';
import {
  checkOffline,
  linkOffline,
  printBadgeOffline,
  replicaFor,
  type DeskLookup,
} from './offline-desk';
import { queueSize, type ReplicaMeta } from './offline-replica';
import { deskSyncIssues, deskSyncLoop, deskSyncRequested } from './offline-sync';
import { printBadgeInBrowser } from './offline-badge';
import { isExpectedRefusal } from '../../ui/desk-outcome';
import {
  badgeJobUpdated,
  badgePrintFailed,
  badgePrintedOffline,
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
  syncIssuesLoaded,
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
  description: NO_SELECTED_EVENT_MESSAGE,
};

/** GET /api/subscriptions/participant/check; a 404 is 'not registered', not an error. */
function* check(action: ReturnType<typeof checkRequested>): SagaIterator {
  const { cpf }: AccreditationState = yield select(selectAccreditation);
  const event: EventDto | null = yield select(selectSelectedEvent);
  const pass = passBeingTyped(cpf);
  const digits = pass === null ? cpfDigits(cpf) : '';
  const participantId = action.payload?.participantId;
  if (!event) {
    yield put(checkFailed(NO_EVENT));
    return;
  }
  if (participantId === undefined && pass === null && !isValidCpf(digits)) {
    yield put(
      checkFailed(
        { status: 400, error: 'invalid_request', description: CPF_INVALID_MESSAGE },
        { hideError: true },
      ),
    );
    return;
  }
  const by: DeskLookup =
    participantId !== undefined ? { participantId } : pass !== null ? { pass } : { cpf: digits };
  const online: boolean = yield select(selectOnline);
  if (!online) {
    yield call(checkOnReplica, by, digits);
    return;
  }
  yield call(offlineWorkSent);
  try {
    const answer: CheckAnswer = yield call(callApi<CheckAnswer>, {
      url: '/api/subscriptions/participant/check',
      params: { ...by, eventId: event.id },
      timeout: DESK_TIMEOUT_MS,
    });
    yield put(checkSucceeded({ ...answer, cpf: digits }));
  } catch (thrown) {
    const error = toApiError(thrown);
    if (error.status === 0) yield call(checkOnReplica, by, digits);
    // A refused pass says why in the panel ('Ingresso inválido.'), never as 'CPF não cadastrado'.
    else if ('pass' in by && (error.status === 400 || error.status === 404))
      yield put(checkFailed(error, { hideError: true }));
    else if (error.status === 404) yield put(checkNotFound({ cpf: digits }));
    else yield put(checkFailed(error, { hideError: isExpectedRefusal(error) }));
  }
}

/**
 * Before the server is asked: what this desk did offline (a link, a print) reaches it first. The
 * re-check after a link queued offline, with the connection back, once found the server without
 * it: the panel said 'sem apostila' again, the code field empty (issue #47). A sync that was past
 * sending when the link was queued finishes first, so the desk waits for at most two.
 */
function* offlineWorkSent(): SagaIterator {
  const { offline }: AccreditationState = yield select(selectAccreditation);
  const { queued }: { queued: number } = yield select(selectConnection);
  const user: SessionUser | null = yield select(selectUser);
  if ((!offline && queued === 0) || !user) return;
  for (let round = 0; round < 2; round += 1) {
    const waiting: number = yield call(queueSize, user.id);
    if (waiting === 0) return;
    yield put(deskSyncRequested());
    const { late } = yield race({
      synced: take(deskSyncFinished.type),
      late: delay(DESK_TIMEOUT_MS),
    });
    if (late) return;
  }
}

/**
 * A desk call that has not answered in this time is taken for a server out of reach: the desk
 * goes on from its replica rather than keep a queue waiting (docs/offline-desk.md).
 */
const DESK_TIMEOUT_MS = 5_000;

const NO_REPLICA = {
  status: 0,
  error: 'network_error',
  description:
    'Sem conexão com o servidor, e esta mesa ainda não tem os dados do evento: aguarde a conexão voltar.',
};

/** The replica this user's desk holds, or the refusal that says there is none. */
function* deskReplica(): SagaIterator<ReplicaMeta | undefined> {
  const user: SessionUser | null = yield select(selectUser);
  const meta: ReplicaMeta | undefined = user ? yield call(replicaFor, user.id) : undefined;
  return meta;
}

/** The check without the server, on the replica. */
function* checkOnReplica(by: DeskLookup, digits: string): SagaIterator {
  const meta: ReplicaMeta | undefined = yield call(deskReplica);
  if (!meta) {
    yield put(checkFailed(NO_REPLICA, { hideError: true }));
    return;
  }
  const answer: CheckAnswer | { refused: string } | null = yield call(checkOffline, meta, by);
  if (answer && 'refused' in answer) {
    const refusal = { status: 400, error: 'invalid_request', description: answer.refused };
    yield put(checkFailed(refusal, { hideError: true }));
  } else if (answer) yield put(checkSucceeded({ ...answer, cpf: digits, offline: true }));
  else yield put(checkNotFound({ cpf: digits }));
}

/**
 * POST /api/subscriptions/badge/print; the PDF opens when no printer is mapped. The desk counts the
 * print itself for its message: the answer is the print job, not the participant.
 */
const printBadge = failingTo(badgePrintFailed, function* (): SagaIterator {
  const { participant, usualName, offline }: AccreditationState = yield select(selectAccreditation);
  const event: EventDto | null = yield select(selectSelectedEvent);
  const name = usualName.trim();
  if (!participant || (!event && !offline) || badgeNameProblem(name) !== null) {
    yield put(badgePrintFailed(NO_EVENT, { hideError: true }));
    return;
  }
  // Checked on the replica: printed by the browser and queued. Never after an online print that
  // failed unreachable, which may have reached the server: the clerk sees that and checks again.
  if (offline || !event) {
    yield call(printOnReplica, participant, name);
    return;
  }
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
      (state: WithSlice<typeof accreditationSlice>) =>
        selectAccreditation(state).badgeJob?.jobId === outcome.jobId,
    );
    return;
  }
  yield put(badgePrintSucceeded({ name, printCount }));
  yield call(handlePrintOutcome, outcome);
});

/** The badge printed by this browser from the event's layout, the print queued for the sync. */
function* printOnReplica(participant: ParticipantDto, name: string): SagaIterator {
  const user: SessionUser | null = yield select(selectUser);
  const meta: ReplicaMeta | undefined = yield call(deskReplica);
  if (!user || !meta) {
    yield put(badgePrintFailed(NO_REPLICA, { hideError: true }));
    return;
  }
  // The server's rule, applied here as the sync would (contract's badgePrintProblem).
  const problem = badgePrintProblem(participant, meta.event);
  if (problem) {
    yield put(badgePrintFailed(refusedOffline(problem), { hideError: true }));
    return;
  }
  yield call(printBadgeOffline, user.id, meta, participant, name);
  yield put(badgePrintedOffline({ name }));
  yield put(deskSyncRequested());
  yield call(printBadgeInBrowser, meta, participant, name);
}

const refusedOffline = (description: string) => ({
  status: 409,
  error: 'conflict',
  description,
});

/** POST /api/subscriptions/courseware/link, then the participant is checked again. */
const link = failingTo(linkFailed, function* (): SagaIterator {
  const { participant, coursewareCode, offline }: AccreditationState =
    yield select(selectAccreditation);
  const event: EventDto | null = yield select(selectSelectedEvent);
  const code = coursewareCode.trim();
  if (!participant || (!event && !offline) || code === '') {
    yield put(
      linkFailed({ status: 0, error: 'client_error', description: '' }, { hideError: true }),
    );
    return;
  }
  if (offline || !event) {
    yield call(linkOnReplica, participant, code);
    return;
  }
  const updated: ParticipantDto = yield call(callApi<ParticipantDto>, {
    method: 'POST',
    url: '/api/subscriptions/courseware/link',
    data: { participantId: participant.id, eventId: event.id, coursewareId: code },
  });
  yield put(linkSucceeded(updated));
  // By id: the answer's CPF may be masked ('***.456.789-**') for a desk without Participant.
  yield put(checkRequested({ participantId: participant.id }));
});

/** The link queued for the sync; the replica shows it at once. */
function* linkOnReplica(participant: ParticipantDto, code: string): SagaIterator {
  const user: SessionUser | null = yield select(selectUser);
  const meta: ReplicaMeta | undefined = yield call(deskReplica);
  if (!user || !meta) {
    yield put(linkFailed(NO_REPLICA, { hideError: true }));
    return;
  }
  try {
    const updated: ParticipantDto = yield call(linkOffline, user.id, meta, participant, code);
    yield put(linkSucceeded(updated));
    yield put(deskSyncRequested());
    yield put(checkRequested({ participantId: participant.id }));
  } catch (thrown) {
    const description = thrown instanceof Error ? thrown.message : String(thrown);
    yield put(linkFailed(refusedOffline(description), { hideError: true }));
  }
}

/**
 * Out of reach at the page's opening (a reload offline): the selected event is the one the desk's
 * replica holds, as far as the desk knows it.
 */
export function* loadReplicaEvent(): SagaIterator {
  const online: boolean = yield select(selectOnline);
  const selected: EventDto | null = yield select(selectSelectedEvent);
  if (online || selected) return;
  const meta: ReplicaMeta | undefined = yield call(deskReplica);
  if (!meta) return;
  const { id, name, linkCourseware, printEnabled } = meta.event;
  yield put(
    selectedEventLoaded({
      id,
      name,
      linkCourseware,
      printEnabled,
      selected: true,
      endereco: null,
      local: null,
      valor: 0,
      inicio: null,
      fim: null,
      course: null,
      dateCreated: '',
      dateUpdated: '',
    }),
  );
}

/** GET /api/offline/issues: what the sync could not simply apply, for the desk to see. */
export function* loadSyncIssues(): SagaIterator {
  const event: EventDto | null = yield select(selectSelectedEvent);
  if (!event) return;
  try {
    const answer: { data: OfflineIssueDto[] } = yield call(callApi<{ data: OfflineIssueDto[] }>, {
      url: '/api/offline/issues',
      params: { eventId: event.id },
    });
    yield put(syncIssuesLoaded(answer.data));
  } catch {
    // Unreachable or refused: the list stays as it was; the next sync asks again.
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
  yield fork(deskSyncLoop);
  yield takeLatest(deskSyncIssues.type, loadSyncIssues);
  yield takeLatest(checkRequested.type, check);
  yield takeLeading(badgePrintRequested.type, printBadge);
  yield takeLeading(linkRequested.type, link);
  yield takeLatest(deskOpenedWithCpf.type, openWithCpf);
  yield takeLatest(deskOpenedWithParticipant.type, openWithParticipant);
}
