import type { Kysely } from 'kysely';
import { PERMISSIONS, type CenterRef, type Permission } from '@balcao/contract';
import type { Database } from '../db/types.ts';

export interface SignedInUser {
  id: number;
  username: string;
  name: string;
  /** Direct permissions plus those of the user's profiles, in PERMISSIONS order. */
  permissions: Permission[];
  center: CenterRef | null;
}

/** An active user with everything a request or a token answer needs, or undefined. */
export async function loadSignedInUser(
  db: Kysely<Database>,
  userId: number,
): Promise<SignedInUser | undefined> {
  const user = await db
    .selectFrom('users')
    .leftJoin('centers', 'centers.id', 'users.center_id')
    .select([
      'users.id',
      'users.username',
      'users.name',
      'centers.id as centerId',
      'centers.name as centerName',
    ])
    .where('users.id', '=', userId)
    .where('users.active', '=', true)
    .executeTakeFirst();
  if (!user) return undefined;
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    permissions: await loadPermissions(db, userId),
    center: centerRef(user.centerId, user.centerName),
  };
}

export const centerRef = (id: number | null, name: string | null): CenterRef | null =>
  id !== null && name !== null ? { id, name } : null;

export async function loadPermissions(db: Kysely<Database>, userId: number): Promise<Permission[]> {
  const direct = db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('permissions.name')
    .where('user_permissions.user_id', '=', userId);
  const fromProfiles = db
    .selectFrom('user_profiles')
    .innerJoin('profile_permissions', 'profile_permissions.profile_id', 'user_profiles.profile_id')
    .innerJoin('permissions', 'permissions.id', 'profile_permissions.permission_id')
    .select('permissions.name')
    .where('user_profiles.user_id', '=', userId);
  const names = new Set((await direct.union(fromProfiles).execute()).map((row) => row.name));
  return PERMISSIONS.filter((permission) => names.has(permission));
}
