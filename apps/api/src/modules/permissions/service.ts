import type { Kysely } from 'kysely';
import { PERMISSIONS, PERMISSION_LABELS, isPermission, type PermissionRow } from '@balcao/contract';
import type { Database } from '../../db/types.ts';

/** Every permission with its pt-BR label, in SPEC.md section 6 order (the profile checklist). */
export async function listPermissions(db: Kysely<Database>): Promise<PermissionRow[]> {
  const rows = await db.selectFrom('permissions').select(['id', 'name']).execute();
  return rows
    .flatMap(({ id, name }) =>
      isPermission(name) ? [{ id, name, friendlyName: PERMISSION_LABELS[name] }] : [],
    )
    .sort((a, b) => PERMISSIONS.indexOf(a.name) - PERMISSIONS.indexOf(b.name));
}
