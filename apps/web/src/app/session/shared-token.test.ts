import { http, HttpResponse } from 'msw';
import { tokenRefreshRequested } from '../../api/token';
import { server } from '../../testing/server';
import { signedInSession } from '../../testing/fixtures';
import { makeStore } from '../store';
import { SESSION_STORAGE_KEY, toPersisted } from './persistence';

/** What another tab of this browser saved: the same user, a token issued later. */
function savedByAnotherTab(username = 'admin') {
  const later = new Date(Date.now() + 1_000).toISOString();
  const session = signedInSession({ username, token: { issue_date: later } });
  const text = JSON.stringify(toPersisted(session));
  localStorage.setItem(SESSION_STORAGE_KEY, text);
  return { session, text };
}

describe('tabs of one browser', () => {
  it("take the newer token another tab saved, and never another user's", () => {
    const store = makeStore({ session: signedInSession() });
    const theirs = savedByAnotherTab();
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: theirs.text }),
    );
    expect(store.getState().session.token?.refresh_token).toBe(theirs.session.token?.refresh_token);

    const other = savedByAnotherTab('maria');
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: other.text }),
    );
    expect(store.getState().session.token?.refresh_token).toBe(theirs.session.token?.refresh_token);
  });

  it('renew with what another tab saved: its fresh token is used, no refresh token spent again', async () => {
    const refreshed: unknown[] = [];
    server.use(
      http.post('/api/token', async ({ request }) => {
        refreshed.push(await request.json());
        return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
      }),
    );
    const store = makeStore({ session: signedInSession() });
    // Saved without an event reaching this tab (it was busy): read again when renewing.
    const theirs = savedByAnotherTab();
    store.dispatch(tokenRefreshRequested({ quiet: true }));
    await vi.waitFor(() => expect(store.getState().session.refreshing).toBe(false));
    expect(refreshed).toEqual([]);
    expect(store.getState().session.token?.access_token).toBe(theirs.session.token?.access_token);
  });
});
