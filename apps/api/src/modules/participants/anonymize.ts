import type { Kysely } from 'kysely';
import { ANONYMIZED_NAME, anonymizedCpf, type ParticipantDto } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';
import { truncateWal } from '../../db/database.ts';
import { erasePrintsOf } from '../../printing/queue.ts';
import {
  type AuditActor,
  type AuditErasure,
  eraseFromAudit,
  flushCpfViews,
  jsonEraser,
  recordAudit,
} from '../audit/index.ts';
import { anonymizeOrderCustomer, eraseStoredAnswers } from '../orders/index.ts';
import { renameBuyer } from '../reports/index.ts';
import { participantQuery, toParticipantDto, type ParticipantRecord } from './participant-dto.ts';

export const ALREADY_ANONYMIZED = 'Este participante já foi anonimizado.';
const PARTICIPANT_NOT_FOUND = 'Participante não encontrado.';
/** The address an anonymised participant's e-mail sendings keep (the column is required). */
const ANONYMIZED_EMAIL = 'anonimizado@invalid';
const PERSONAL_FIELDS = [
  'cpf',
  'name',
  'usual_name',
  'email',
  'telefone',
  'consultor',
  'business',
] as const;
/** A shorter value ('Ana', a badge name) is erased where it is a field, not wherever it is equal. */
const MIN_ERASED_LENGTH = 4;

/**
 * POST /participants/{id}/anonymize ('Anonimizar participante', System): replaces the participant's
 * personal data (name, badge name, CPF, e-mail, phone, consultant, business) with placeholders, and
 * the copies of it kept with their orders, e-mail sendings and lottery draws, in one transaction.
 * Ids, amounts, states, check-ins and courseware stay, so sales, attendance counts and reports keep
 * their totals. The audit log's earlier rows about them (CPF views, edits, their orders) keep who,
 * when and what, with the same placeholders; the stored answers of their orders' keyed payments
 * are rewritten the same way, and the print files showing them deleted. On SQLite the WAL is then
 * emptied, so no copy stays in the files (with secure_delete). Irreversible; a second call is 400.
 */
export async function anonymizeParticipant(
  db: Kysely<Database>,
  actor: AuditActor,
  participantId: number,
  now: Date,
): Promise<ParticipantDto> {
  const stamp = now.toISOString();
  const cpf = anonymizedCpf(participantId);
  // This instance's queued CPF views go in first, so the erasure below reaches them too.
  await flushCpfViews(db);
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('participants')
      .select(['id', 'anonymized_at', ...PERSONAL_FIELDS])
      .where('id', '=', participantId)
      .executeTakeFirst();
    if (!existing) throw notFound(PARTICIPANT_NOT_FOUND);
    // Conditional, so of two simultaneous calls only one anonymises and the other is refused.
    const changed = await trx
      .updateTable('participants')
      .set((eb) => ({
        cpf,
        name: ANONYMIZED_NAME,
        usual_name: null,
        email: null,
        telefone: null,
        consultor: null,
        business: null,
        anonymized_at: stamp,
        date_updated: stamp,
        // Every pass sent before stops matching, on the server and in any replica still held.
        pass_version: eb('pass_version', '+', 1),
      }))
      .where('id', '=', participantId)
      .where('anonymized_at', 'is', null)
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) throw invalidRequest(ALREADY_ANONYMIZED);
    // The buyers' report is keyed by the orders' copy of the name and CPF: it moves with them.
    await renameBuyer(trx, participantId, () =>
      anonymizeOrderCustomer(trx, participantId, cpf, ANONYMIZED_NAME),
    );
    await trx
      .updateTable('email_recipients')
      .set({ name: ANONYMIZED_NAME, email: ANONYMIZED_EMAIL })
      .where('participant_id', '=', participantId)
      .execute();
    await trx
      .updateTable('lottery_draws')
      .set({ participant_name: ANONYMIZED_NAME })
      .where('participant_id', '=', participantId)
      .execute();
    // The offline replica's key was computed from the CPF: it goes with it.
    await trx.deleteFrom('offline_keys').where('participant_id', '=', participantId).execute();
    const orders = await trx
      .selectFrom('orders')
      .select('id')
      .where('participant_id', '=', participantId)
      .execute();
    const orderIds = orders.map((order) => order.id);
    const erasure: AuditErasure = {
      cpf: existing.cpf,
      name: existing.name,
      placeholderCpf: cpf,
      placeholderName: ANONYMIZED_NAME,
      others: PERSONAL_FIELDS.map((field) => existing[field]).filter(
        (value): value is string => typeof value === 'string' && value.length >= MIN_ERASED_LENGTH,
      ),
      fields: {
        cpf,
        name: ANONYMIZED_NAME,
        customer_name: ANONYMIZED_NAME,
        nome: ANONYMIZED_NAME, // the orders' answers (OrderDto)
        usual_name: null,
        email: null,
        telefone: null,
        consultor: null,
        business: null,
      },
      records: [
        { entity: 'participants', ids: [participantId] },
        { entity: 'orders', ids: orderIds },
        { entity: 'order_payments', ids: orderIds },
      ],
    };
    await eraseFromAudit(trx, erasure);
    await eraseStoredAnswers(trx, orderIds, jsonEraser(erasure));
    await erasePrintsOf(trx, participantId, now);
    // Which fields were replaced, never their old values: the log must not keep what was erased.
    await recordAudit(trx, actor, {
      entity: 'participants',
      entityId: participantId,
      action: 'anonimizar',
      after: { campos: [...PERSONAL_FIELDS] },
      at: now,
    });
  });
  // The erased rows' earlier versions leave the SQLite WAL now (secure_delete zeroes the file's).
  await truncateWal(db);
  const row = await participantQuery(db)
    .where('participants.id', '=', participantId)
    .executeTakeFirst();
  if (!row) throw notFound(PARTICIPANT_NOT_FOUND);
  return toParticipantDto(row as ParticipantRecord);
}
