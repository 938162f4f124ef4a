import type { Kysely } from 'kysely';
import { checkPassFor, type PassCheck, signPass } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { passPrivateKey, passPublicKeyFor } from './keys.ts';

type Db = Kysely<Database>;

export const PASS_PARTICIPANT_NOT_FOUND = 'Participante não encontrado.';
export const PASS_ANONYMIZED = 'Este participante foi anonimizado: não tem ingresso.';

/**
 * A scanned pass at a desk or kiosk of `eventId`: the participant it names, or why it is refused
 * (contract `checkPassFor`, the same judgement an offline desk makes).
 */
export async function checkPass(db: Db, eventId: number, text: string): Promise<PassCheck> {
  const publicKey = await passPublicKeyFor(db, eventId);
  const claimed = /^\s*BP1\.\d+\.(\d{1,15})\./i.exec(text);
  const row = claimed
    ? await db
        .selectFrom('participants')
        .select(['id', 'pass_version', 'anonymized_at'])
        .where('id', '=', Number(claimed[1]))
        .where('event_id', '=', eventId)
        .executeTakeFirst()
    : undefined;
  return checkPassFor(text, publicKey, eventId, (id) =>
    row && row.id === id
      ? { version: Number(row.pass_version), anonymized: row.anonymized_at !== null }
      : null,
  );
}

/** The QR text of a participant's current pass. */
export async function issuePass(
  db: Db,
  sealKey: Buffer,
  eventId: number,
  participantId: number,
): Promise<string> {
  const row = await db
    .selectFrom('participants')
    .select(['pass_version', 'anonymized_at'])
    .where('id', '=', participantId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) throw notFound(PASS_PARTICIPANT_NOT_FOUND);
  if (row.anonymized_at !== null) throw invalidRequest(PASS_ANONYMIZED);
  const claims = { eventId, participantId, version: Number(row.pass_version) };
  return signPass(claims, await passPrivateKey(db, sealKey));
}

/**
 * 'Reemitir ingresso': the participant's pass version goes up, so every QR sent before answers
 * 'reissued'. The participant's `date_updated` moves too, so the offline replicas' next changes
 * carry the new version.
 */
export async function reissuePass(
  db: Db,
  actor: AuditActor,
  participantId: number,
  now: Date,
): Promise<{ version: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('participants')
      .select(['pass_version', 'anonymized_at'])
      .where('id', '=', participantId)
      .executeTakeFirst();
    if (!row) throw notFound(PASS_PARTICIPANT_NOT_FOUND);
    if (row.anonymized_at !== null) throw invalidRequest(PASS_ANONYMIZED);
    const updated = await trx
      .updateTable('participants')
      .set((eb) => ({ pass_version: eb('pass_version', '+', 1), date_updated: now.toISOString() }))
      .where('id', '=', participantId)
      .returning('pass_version')
      .executeTakeFirstOrThrow();
    const version = Number(updated.pass_version);
    await recordAudit(trx, actor, {
      entity: 'participants',
      entityId: participantId,
      action: 'reemitir_ingresso',
      before: { versao_ingresso: Number(row.pass_version) },
      after: { versao_ingresso: version },
      at: now,
    });
    return { version };
  });
}
