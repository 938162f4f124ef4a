import type { Kysely } from 'kysely';
import { CPF_INVALID_MESSAGE, parseCpf } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';
import { type AuditActor, recordCpfView } from '../audit/index.ts';

/** A CPF as typed (bare or masked, see `parseCpf`) to its 11 digits; 400 'cpf invalido' otherwise. */
export function requireCpf(text: string): string {
  const digits = parseCpf(text);
  if (digits === undefined) throw invalidRequest(CPF_INVALID_MESSAGE);
  return digits;
}

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
