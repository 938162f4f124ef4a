import type { Kysely } from 'kysely';
import type { Permission, PrintService, TokenResponse } from '@balcao/contract';
import type { App } from '../../src/app.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import type { Database } from '../../src/db/types.ts';
import type { NewEvent } from '../../src/db/tables/events.ts';

export const PASSWORD = 'senha-forte-123';

const hashes = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; fixtures reuse one hash per password. */
const hashOnce = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

let sequence = 0;
export const uniqueName = (prefix: string): string =>
  `${prefix}${++sequence}${Date.now() % 100_000}`;

const STAMP = '2025-03-01T12:00:00.000Z';

async function permissionIds(
  db: Kysely<Database>,
  names: readonly Permission[],
): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom('permissions').select('id').where('name', 'in', names).execute();
  return rows.map((row) => row.id);
}

export async function createProfile(
  db: Kysely<Database>,
  name: string,
  permissions: readonly Permission[],
): Promise<number> {
  const { id } = await db
    .insertInto('profiles')
    .values({ name, date_created: STAMP, date_updated: STAMP })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = await permissionIds(db, permissions);
  if (ids.length > 0) {
    await db
      .insertInto('profile_permissions')
      .values(ids.map((permission_id) => ({ profile_id: id, permission_id })))
      .execute();
  }
  return id;
}

export async function createCenter(
  db: Kysely<Database>,
  name: string,
  serial: number,
): Promise<number> {
  const { id } = await db
    .insertInto('centers')
    .values({
      name,
      serial,
      api_token: uniqueName('token-'),
      date_created: STAMP,
      date_updated: STAMP,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface UserFixture {
  username?: string;
  name?: string;
  password?: string;
  permissions?: readonly Permission[];
  profileIds?: readonly number[];
  active?: boolean;
  centerId?: number | null;
}

export interface CreatedUser {
  id: number;
  username: string;
  password: string;
}

export async function createUser(
  db: Kysely<Database>,
  fixture: UserFixture = {},
): Promise<CreatedUser> {
  const username = fixture.username ?? uniqueName('usuario');
  const password = fixture.password ?? PASSWORD;
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      name: fixture.name ?? `Nome de ${username}`,
      password_hash: await hashOnce(password),
      active: fixture.active ?? true,
      center_id: fixture.centerId ?? null,
      date_created: STAMP,
      date_updated: STAMP,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = await permissionIds(db, fixture.permissions ?? []);
  if (ids.length > 0) {
    await db
      .insertInto('user_permissions')
      .values(ids.map((permission_id) => ({ user_id: id, permission_id })))
      .execute();
  }
  for (const profile_id of fixture.profileIds ?? []) {
    await db.insertInto('user_profiles').values({ user_id: id, profile_id }).execute();
  }
  return { id, username, password };
}

export async function createEvent(
  db: Kysely<Database>,
  event: Partial<NewEvent> = {},
): Promise<number> {
  const { id } = await db
    .insertInto('events')
    .values({ name: uniqueName('Evento '), date_created: STAMP, date_updated: STAMP, ...event })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const bearer = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
});

export async function postToken(
  app: App,
  payload: Record<string, string>,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({ method: 'POST', url: '/api/token', payload, remoteAddress });
}

/** Signs in through the real endpoint and returns the token answer (fails the test otherwise). */
export async function login(
  app: App,
  user: { username: string; password: string },
): Promise<TokenResponse> {
  const response = await postToken(app, {
    grant_type: 'password',
    username: user.username,
    password: user.password,
  });
  if (response.statusCode !== 200) {
    throw new Error(`login de ${user.username} falhou: ${response.statusCode} ${response.body}`);
  }
  return response.json<TokenResponse>();
}

/** A printer with its agent's token (what 'Impressoras' creates). */
export async function createPrinter(
  db: Kysely<Database>,
  name: string,
): Promise<{ id: number; token: string }> {
  const token = `impressora-${Math.random().toString(36).slice(2)}`;
  const { id } = await db
    .insertInto('printers')
    .values({ name, serial: null, api_token: token, date_created: STAMP, date_updated: STAMP })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token };
}

/** Routes `origin`'s prints of `service` ('*': anyone's) to the printer. */
export async function mapPrinter(
  db: Kysely<Database>,
  origin: string,
  printerId: number,
  service: PrintService,
): Promise<void> {
  await db
    .insertInto('print_mappings')
    .values({ origin, printer_id: printerId, service, date_created: STAMP, date_updated: STAMP })
    .execute();
}
