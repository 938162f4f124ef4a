import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/api-error.ts';
import { requireCpf } from '../../http/cpf.ts';
import { type AuditActor, recordCpfView } from '../audit/index.ts';

/** The name of the participant with this CPF in the selected event (the store's client lookup). */
export async function participantName(
  db: Kysely<Database>,
  view: { actor: AuditActor; at: Date },
  cpf: string,
): Promise<{ name: string }> {
  const digits = requireCpf(cpf);
  const row = await db
    .selectFrom('participants')
    .innerJoin('events', 'events.id', 'participants.event_id')
    .select(['participants.id', 'participants.name'])
    .where('events.selected', '=', true)
    .where('participants.cpf', '=', digits)
    .executeTakeFirst();
  await recordCpfView(db, view.actor, {
    cpf: digits,
    participantId: row?.id,
    lookup: 'cliente',
    at: view.at,
  });
  if (!row) throw notFound('Participante não encontrado.');
  return { name: row.name };
}
