import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_INVALID } from '@balcao/contract';
import { buildApp } from '../src/app.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createUser, login } from './helpers/fixtures.ts';
import { form, tableCaller } from './helpers/tables.ts';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const FORBIDDEN = {
  error: 'forbidden',
  error_description: 'Você não tem permissão para esta ação.',
};

describe('bearer guard', () => {
  it.each([
    ['no header', {}],
    ['an unknown token', bearer('desconhecido')],
    ['another scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 Token is invalid for %s', async (_case, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/selected', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(TOKEN_INVALID);
    expect(response.body).toBe('{"error":"invalid_grant","error_description":"Token is invalid"}');
  });

  it('guards HEAD requests like their GET', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/events/list' });
    expect(response.statusCode).toBe(401);
  });

  it('accepts the scheme in any case', async () => {
    const token = await login(t.app, await createUser(t.db));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events/list',
      headers: { authorization: `bearer ${token.access_token}` },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('answers 403 to a signed-in user holding none of the route’s permissions', async () => {
    const token = await login(t.app, await createUser(t.db, { permissions: ['Report', 'Store'] }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events/select',
      headers: bearer(token.access_token),
      payload: { id: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FORBIDDEN);
  });

  it('checks permissions before reading the body', async () => {
    const token = await login(t.app, await createUser(t.db));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events/select',
      headers: bearer(token.access_token),
      payload: { id: 'não é número' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('follows a permission granted in the users editor without a new login', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    const select = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/events/select',
        headers: bearer(token.access_token),
        payload: { id: 999_999 },
      });
    expect((await select()).statusCode).toBe(403);
    const event = await t.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'Event')
      .executeTakeFirstOrThrow();
    const admin = await tableCaller(t, ['System']);
    const grant = await admin.post(
      `/api/users/update/${user.id}`,
      form([[`data[${user.id}][permissions][][id]`, String(event.id)]]),
    );
    expect(grant.statusCode).toBe(200);
    expect((await select()).statusCode).toBe(404);
  });
});

describe('route declarations', () => {
  it('refuses to start with an /api route that does not declare its access', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    try {
      expect(() => app.get('/api/esquecida', async () => ({ ok: true }))).toThrow(/config\.access/);
    } finally {
      await app.close();
    }
  });

  it('lists every /api route with its access', () => {
    expect(t.app.routeAccess).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/token', access: 'public' },
        { method: 'GET', url: '/api/health', access: 'public' },
        { method: 'GET', url: '/api/events/list', access: 'signedIn' },
        { method: 'POST', url: '/api/events/select', access: ['Event', 'System'] },
      ]),
    );
  });
});
