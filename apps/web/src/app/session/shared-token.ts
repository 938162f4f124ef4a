import { eventChannel, type EventChannel } from 'redux-saga';
import { parsePersistedSession, SESSION_STORAGE_KEY } from './persistence';
import type { SessionUser } from './slice';
import type { StoredToken } from '../../api/token';

/**
 * Tabs of one browser share one login. The server rotates the refresh token on every renewal and
 * takes a second use of an old one, past a few seconds, as theft (it ends the login); so a tab
 * never renews with a token another tab has already renewed. Every tab saves its session in
 * localStorage (app/store.ts): a tab adopts a newer token another tab saved (the `storage` event),
 * and renews under one lock for all tabs, re-reading the saved token once it holds the lock.
 */

/** The Web Locks name every tab renews under. */
const REFRESH_LOCK = 'balcao.token-refresh';

/** `candidate` is a later token of the same user than `ours`. */
function isNewer(candidate: StoredToken, ours: StoredToken): boolean {
  return (
    candidate.refresh_token !== ours.refresh_token &&
    Date.parse(candidate.issue_date) > Date.parse(ours.issue_date)
  );
}

/** The token another tab saved for `user` when it is newer than `ours`, else null. */
export function newerSharedToken(
  text: string | null,
  user: SessionUser | null,
  ours: StoredToken | null,
): StoredToken | null {
  const shared = parsePersistedSession(text);
  if (!user || !ours || !shared?.token || shared.user?.username !== user.username) return null;
  return isNewer(shared.token, ours) ? shared.token : null;
}

/** What this browser has saved now. */
export function savedSessionText(): string | null {
  try {
    return globalThis.localStorage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The saved session each time another tab changes it. */
export function savedSessionChanges(): EventChannel<{ text: string | null }> {
  return eventChannel((emit) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY) emit({ text: event.newValue });
    };
    globalThis.addEventListener('storage', onStorage);
    return () => globalThis.removeEventListener('storage', onStorage);
  });
}

/**
 * Waits for the one renewal lock of this browser's tabs; resolves with its release. Without Web
 * Locks (a page served over plain http to another machine is no secure context) it resolves at
 * once: the re-read token and the server's grace for two renewals at one moment still hold.
 */
export function acquireRefreshLock(): Promise<() => void> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return Promise.resolve(() => undefined);
  return new Promise((acquired) => {
    void locks.request(REFRESH_LOCK, () => new Promise<void>((release) => acquired(release)));
  });
}
