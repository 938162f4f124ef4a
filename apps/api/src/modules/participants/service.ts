import type { Kysely } from 'kysely';
import { CPF_INVALID_MESSAGE, isValidCpf } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';

/** A CPF as typed (bare or masked) to its 11 digits; 400 'cpf invalido' otherwise. */
export function requireCpf(text: string): string {
  if (!/^[\d.\-\s]+$/.test(text) || !isValidCpf(text)) throw invalidRequest(CPF_INVALID_MESSAGE);
  return text.replace(/\D/g, '');
}

/** The name of the participant with this CPF in the selected event (the store's client lookup). */
export async function participantName(
  db: Kysely<Database>,
  cpf: string,
): Promise<{ name: string }> {
  const row = await db
    .selectFrom('participants')
    .innerJoin('events', 'events.id', 'participants.event_id')
    .select('participants.name')
    .where('events.selected', '=', true)
    .where('participants.cpf', '=', requireCpf(cpf))
    .executeTakeFirst();
  if (!row) throw notFound('Participante não encontrado.');
  return { name: row.name };
}
