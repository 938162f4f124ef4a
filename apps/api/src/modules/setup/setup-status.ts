import type { ExpressionBuilder, Kysely } from 'kysely';
import {
  DESK_PERMISSIONS,
  SETUP_STEPS,
  isSetupComplete,
  type Permission,
  type SetupStatus,
  type SetupStepKey,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

async function exists(query: Promise<unknown>): Promise<boolean> {
  return (await query) !== undefined;
}

/** Whether the outer query's user holds any of `names`, directly or by profile. */
function holds(eb: ExpressionBuilder<Database, 'users'>, names: readonly Permission[]) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('user_permissions')
        .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
        .select('user_permissions.user_id')
        .whereRef('user_permissions.user_id', '=', 'users.id')
        .where('permissions.name', 'in', names),
    ),
    eb.exists(
      eb
        .selectFrom('user_profiles')
        .innerJoin(
          'profile_permissions',
          'profile_permissions.profile_id',
          'user_profiles.profile_id',
        )
        .innerJoin('permissions', 'permissions.id', 'profile_permissions.permission_id')
        .select('user_profiles.user_id')
        .whereRef('user_profiles.user_id', '=', 'users.id')
        .where('permissions.name', 'in', names),
    ),
  ]);
}

/** Whether an active user holds a desk's permission and is no System admin. */
function deskUserExists(db: Db, wanted: readonly Permission[]): Promise<boolean> {
  return exists(
    db
      .selectFrom('users')
      .select('users.id')
      .where('users.active', '=', true)
      .where((eb) => eb.and([holds(eb, wanted), eb.not(holds(eb, ['System']))]))
      .limit(1)
      .executeTakeFirst(),
  );
}

/** One query per step of the first-run checklist (packages/contract SETUP_STEPS). */
export async function getSetupStatus(db: Db): Promise<SetupStatus> {
  const any = (
    table: 'courses' | 'cities' | 'centers' | 'events' | 'products' | 'printers' | 'pix_settings',
  ) => exists(db.selectFrom(table).select('id').limit(1).executeTakeFirst());
  const checks: Record<SetupStepKey, Promise<boolean>> = {
    course: any('courses'),
    city: any('cities'),
    center: any('centers'),
    event: any('events'),
    selectedEvent: exists(
      db.selectFrom('events').select('id').where('selected', '=', true).executeTakeFirst(),
    ),
    accreditationUser: deskUserExists(db, DESK_PERMISSIONS.accreditationUser),
    products: any('products'),
    storeUser: deskUserExists(db, DESK_PERMISSIONS.storeUser),
    printers: any('printers'),
    pix: any('pix_settings'),
  };
  const keys = SETUP_STEPS.map((step) => step.key);
  const answers = await Promise.all(keys.map((key) => checks[key]));
  const done = Object.fromEntries(keys.map((key, i) => [key, answers[i] === true])) as Record<
    SetupStepKey,
    boolean
  >;
  return { complete: isSetupComplete(done), steps: keys.map((key) => ({ key, done: done[key] })) };
}
