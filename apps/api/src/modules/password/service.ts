import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Kysely } from 'kysely';
import type { PasswordUpdateRequest } from '@balcao/contract';
import type { Auth } from '../../auth/access-control.ts';
import { throttleKeys, throttledCheck } from '../../auth/login-throttle.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeUserLogins } from '../../auth/tokens.ts';
import type { Database } from '../../db/types.ts';
import { invalidRequest } from '../../http/api-error.ts';

export const MIN_PASSWORD_LENGTH = 8;

/** Changes the caller's password and ends their other logins; the current one keeps working. */
export async function updateOwnPassword(
  db: Kysely<Database>,
  auth: Auth,
  actor: AuditActor,
  request: PasswordUpdateRequest,
  address: string,
  now: Date,
): Promise<void> {
  const { password_hash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', auth.user.id)
    .executeTakeFirstOrThrow();
  // Guesses of the current password count against the account like login attempts.
  await throttledCheck(
    db,
    throttleKeys(auth.user.username, address),
    now,
    async () => ((await verifyPassword(password_hash, request.currentPassword)) ? true : undefined),
    () => invalidRequest('Senha atual incorreta.'),
  );
  if ([...request.newPassword].length < MIN_PASSWORD_LENGTH) {
    throw invalidRequest(`A nova senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`);
  }
  if (request.newPassword !== request.newPasswordConfirmation) {
    throw invalidRequest('A confirmação não confere com a nova senha.');
  }

  const newHash = await hashPassword(request.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: newHash, date_updated: now.toISOString() })
      .where('id', '=', auth.user.id)
      .execute();
    await revokeUserLogins(trx, auth.user.id, now, auth.familyId);
    await recordAudit(trx, actor, {
      entity: 'users',
      entityId: auth.user.id,
      action: 'senha',
      before: { password_hash },
      after: { password_hash: newHash },
      at: now,
    });
  });
}
