import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PERMISSIONS } from '@balcao/contract';
import { hashPassword } from './passwords.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/types.ts';

export const ADMIN_PROFILE = 'Administrador';

export interface SeedOptions {
  adminUser: string;
  /** null generates a strong random password, returned once so it can be shown. */
  adminPassword: string | null;
  now: Date;
}

export interface CreatedAdmin {
  username: string;
  password: string;
  generated: boolean;
}

/**
 * Makes sure every permission exists and, on a database without users, creates the
 * 'Administrador' profile (all permissions but the kiosk's) and the first admin user. Safe to run on every start.
 */
export async function seed(
  db: Kysely<Database>,
  options: SeedOptions,
): Promise<CreatedAdmin | null> {
  await insertMissingPermissions(db);
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return null;

  const password = options.adminPassword ?? randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  const stamp = options.now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const profileId = await ensureAdminProfile(trx, stamp);
      const user = await trx
        .insertInto('users')
        .values({
          username: options.adminUser,
          name: ADMIN_PROFILE,
          password_hash: passwordHash,
          active: true,
          date_created: stamp,
          date_updated: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_profiles')
        .values({ user_id: user.id, profile_id: profileId })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null; // another instance seeded first
    throw error;
  }
  return { username: options.adminUser, password, generated: options.adminPassword === null };
}

async function insertMissingPermissions(db: Kysely<Database>): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('permissions').select('name').execute()).map((row) => row.name),
  );
  const missing = PERMISSIONS.filter((name) => !existing.has(name));
  if (missing.length > 0) {
    await db
      .insertInto('permissions')
      .values(missing.map((name) => ({ name })))
      // Instances starting together on one database race to add the same new permission.
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
  }
}

async function ensureAdminProfile(db: Kysely<Database>, stamp: string): Promise<number> {
  const found = await db
    .selectFrom('profiles')
    .select('id')
    .where('name', '=', ADMIN_PROFILE)
    .executeTakeFirst();
  const profileId =
    found?.id ??
    (
      await db
        .insertInto('profiles')
        .values({ name: ADMIN_PROFILE, date_created: stamp, date_updated: stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const linked = db
    .selectFrom('profile_permissions')
    .select('permission_id')
    .where('profile_id', '=', profileId);
  const unlinked = await db
    .selectFrom('permissions')
    .select('id')
    .where('id', 'not in', linked)
    // A kiosk holds only its page (isKiosk): the admin must not become one.
    .where('name', '!=', 'Kiosk')
    .execute();
  if (unlinked.length > 0) {
    await db
      .insertInto('profile_permissions')
      .values(
        unlinked.map((permission) => ({ profile_id: profileId, permission_id: permission.id })),
      )
      .execute();
  }
  return profileId;
}
