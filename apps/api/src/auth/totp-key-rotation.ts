import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { DEVELOPMENT_TOTP_KEY, openTotpSecret, sealTotpSecret } from '../totp-secret-box.ts';

const COLUMNS = ['totp_secret', 'totp_pending_secret'] as const;

export interface Resealed {
  /** Users whose secrets were sealed again under the current key. */
  resealed: number;
  /** Users with a secret no key opens (they need an administrator's TOTP reset). */
  unreadable: number[];
}

/**
 * Run at startup when BALCAO_TOTP_KEY is set (docs/deploy.md, "Rotating BALCAO_TOTP_KEY"): every
 * stored secret the key does not open is sealed again under it, if one of the previous keys
 * (BALCAO_TOTP_PREVIOUS_KEYS) or the development key (secrets stored before the key was set)
 * opens it. Afterwards the previous keys can be dropped, and no secret stays under the
 * development key, which every copy of the code knows. A handful of users: one pass over those
 * with a secret, each one's columns in one update.
 */
export async function resealTotpSecrets(
  db: Kysely<Database>,
  key: Buffer,
  previous: readonly Buffer[],
): Promise<Resealed> {
  const current = [key];
  const every = [key, ...previous, DEVELOPMENT_TOTP_KEY];
  const users = await db
    .selectFrom('users')
    .select(['id', ...COLUMNS])
    .where((eb) => eb.or(COLUMNS.map((column) => eb(column, 'is not', null))))
    .orderBy('id')
    .execute();
  const result: Resealed = { resealed: 0, unreadable: [] };
  for (const user of users) {
    const changes: Partial<Record<(typeof COLUMNS)[number], string>> = {};
    try {
      for (const column of COLUMNS) {
        const stored = user[column];
        if (stored === null || opens(current, stored)) continue;
        changes[column] = sealTotpSecret(key, openTotpSecret(every, stored));
      }
    } catch {
      result.unreadable.push(user.id);
      continue;
    }
    if (Object.keys(changes).length === 0) continue;
    await db.updateTable('users').set(changes).where('id', '=', user.id).execute();
    result.resealed++;
  }
  return result;
}

function opens(keys: readonly Buffer[], stored: string): boolean {
  try {
    openTotpSecret(keys, stored);
    return true;
  } catch {
    return false;
  }
}

const PSP_COLUMNS = [
  'client_secret_sealed',
  'private_key_sealed',
  'webhook_secret_sealed',
] as const;

/**
 * The PSP connection's client secret, private key and webhook secret (modules/pix, docs/pix.md)
 * are sealed under the same key: sealed again at the same startup. 'unreadable' means no key
 * opens them: the connection must be saved again in 'Configuração PIX'.
 */
export async function resealPspSecrets(
  db: Kysely<Database>,
  key: Buffer,
  previous: readonly Buffer[],
): Promise<'resealed' | 'unchanged' | 'unreadable'> {
  const row = await db.selectFrom('pix_psp_settings').select(PSP_COLUMNS).executeTakeFirst();
  if (!row || PSP_COLUMNS.every((column) => opens([key], row[column]))) return 'unchanged';
  const every = [key, ...previous, DEVELOPMENT_TOTP_KEY];
  try {
    const sealed = Object.fromEntries(
      PSP_COLUMNS.map((column) => [
        column,
        sealTotpSecret(key, openTotpSecret(every, row[column])),
      ]),
    );
    await db.updateTable('pix_psp_settings').set(sealed).execute();
  } catch {
    return 'unreadable';
  }
  return 'resealed';
}

/**
 * The passes' signing key (modules/passes, docs/passes-api.md), sealed under the same key: sealed
 * again at the same startup. 'unreadable' means no key opens it: no pass can be issued until an
 * administrator makes a new key pair (every pass sent before then stops verifying).
 */
export async function resealPassKey(
  db: Kysely<Database>,
  key: Buffer,
  previous: readonly Buffer[],
): Promise<'resealed' | 'unchanged' | 'unreadable'> {
  const row = await db.selectFrom('pass_keys').select('private_key_sealed').executeTakeFirst();
  if (!row || opens([key], row.private_key_sealed)) return 'unchanged';
  try {
    const sealed = sealTotpSecret(
      key,
      openTotpSecret([key, ...previous, DEVELOPMENT_TOTP_KEY], row.private_key_sealed),
    );
    await db.updateTable('pass_keys').set({ private_key_sealed: sealed }).execute();
  } catch {
    return 'unreadable';
  }
  return 'resealed';
}
