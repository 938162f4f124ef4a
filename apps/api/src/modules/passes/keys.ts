import type { Kysely } from 'kysely';
import { newPassPrivateKey, passKeyFromHex, passKeyToHex, passPublicKey } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { openTotpSecret, sealTotpSecret, totpKeys } from '../../totp-secret-box.ts';

type Db = Kysely<Database>;

/**
 * One signing key pair per installation (docs/passes-api.md): every event's passes are signed by
 * it, so a desk holding the key tells 'another event' from 'forged' by the signed event id. The
 * private key is sealed under BALCAO_TOTP_KEY like the TOTP and PSP secrets (and sealed again
 * at start-up when the key rotates, auth/totp-key-rotation.ts); the public key is plain.
 */
export async function ensurePassKey(db: Db, sealKey: Buffer, now: Date): Promise<void> {
  const existing = await db.selectFrom('pass_keys').select('id').executeTakeFirst();
  if (existing) return;
  const privateKey = newPassPrivateKey();
  // Two instances starting together: the first insert wins, the other's key is never used.
  await db
    .insertInto('pass_keys')
    .values({
      id: 1,
      public_key: passKeyToHex(passPublicKey(privateKey)),
      private_key_sealed: sealTotpSecret(sealKey, passKeyToHex(privateKey)),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The installation's public key; `eventId` names whose passes it checks (the same key today). */
export async function passPublicKeyFor(db: Db, _eventId: number): Promise<Uint8Array> {
  const row = await db.selectFrom('pass_keys').select('public_key').executeTakeFirstOrThrow();
  return passKeyFromHex(row.public_key)!;
}

/** The private key that signs passes, opened with the server's keys. */
export async function passPrivateKey(db: Db, sealKey: Buffer): Promise<Uint8Array> {
  const row = await db
    .selectFrom('pass_keys')
    .select('private_key_sealed')
    .executeTakeFirstOrThrow();
  return passKeyFromHex(openTotpSecret(totpKeys(sealKey), row.private_key_sealed))!;
}
