import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { EventTable } from '../../db/tables/events.ts';
import { notFound } from '../../http/api-error.ts';

export const EVENT_NOT_FOUND = 'Evento não encontrado.';

/** The event with this id, or 404 'Evento não encontrado.': the one place that says it. */
export async function requireEvent(
  db: Kysely<Database>,
  id: number,
): Promise<Selectable<EventTable>> {
  const event = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}
