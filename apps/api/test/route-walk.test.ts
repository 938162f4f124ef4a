import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, TOKEN_INVALID, type Permission } from '@balcao/contract';
import type { RouteAccess } from '../src/auth/access-control.ts';
import { issueTokens } from '../src/auth/tokens.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createUser } from './helpers/fixtures.ts';

/**
 * Walks every declared /api route: without a token, with a user holding no permission, and with
 * a user holding exactly one permission, for each of the 23. New routes join the walk by existing.
 */
let t: TestContext;
let userWithoutPermissions: number;
const userWith = new Map<Permission, number>();

beforeAll(async () => {
  t = await startTestApp();
  userWithoutPermissions = (await createUser(t.db)).id;
  for (const permission of PERMISSIONS) {
    userWith.set(permission, (await createUser(t.db, { permissions: [permission] })).id);
  }
});
afterAll(() => t.close());

// Each request gets a fresh login: some routes (revoke, password update) may end the one they use.
async function call(route: RouteAccess, userId?: number) {
  const headers =
    userId === undefined
      ? {}
      : bearer((await issueTokens(t.db, userId, t.config, t.clock.now())).accessToken);
  const url = route.url.replace(/:(\w+)/g, '1');
  return t.app.inject({ method: route.method as 'GET', url, headers });
}

/** The access rule: a kiosk (issue #43) reaches only routes naming it and the logout. */
function reaches(route: RouteAccess, held: readonly Permission[]): boolean {
  if (route.access === 'public') return true;
  if (route.access === 'printer') return false;
  if (held.includes('Kiosk')) {
    return route.access === 'signedIn' ? route.kiosk === true : route.access.includes('Kiosk');
  }
  return route.access === 'signedIn' || route.access.some((p) => held.includes(p));
}

const guarded = () => t.app.routeAccess.filter((route) => route.access !== 'public');

describe('route walk', () => {
  it('has routes to walk', () => {
    expect(guarded().length).toBeGreaterThanOrEqual(5);
  });

  it('answers 401 Token is invalid on every non-public route without a token', async () => {
    for (const route of guarded()) {
      const response = await call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual(TOKEN_INVALID);
    }
  });

  it('lets a user without permissions into signed-in routes only', async () => {
    for (const route of guarded()) {
      const response = await call(route, userWithoutPermissions);
      const label = `${route.method} ${route.url} -> ${response.statusCode} ${response.body}`;
      if (route.access === 'printer') expect(response.statusCode, label).toBe(401);
      else if (route.access === 'signedIn')
        expect([401, 403], label).not.toContain(response.statusCode);
      else expect(response.statusCode, label).toBe(403);
    }
  });

  it('lets each single permission through exactly the routes that list it', async () => {
    for (const route of guarded()) {
      for (const permission of PERMISSIONS) {
        const response = await call(route, userWith.get(permission));
        const label = `${route.method} ${route.url} with ${permission} -> ${response.statusCode}`;
        if (route.access === 'printer') {
          // A user's token is never a printer's apiToken, whatever the user may do.
          expect(response.statusCode, label).toBe(401);
          continue;
        }
        const allowed = reaches(route, [permission]);
        if (allowed) expect([401, 403], label).not.toContain(response.statusCode);
        else expect(response.statusCode, label).toBe(403);
      }
    }
    // Every route times every permission: a few thousand requests, each with a fresh login.
  }, 300_000);

  it('keeps a kiosk to its calls even when it holds every other permission', async () => {
    const kiosk = (await createUser(t.db, { permissions: [...PERMISSIONS] })).id;
    const reached: string[] = [];
    for (const route of guarded()) {
      if (route.access === 'printer') continue;
      const response = await call(route, kiosk);
      const label = `${route.method} ${route.url} -> ${response.statusCode}`;
      if (reaches(route, PERMISSIONS)) {
        expect([401, 403], label).not.toContain(response.statusCode);
        reached.push(`${route.method} ${route.url}`);
      } else expect(response.statusCode, label).toBe(403);
    }
    expect(reached).toContain('POST /api/kiosk/check');
    expect(reached).toContain('POST /api/token/revoke');
    // Offline (docs/kiosk-api.md) it reads the replica and the badge layout and sends its queue.
    const offline = [
      'GET /api/offline/replica',
      'POST /api/offline/actions',
      'GET /api/layouts/:document',
    ];
    expect(reached).toEqual(expect.arrayContaining(offline));
    expect(
      reached.every(
        (route) =>
          route.includes('/api/kiosk/') || route.endsWith('/revoke') || offline.includes(route),
      ),
    ).toBe(true);
  }, 60_000);
});
