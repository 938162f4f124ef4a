import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_INVALID, type TokenResponse } from '@balcao/contract';
import { REFRESH_GRACE_SECONDS } from '../src/auth/tokens.ts';
import { ADMIN_PASSWORD, startTestApp, type TestContext } from './helpers/test-app.ts';
import {
  bearer,
  createCenter,
  createProfile,
  createUser,
  login,
  postToken,
  uniqueName,
} from './helpers/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const listEvents = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/events/list', headers: bearer(accessToken) });

const refresh = (refreshToken: string) =>
  postToken(t.app, { grant_type: 'refresh_token', refresh_token: refreshToken });

const SESSION_EXPIRED = {
  error: 'invalid_grant',
  error_description: 'Sessão expirada. Entre novamente.',
};
const BAD_CREDENTIALS = {
  error: 'invalid_grant',
  error_description: 'Usuário ou senha inválidos.',
};

describe('password grant', () => {
  it('signs the seeded admin in with every permission', async () => {
    const token = await login(t.app, { username: 'admin', password: ADMIN_PASSWORD });
    expect(token.name).toBe('Administrador');
    expect(token.permissions).toHaveLength(23);
    expect(token.permissions[0]).toBe('System');
  });

  it('answers the TokenResponse shape with direct and profile permissions in product order', async () => {
    const centerId = await createCenter(t.db, 'Núcleo Fortaleza', 7);
    const profileId = await createProfile(t.db, uniqueName('Caixa '), ['Checkout', 'Report']);
    const user = await createUser(t.db, {
      name: 'Maria Caixa',
      permissions: ['Lottery', 'Event', 'Checkout'],
      profileIds: [profileId],
      centerId,
    });

    const response = await postToken(t.app, {
      grant_type: 'password',
      username: user.username,
      password: user.password,
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<TokenResponse>();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[\w-]{43}$/),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      token_type: 'Bearer',
      issue_date: t.clock.now().toISOString(),
      expires_in: 28_800,
      user_id: user.id,
      accept_header: 'application/json',
      username: user.username,
      name: 'Maria Caixa',
      permissions: ['Event', 'Checkout', 'Report', 'Lottery'],
      center: { id: centerId, name: 'Núcleo Fortaleza' },
      totp_enrolment_required: false,
    });
    expect(body.access_token).not.toBe(body.refresh_token);
  });

  it('accepts a form-encoded body, as the legacy client posts it', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=${user.username}&password=${encodeURIComponent(user.password)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TokenResponse>().center).toBeNull();
  });

  it('gives the same answer for a wrong password, an unknown user and an inactive user', async () => {
    const user = await createUser(t.db);
    const inactive = await createUser(t.db, { active: false });
    const attempts = [
      { username: user.username, password: 'errada-123' },
      { username: uniqueName('ninguem'), password: 'qualquer-123' },
      { username: inactive.username, password: inactive.password },
    ];
    for (const [index, attempt] of attempts.entries()) {
      const response = await postToken(
        t.app,
        { grant_type: 'password', ...attempt },
        `10.0.0.${index + 1}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(BAD_CREDENTIALS);
    }
  });

  it('names the missing field', async () => {
    const response = await postToken(t.app, { grant_type: 'password', username: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: "O campo 'password' é obrigatório.",
    });
  });

  it('rejects an unknown grant type', async () => {
    const response = await postToken(t.app, { grant_type: 'client_credentials' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
  });

  it('stores passwords with argon2id and tokens only as hashes', async () => {
    const token = await login(t.app, { username: 'admin', password: ADMIN_PASSWORD });
    const admin = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const rows = await t.db.selectFrom('tokens').select(['access_hash', 'refresh_hash']).execute();
    const stored = rows.flatMap((row) => [row.access_hash, row.refresh_hash]);
    expect(stored).not.toContain(token.access_token);
    expect(stored).not.toContain(token.refresh_token);
  });
});

describe('access token', () => {
  it('opens signed-in routes until it expires, then answers 401 Token is invalid', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    expect((await listEvents(token.access_token)).statusCode).toBe(200);

    t.clock.advance(token.expires_in - 1);
    expect((await listEvents(token.access_token)).statusCode).toBe(200);

    t.clock.advance(1);
    const expired = await listEvents(token.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(TOKEN_INVALID);

    // The refresh token outlives it: the SPA renews and retries.
    const renewed = await refresh(token.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await listEvents(renewed.json<TokenResponse>().access_token)).statusCode).toBe(200);
  });

  it('stops working when the user is deactivated', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    await t.db.updateTable('users').set({ active: false }).where('id', '=', user.id).execute();
    expect((await listEvents(token.access_token)).statusCode).toBe(401);
    const renewed = await refresh(token.refresh_token);
    expect(renewed.statusCode).toBe(400);
    expect(renewed.json()).toEqual(SESSION_EXPIRED);
  });
});

describe('refresh grant', () => {
  it('issues a new pair for the same user with a fresh issue date', async () => {
    const user = await createUser(t.db, { permissions: ['Store'] });
    const first = await login(t.app, user);
    t.clock.advance(60);

    const response = await refresh(first.refresh_token);

    expect(response.statusCode).toBe(200);
    const second = response.json<TokenResponse>();
    expect(second.user_id).toBe(user.id);
    expect(second.permissions).toEqual(['Store']);
    expect(second.issue_date).toBe(t.clock.now().toISOString());
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await listEvents(second.access_token)).statusCode).toBe(200);
  });

  it('accepts a form-encoded refresh_token without grant_type', async () => {
    const token = await login(t.app, await createUser(t.db));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `refresh_token=${token.refresh_token}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('treats a used refresh token as stolen past the grace window: it ends the whole login', async () => {
    const token = await login(t.app, await createUser(t.db));
    const rotated = (await refresh(token.refresh_token)).json<TokenResponse>();
    t.clock.advance(REFRESH_GRACE_SECONDS + 1);

    const reuse = await refresh(token.refresh_token);

    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual(SESSION_EXPIRED);
    expect((await listEvents(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(400);
  });

  it('leaves the user’s other logins alone when one is ended for reuse', async () => {
    const user = await createUser(t.db);
    const desk = await login(t.app, user);
    const other = await login(t.app, user);
    const rotated = (await refresh(desk.refresh_token)).json<TokenResponse>();
    t.clock.advance(REFRESH_GRACE_SECONDS + 1);
    await refresh(desk.refresh_token);
    expect((await listEvents(rotated.access_token)).statusCode).toBe(401);
    expect((await listEvents(other.access_token)).statusCode).toBe(200);
  });

  it('rejects unknown and expired refresh tokens', async () => {
    expect((await refresh('nao-existe')).json()).toEqual(SESSION_EXPIRED);
    const token = await login(t.app, await createUser(t.db));
    t.clock.advance(t.config.refreshTokenTtl + 1);
    const response = await refresh(token.refresh_token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(SESSION_EXPIRED);
  });
});

describe('revoke', () => {
  it('ends this login only', async () => {
    const user = await createUser(t.db);
    const desk = await login(t.app, user);
    const other = await login(t.app, user);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/revoke',
      headers: bearer(desk.access_token),
    });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await listEvents(desk.access_token)).json()).toEqual(TOKEN_INVALID);
    expect((await refresh(desk.refresh_token)).json()).toEqual(SESSION_EXPIRED);
    expect((await listEvents(other.access_token)).statusCode).toBe(200);
  });
});
