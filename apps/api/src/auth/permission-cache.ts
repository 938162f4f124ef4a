import type { Kysely } from 'kysely';
import type { Permission } from '@balcao/contract';
import type { Database } from '../db/types.ts';
import { loadPermissions } from './signed-in-user.ts';

/**
 * Each API instance keeps the permissions of the users it has seen, stamped with the user's
 * `auth_version`. The request's token query reads the current stamp anyway (one indexed join), so
 * an entry is used only while the database still holds that stamp: a change made through any
 * instance shows on the very next request everywhere, and no timer is involved.
 */
export class PermissionCache {
  readonly #entries = new Map<number, { version: number; permissions: Permission[] }>();

  constructor(private readonly capacity = 10_000) {}

  async permissionsOf(
    db: Kysely<Database>,
    userId: number,
    version: number,
  ): Promise<Permission[]> {
    const entry = this.#entries.get(userId);
    if (entry?.version === version) return entry.permissions;
    // Read after the stamp, so what is stored is never older than the stamp it is filed under.
    const permissions = await loadPermissions(db, userId);
    this.#entries.delete(userId);
    if (this.#entries.size >= this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(userId, { version, permissions });
    return permissions;
  }
}

/** Call in the transaction that changes a user's permissions, profiles or active flag. */
export async function bumpAuthVersion(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ auth_version: eb('auth_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Call in the transaction that changes a profile's permissions: every holder is affected. */
export async function bumpProfileAuthVersion(
  db: Kysely<Database>,
  profileId: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ auth_version: eb('auth_version', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb.selectFrom('user_profiles').select('user_id').where('profile_id', '=', profileId),
    )
    .execute();
}
