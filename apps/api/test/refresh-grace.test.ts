import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { TokenResponse } from '@balcao/contract';
import { buildApp, type App } from '../src/app.ts';
import { REFRESH_GRACE_SECONDS } from '../src/auth/tokens.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/types.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createUser, login, postToken } from './helpers/fixtures.ts';

// Issue #23: two tabs (or a retry) renewing with the same refresh token at the same moment must
// both keep the login; only a second exchange after a few seconds is a reuse that ends it. Two
// API instances, each with its own connections to the database, as behind a load balancer.
let t: TestContext;
let otherDb: Kysely<Database>;
let other: App;

beforeAll(async () => {
  t = await startTestApp();
  otherDb = openDatabase(t.config.databaseUrl).db;
  other = await buildApp({ config: t.config, db: otherDb });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await otherDb.destroy();
  await t.close();
});

const refreshOn = (app: App, refreshToken: string) =>
  postToken(app, { grant_type: 'refresh_token', refresh_token: refreshToken });

const listEvents = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/events/list', headers: bearer(accessToken) });

const ROUNDS = 10;

describe('refreshing with the same token at the same moment (two tabs)', () => {
  it('gives every concurrent duplicate the same new pair and keeps the login', async () => {
    const user = await createUser(t.db);
    for (let round = 0; round < ROUNDS; round++) {
      const first = await login(t.app, user);
      const answers = await Promise.all(
        [t.app, other, t.app, other].map((app) => refreshOn(app, first.refresh_token)),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const pairs = answers.map((answer) => answer.json<TokenResponse>());
      expect(new Set(pairs.map((pair) => pair.access_token)).size).toBe(1);
      expect(new Set(pairs.map((pair) => pair.refresh_token)).size).toBe(1);
      const [pair] = pairs;
      expect((await listEvents(pair!.access_token)).statusCode).toBe(200);
      // The login goes on: the new refresh token renews it.
      t.clock.advance(REFRESH_GRACE_SECONDS + 1);
      expect((await refreshOn(other, pair!.refresh_token)).statusCode).toBe(200);
    }
  });

  it('gives a retry within the grace window the same pair; a reuse after it ends the login', async () => {
    const first = await login(t.app, await createUser(t.db));
    const rotated = (await refreshOn(t.app, first.refresh_token)).json<TokenResponse>();
    t.clock.advance(REFRESH_GRACE_SECONDS - 1);
    const retry = await refreshOn(other, first.refresh_token);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<TokenResponse>().access_token).toBe(rotated.access_token);
    expect(retry.json<TokenResponse>().issue_date).toBe(rotated.issue_date);
    expect((await listEvents(rotated.access_token)).statusCode).toBe(200);

    t.clock.advance(2);
    const reuse = await refreshOn(other, first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Sessão expirada. Entre novamente.',
    });
    expect((await listEvents(rotated.access_token)).statusCode).toBe(401);
    expect((await refreshOn(t.app, rotated.refresh_token)).statusCode).toBe(400);
  });

  it('gives nothing within the grace window once the login was ended', async () => {
    const first = await login(t.app, await createUser(t.db));
    const rotated = (await refreshOn(t.app, first.refresh_token)).json<TokenResponse>();
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/token/revoke',
      headers: bearer(rotated.access_token),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await refreshOn(other, first.refresh_token)).statusCode).toBe(400);
  });

  it('stores the pair only sealed: the row holds neither new token', async () => {
    const first = await login(t.app, await createUser(t.db));
    const rotated = (await refreshOn(t.app, first.refresh_token)).json<TokenResponse>();
    const rows = await t.db.selectFrom('tokens').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(rotated.access_token);
    expect(stored).not.toContain(rotated.refresh_token);
  });
});
