import type { Kysely } from 'kysely';
import type { LoginLock } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { accountLocks, clearAccountLock } from '../../auth/login-throttle.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';

const USER_NOT_FOUND = 'Usuário não encontrado.';
const NOT_LOCKED = 'O acesso deste usuário não está bloqueado.';

type Db = Kysely<Database>;

/** The users' names as the login limits count them (trimmed, lower case), to their users. */
async function usersByName(db: Db): Promise<Map<string, { id: number; username: string }>> {
  const users = await db.selectFrom('users').select(['id', 'username']).execute();
  return new Map(users.map((user) => [user.username.trim().toLowerCase(), user]));
}

/** GET /users/login-locks (System): the users a login limit holds now (names nobody has, left out). */
export async function loginLocks(db: Db, now: Date): Promise<LoginLock[]> {
  const users = await usersByName(db);
  return (await accountLocks(db, now)).flatMap((lock) => {
    const user = users.get(lock.name);
    return user ? [{ userId: user.id, username: user.username, failures: lock.failures }] : [];
  });
}

/**
 * DELETE /users/{id}/login-lock (System): forgets every attempt on the user's account, from every
 * address, so the owner signs in at once; audited as `desbloquear_login` on `users`.
 */
export async function clearLoginLock(
  db: Db,
  actor: AuditActor,
  userId: number,
  now: Date,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(USER_NOT_FOUND);
  const name = user.username.trim().toLowerCase();
  const lock = (await accountLocks(db, now)).find((held) => held.name === name);
  if (!lock) throw invalidRequest(NOT_LOCKED);
  await clearAccountLock(db, user.username);
  await recordAudit(db, actor, {
    entity: 'users',
    entityId: userId,
    action: 'desbloquear_login',
    before: { bloqueado: true, falhas: lock.failures },
    after: { bloqueado: false, falhas: 0 },
    at: now,
  });
}
