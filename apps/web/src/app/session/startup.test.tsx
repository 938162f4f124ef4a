import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { App } from '../../App';
import { appStarted } from '../../store/app-actions';
import { SESSION_STORAGE_KEY, loadSession, toPersisted } from './persistence';
import { makeStore } from '../store';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto, signedInSession, tokenResponse } from '../../testing/fixtures';

function storeSession(session: ReturnType<typeof signedInSession>) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(toPersisted(session)));
}

function startApp() {
  const store = makeStore({ session: loadSession() });
  const rendered = renderWithProviders(<App />, { store });
  store.dispatch(appStarted());
  return rendered;
}

function storedJson() {
  return JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
}

describe('startup revalidation', () => {
  it('refreshes a stored token and reopens the last page', async () => {
    const stored = signedInSession({ permissions: ['System', 'Event'], adminPage: 'EVENTS' });
    storeSession(stored);
    let refreshedWith: unknown;
    server.use(
      http.post('/api/token', async ({ request }) => {
        refreshedWith = await request.json();
        return HttpResponse.json(tokenResponse({ permissions: ['System', 'Event'] }));
      }),
      http.get('/api/events/selected', () => HttpResponse.json(eventDto())),
    );

    startApp();

    expect(await screen.findByRole('heading', { name: 'Eventos' })).toBeInTheDocument();
    expect(screen.getByText('Congresso Nacional 2025')).toBeInTheDocument();
    expect(refreshedWith).toEqual({
      grant_type: 'refresh_token',
      refresh_token: stored.token?.refresh_token,
    });
    expect(storedJson().token.access_token).not.toBe(stored.token?.access_token);
  });

  it('discards an expired token: it is refreshed, never sent', async () => {
    const stored = signedInSession({
      adminPage: 'USERS',
      token: { issue_date: '2020-01-01T00:00:00.000Z', expires_in: 60 },
    });
    storeSession(stored);
    const sentTokens: (string | null)[] = [];
    server.use(
      http.post('/api/token', () => HttpResponse.json(tokenResponse())),
      http.get('/api/events/selected', ({ request }) => {
        sentTokens.push(request.headers.get('Authorization'));
        return HttpResponse.json(eventDto());
      }),
    );

    const { store } = startApp();

    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(sentTokens).toEqual([`Bearer ${store.getState().session.token?.access_token}`]);
    expect(sentTokens).not.toContain(`Bearer ${stored.token?.access_token}`);
  });

  it('clears the session and shows login when the refresh fails', async () => {
    storeSession(signedInSession({ adminPage: 'USERS' }));
    server.use(
      http.post('/api/token', () =>
        HttpResponse.json(
          { error: 'invalid_grant', error_description: 'Sessão expirada. Entre novamente.' },
          { status: 400 },
        ),
      ),
    );

    const { store } = startApp();

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({
      token: null,
      user: null,
      adminPage: null,
      landPage: 'LOGIN',
    });
    await waitFor(() => expect(storedJson()).toMatchObject({ token: null, adminPage: null }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows login without calling the server when no admin page was stored', async () => {
    storeSession(signedInSession({ adminPage: null }));
    const { store } = startApp();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().config.loaded).toBe(true));
    expect(store.getState().session.token).toBeNull();
  });

  it('reads the application mode from GET /api/config', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ appMode: 'FULL_SGE' })));
    const { store } = startApp();
    await waitFor(() => expect(store.getState().config.appMode).toBe('FULL_SGE'));
  });
});
