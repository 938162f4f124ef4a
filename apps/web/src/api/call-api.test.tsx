import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { call } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { TOKEN_INVALID } from '@balcao/contract';
import { App } from '../App';
import { makeStore, type AppStore } from '../app/store';
import { renderWithProviders } from '../testing/render';
import { server } from '../testing/server';
import { signedInSession, tokenResponse } from '../testing/fixtures';
import { callApi, type ApiRequest } from './call-api';
import { NETWORK_ERROR_DESCRIPTION, toApiError, type ApiError } from './api-error';

type Outcome = { data: unknown } | { error: ApiError };

async function run(store: AppStore, request: ApiRequest): Promise<Outcome> {
  let outcome: Outcome = { data: undefined };
  await store
    .runSaga(function* (): SagaIterator {
      try {
        outcome = { data: yield call(callApi, request) };
      } catch (thrown) {
        outcome = { error: toApiError(thrown) };
      }
    })
    .toPromise();
  return outcome;
}

const invalidToken = () => HttpResponse.json(TOKEN_INVALID, { status: 401 });

/** A protected route that accepts only `valid` access tokens. */
function protectedRoute(valid: Set<string>, seen: string[] = []) {
  return http.get('/api/things', ({ request }) => {
    const header = request.headers.get('Authorization') ?? '';
    seen.push(header);
    return valid.has(header.replace('Bearer ', ''))
      ? HttpResponse.json({ ok: true })
      : invalidToken();
  });
}

describe('callApi', () => {
  it('sends the bearer token', async () => {
    const session = signedInSession();
    const seen: string[] = [];
    server.use(protectedRoute(new Set([session.token!.access_token]), seen));
    const store = makeStore({ session });
    expect(await run(store, { url: '/api/things' })).toEqual({ data: { ok: true } });
    expect(seen).toEqual([`Bearer ${session.token!.access_token}`]);
  });

  it('refreshes once on 401 invalid_grant and retries with the new token', async () => {
    const session = signedInSession();
    const fresh = tokenResponse();
    const seen: string[] = [];
    let refreshBody: unknown;
    server.use(
      protectedRoute(new Set([fresh.access_token]), seen),
      http.post('/api/token', async ({ request }) => {
        refreshBody = await request.json();
        return HttpResponse.json(fresh);
      }),
    );
    const store = makeStore({ session });

    expect(await run(store, { url: '/api/things' })).toEqual({ data: { ok: true } });
    expect(refreshBody).toEqual({
      grant_type: 'refresh_token',
      refresh_token: session.token!.refresh_token,
    });
    expect(seen).toEqual([`Bearer ${session.token!.access_token}`, `Bearer ${fresh.access_token}`]);
    expect(store.getState().session.token?.access_token).toBe(fresh.access_token);
  });

  it('shares one refresh between calls that fail together', async () => {
    const fresh = tokenResponse();
    let refreshes = 0;
    server.use(
      protectedRoute(new Set([fresh.access_token])),
      http.post('/api/token', () => {
        refreshes += 1;
        return HttpResponse.json(fresh);
      }),
    );
    const store = makeStore({ session: signedInSession() });

    const outcomes = await Promise.all([
      run(store, { url: '/api/things' }),
      run(store, { url: '/api/things' }),
      run(store, { url: '/api/things' }),
    ]);
    expect(outcomes).toEqual([
      { data: { ok: true } },
      { data: { ok: true } },
      { data: { ok: true } },
    ]);
    expect(refreshes).toBe(1);
  });

  it('refreshes a token known to be expired before sending', async () => {
    const session = signedInSession({ token: { issue_date: '2020-01-01T00:00:00Z' } });
    const fresh = tokenResponse();
    const seen: string[] = [];
    server.use(
      protectedRoute(new Set([fresh.access_token]), seen),
      http.post('/api/token', () => HttpResponse.json(fresh)),
    );
    const store = makeStore({ session });
    expect(await run(store, { url: '/api/things' })).toEqual({ data: { ok: true } });
    expect(seen).toEqual([`Bearer ${fresh.access_token}`]);
  });

  it('turns a network failure into the pt-BR message', async () => {
    server.use(http.get('/api/things', () => HttpResponse.error()));
    const store = makeStore({ session: signedInSession() });
    expect(await run(store, { url: '/api/things' })).toEqual({
      error: { status: 0, error: 'network_error', description: NETWORK_ERROR_DESCRIPTION },
    });
  });

  it('passes the server error body through as an ApiError', async () => {
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json(
          { error: 'forbidden', error_description: 'Você não tem permissão para esta ação.' },
          { status: 403 },
        ),
      ),
    );
    const store = makeStore({ session: signedInSession() });
    expect(await run(store, { url: '/api/things' })).toEqual({
      error: {
        status: 403,
        error: 'forbidden',
        description: 'Você não tem permissão para esta ação.',
      },
    });
  });

  it('ends the session and shows login when the refresh fails', async () => {
    server.use(
      http.get('/api/events/selected', invalidToken),
      http.post('/api/token', () =>
        HttpResponse.json(
          { error: 'invalid_grant', error_description: 'Sessão expirada. Entre novamente.' },
          { status: 400 },
        ),
      ),
    );
    const { user, store } = renderWithProviders(<App />, {
      preloadedState: { session: signedInSession({ adminPage: 'USERS' }) },
    });

    await user.click(screen.getByRole('button', { name: 'Impressoras' }));

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Sessão expirada. Entre novamente.',
    );
    expect(store.getState().session).toMatchObject({
      token: null,
      user: null,
      adminPage: null,
      landPage: 'LOGIN',
    });
    expect(store.getState().navigation.loading).toBe(false);
    expect(JSON.parse(localStorage.getItem('balcao.session')!)).toMatchObject({ token: null });
  });
});
