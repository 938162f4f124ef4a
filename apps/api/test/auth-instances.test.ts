import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { TOKEN_INVALID, type TokenResponse } from '@balcao/contract';
import { buildApp, type App } from '../src/app.ts';
import { REFRESH_GRACE_SECONDS } from '../src/auth/tokens.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/types.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createProfile, createUser, login, postToken } from './helpers/fixtures.ts';
import { form, rowForm, tableCaller, type TableCaller } from './helpers/tables.ts';

// Two API instances over one database, as behind a load balancer: each keeps its own permission
// cache, and every change made through one must show on the other's very next request.
let t: TestContext;
let otherDb: Kysely<Database>;
let other: App;
let admin: TableCaller; // System, calling instance `t.app`

beforeAll(async () => {
  t = await startTestApp();
  otherDb = openDatabase(t.config.databaseUrl).db;
  other = await buildApp({ config: t.config, db: otherDb });
  await other.ready();
  admin = await tableCaller(t, ['System']);
});
afterAll(async () => {
  await other.close();
  await otherDb.destroy();
  await t.close();
});

/** GET /api/courses/select on the other instance: any signed-in user with Course passes. */
const coursesOnOther = (accessToken: string) =>
  other.inject({ method: 'GET', url: '/api/courses/select', headers: bearer(accessToken) });

describe('a change made through one instance, seen by the next request on another', () => {
  it('logout ends the login', async () => {
    const token = await login(t.app, await createUser(t.db, { permissions: ['Course'] }));
    expect((await coursesOnOther(token.access_token)).statusCode).toBe(200);

    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/token/revoke',
      headers: bearer(token.access_token),
    });

    expect(revoke.statusCode).toBeLessThan(300);
    const after = await coursesOnOther(token.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(TOKEN_INVALID);
  });

  it('refresh rotation: the new token works at once, and a reused refresh token ends the login', async () => {
    const first = await login(t.app, await createUser(t.db, { permissions: ['Course'] }));
    expect((await coursesOnOther(first.access_token)).statusCode).toBe(200);

    const rotate = () =>
      postToken(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    const second = (await rotate()).json<TokenResponse>();
    expect((await coursesOnOther(second.access_token)).statusCode).toBe(200);

    t.clock.advance(REFRESH_GRACE_SECONDS + 1); // a second exchange this late is a reuse
    expect((await rotate()).statusCode).toBe(400);
    expect((await coursesOnOther(second.access_token)).statusCode).toBe(401);
    expect((await coursesOnOther(first.access_token)).statusCode).toBe(401);
  });

  it('a password change ends the other logins', async () => {
    const user = await createUser(t.db, { permissions: ['Course'] });
    const here = await login(t.app, user);
    const elsewhere = await login(t.app, user);
    expect((await coursesOnOther(elsewhere.access_token)).statusCode).toBe(200);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/users/password/update',
      headers: bearer(here.access_token),
      payload: {
        currentPassword: user.password,
        newPassword: 'outra-senha-forte',
        newPasswordConfirmation: 'outra-senha-forte',
      },
    });

    expect(change.statusCode).toBe(204);
    expect((await coursesOnOther(elsewhere.access_token)).statusCode).toBe(401);
    expect((await coursesOnOther(here.access_token)).statusCode).toBe(200);
  });

  it('a permission removed from a profile is refused to every holder', async () => {
    const profileId = await createProfile(t.db, `Cursos ${Date.now()}`, ['Course', 'Report']);
    const holders = [
      await createUser(t.db, { profileIds: [profileId] }),
      await createUser(t.db, { profileIds: [profileId] }),
    ];
    const tokens = await Promise.all(holders.map((holder) => login(t.app, holder)));
    for (const token of tokens) {
      expect((await coursesOnOther(token.access_token)).statusCode).toBe(200);
    }

    const edit = await admin.post(
      `/api/profiles/update/${profileId}`,
      form([[`data[${profileId}][permissions][][id]`, await permissionIdOf('Attendance')]]),
    );

    expect(edit.statusCode).toBe(200);
    for (const token of tokens) {
      expect((await coursesOnOther(token.access_token)).statusCode).toBe(403);
    }
  });

  it('a permission granted in the users editor opens the route at once', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    expect((await coursesOnOther(token.access_token)).statusCode).toBe(403);

    const edit = await admin.post(
      `/api/users/update/${user.id}`,
      form([[`data[${user.id}][permissions][][id]`, await permissionIdOf('Course')]]),
    );

    expect(edit.statusCode).toBe(200);
    expect((await coursesOnOther(token.access_token)).statusCode).toBe(200);
  });

  it('a deactivated user is signed out', async () => {
    const user = await createUser(t.db, { permissions: ['Course'] });
    const token = await login(t.app, user);
    expect((await coursesOnOther(token.access_token)).statusCode).toBe(200);

    const edit = await admin.post(
      `/api/users/update/${user.id}`,
      rowForm(user.id, { active: 'false' }),
    );

    expect(edit.statusCode).toBe(200);
    const after = await coursesOnOther(token.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(TOKEN_INVALID);
  });
});

async function permissionIdOf(name: string): Promise<string> {
  const row = await t.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return String(row.id);
}
