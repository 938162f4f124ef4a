import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { ParticipantValues } from './participant-rows.ts';

type WrittenColumn = Exclude<keyof ParticipantValues, 'cpf'>;

const ALWAYS_WRITTEN: readonly WrittenColumn[] = [
  'name',
  'email',
  'pacote',
  'status',
  'status_original',
  'center_id',
  'business',
];

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes one batch of valid, distinct-CPF lines in one transaction: one indexed read of the
 * batch's CPFs, then one multi-row upsert of the new and changed lines only. Unchanged lines are
 * not written, so their dateUpdated stays; the upsert (not a plain insert) keeps a concurrent
 * import of the same CPF from failing the batch.
 */
export async function writeParticipants(
  db: Kysely<Database>,
  eventId: number,
  batch: readonly ParticipantValues[],
  stamp: string,
  counts: Counts,
): Promise<void> {
  const first = batch[0];
  if (!first) return;
  // Optional columns are in every line of a file or in none.
  const columns = ALWAYS_WRITTEN.concat(
    (['telefone', 'consultor'] as const).filter((column) => column in first),
  );

  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('participants')
      .select(['cpf', ...columns])
      .where('event_id', '=', eventId)
      .where(
        'cpf',
        'in',
        batch.map((line) => line.cpf),
      )
      .execute();
    const byCpf = new Map(existing.map((row) => [row.cpf, row]));

    const writes: ParticipantValues[] = [];
    for (const line of batch) {
      const found = byCpf.get(line.cpf);
      if (!found) counts.created++;
      else if (columns.every((column) => (found[column] ?? null) === (line[column] ?? null))) {
        counts.unchanged++;
        continue;
      } else counts.updated++;
      writes.push(line);
    }
    if (writes.length === 0) return;

    await trx
      .insertInto('participants')
      .values(
        writes.map((line) => ({
          ...line,
          event_id: eventId,
          date_created: stamp,
          date_updated: stamp,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['event_id', 'cpf']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          email: eb.ref('excluded.email'),
          pacote: eb.ref('excluded.pacote'),
          status: eb.ref('excluded.status'),
          status_original: eb.ref('excluded.status_original'),
          center_id: eb.ref('excluded.center_id'),
          business: eb.ref('excluded.business'),
          date_updated: eb.ref('excluded.date_updated'),
          ...(columns.includes('telefone') ? { telefone: eb.ref('excluded.telefone') } : {}),
          ...(columns.includes('consultor') ? { consultor: eb.ref('excluded.consultor') } : {}),
        })),
      )
      .execute();
  });
}
