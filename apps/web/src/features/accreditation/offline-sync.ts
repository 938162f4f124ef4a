import { actionChannel, call, delay, flush, put, race, select, take } from 'redux-saga/effects';
import { buffers, type Channel, type SagaIterator } from 'redux-saga';
import { createAction, type Action, type WithSlice } from '@reduxjs/toolkit';
import type { sessionSlice } from '../../app/session/slice';
import type { navigationSlice } from '../../app/navigation/slice';
import {
  OFFLINE_ACTIONS_MAX,
  type LayoutDto,
  type OfflineActionResult,
  type OfflineReplicaDto,
} from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { connectionLost, connectionRestored } from '../../store/app-actions';
import { eventSwitched, selectSelectedEvent, selectedEventLoaded } from '../../app/events/slice';
import { pageOpened, selectRestoring, selectUser, type SessionUser } from '../../app/session/slice';
import { selectPageLoading } from '../../app/navigation/slice';
import { whenIdle } from '../../ui/when-idle';
import {
  deskReplicaChanged,
  deskSyncFinished,
  deskSyncStarted,
  selectOnline,
} from '../../app/connection/slice';
import {
  clearReplica,
  forgetSent,
  participantCount,
  queuedActions,
  queueSize,
  readMeta,
  storeReplicaPage,
  type ReplicaMeta,
} from './offline-replica';

/** Sync now: the desk queued an action, or opened. */
export const deskSyncRequested = createAction('offline/syncRequested');
/** The server answered queued actions that did not simply apply: the desk lists them. */
export const deskSyncIssues = createAction<OfflineActionResult[]>('offline/syncIssues');

/** Online, the replica catches up every minute; offline, the desk tries the server every 5 s. */
const ONLINE_EVERY_MS = 60_000;
const OFFLINE_EVERY_MS = 5_000;
/** The badge layout changes seldom: read again at most every 10 minutes. */
const LAYOUT_EVERY_MS = 10 * 60_000;

/** The desk (Subscription) and the self-service kiosk (Kiosk, issue #43) work offline. */
const canAccredit = (user: SessionUser | null): user is SessionUser =>
  (user?.permissions.includes('Subscription') || user?.permissions.includes('Kiosk')) ?? false;

/** The event the replica follows: the selected one (the kiosk's heartbeat names it, the same). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller its own root state
type EventIdOf = (state: any) => number | null;
const selectedEventIdOf = (state: Parameters<typeof selectSelectedEvent>[0]): number | null => {
  const event = selectSelectedEvent(state);
  return event ? Number(event.id) : null;
};

/** Sends this user's queue in order, in chunks; false when the server could not be reached. */
function* sendQueue(user: SessionUser): SagaIterator<boolean> {
  for (;;) {
    const queued: Awaited<ReturnType<typeof queuedActions>> = yield call(
      queuedActions,
      user.id,
      OFFLINE_ACTIONS_MAX,
    );
    if (queued.length === 0) return true;
    let answer: { results: OfflineActionResult[] };
    try {
      answer = yield call(callApi<{ results: OfflineActionResult[] }>, {
        method: 'POST',
        url: '/api/offline/actions',
        data: { actions: queued.map((item) => item.action) },
      });
    } catch (thrown) {
      if (toApiError(thrown).status === 0) return false;
      throw thrown;
    }
    yield call(
      forgetSent,
      queued.map((item) => item.seq!),
    );
    const issues = answer.results.filter((result) => result.outcome !== 'applied');
    if (issues.length > 0) yield put(deskSyncIssues(issues));
  }
}

/** Reads the replica's pages (the whole event, or the changes since the cursor) into the store. */
function* readReplica(
  user: SessionUser,
  eventId: number,
  meta: ReplicaMeta | undefined,
): SagaIterator<ReplicaMeta> {
  let since = meta?.cursor;
  let afterId: number | undefined;
  let first: OfflineReplicaDto | undefined;
  let layout = meta?.badgeLayout ?? null;
  let layoutReadAt = meta?.layoutReadAt ?? null;
  const now = Date.now();
  if (!layout || !layoutReadAt || now - Date.parse(layoutReadAt) > LAYOUT_EVERY_MS || !since) {
    layout = yield call(callApi<LayoutDto>, { url: '/api/layouts/badge' });
    layoutReadAt = new Date(now).toISOString();
  }
  for (;;) {
    const page: OfflineReplicaDto = yield call(callApi<OfflineReplicaDto>, {
      url: '/api/offline/replica',
      params: { eventId, ...(since ? { since } : {}), ...(afterId ? { afterId } : {}) },
    });
    first ??= page;
    const next: ReplicaMeta = {
      key: 'replica',
      userId: user.id,
      event: page.event,
      lookupSalt: page.lookupSalt,
      passPublicKey: page.passPublicKey,
      centers: page.centers,
      cursor: first.cursor,
      readAt: first.readAt,
      badgeLayout: layout,
      layoutReadAt,
    };
    yield call(storeReplicaPage, page, next, afterId === undefined);
    if (page.nextAfterId === null) {
      // Changes applied and the count differs: something was missed; read the whole event.
      const held: number = yield call(participantCount);
      if (since && held !== page.total) {
        since = undefined;
        afterId = undefined;
        first = undefined;
        continue;
      }
      return next;
    }
    afterId = page.nextAfterId;
  }
}

/** Queue first (what the desk did offline reaches the server), then the replica catches up. */
export function* syncDesk(eventIdOf: EventIdOf = selectedEventIdOf): SagaIterator {
  const user: SessionUser | null = yield select(selectUser);
  const eventId: number | null = yield select(eventIdOf);
  if (!canAccredit(user)) return;
  yield put(deskSyncStarted());
  const queuedBefore: number = yield call(queueSize, user.id);
  let meta: ReplicaMeta | undefined = yield call(readMeta);
  try {
    const sent: boolean = yield call(sendQueue, user);
    if (sent && eventId !== null) {
      if (meta && (meta.userId !== user.id || meta.event.id !== eventId)) {
        yield call(clearReplica);
        meta = undefined;
      }
      meta = yield call(readReplica, user, eventId, meta);
    }
  } catch (thrown) {
    if (toApiError(thrown).status !== 0) console.error('Sincronização da mesa falhou', thrown);
  }
  const queued: number = yield call(queueSize, user.id);
  yield put(deskReplicaChanged({ queued, readAt: meta?.readAt ?? null }));
  const online: boolean = yield select(selectOnline);
  const emptied = online && queuedBefore > 0 && queued === 0 ? new Date().toISOString() : null;
  yield put(deskSyncFinished({ emptied }));
}

/**
 * While the desk's area is loaded: sync once the page on screen has opened and the browser is
 * idle (the replica's database is loaded then), then every minute (every 5 s while offline).
 */
export function* deskSyncLoop(
  eventIdOf: EventIdOf = selectedEventIdOf,
  /** The kiosk starts its loop from its page, already open: no admin page opens after it. */
  pageOpen = false,
): SagaIterator {
  // Kept while a sync runs, so a reason to sync again that arrives meanwhile is not missed.
  const wakes: Channel<Action> = yield actionChannel(
    [
      deskSyncRequested.type,
      connectionRestored.type,
      connectionLost.type,
      // The selected event arrives after the loop starts (a page opens), or changes.
      selectedEventLoaded.type,
      eventSwitched.type,
    ],
    buffers.sliding(1),
  );
  // The page that opens first (the desk, reopened) paints and loads its data before the sync.
  const opening: boolean = yield select(
    (state: WithSlice<typeof sessionSlice> & WithSlice<typeof navigationSlice>) =>
      selectRestoring(state) || selectPageLoading(state),
  );
  if (opening && !pageOpen) yield take(pageOpened.type);
  yield call(whenIdle);
  // The first sync covers what happened while it waited (the selected event arriving).
  yield flush(wakes);
  for (;;) {
    yield call(syncDesk, eventIdOf);
    const online: boolean = yield select(selectOnline);
    yield race({
      asked: take(wakes),
      waited: delay(online ? ONLINE_EVERY_MS : OFFLINE_EVERY_MS),
    });
  }
}
