import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { EventDto } from '@balcao/contract';
import { isTransactionRace, isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/api-error.ts';
import { toEventDto } from './event-dto.ts';
import { requireEvent } from './require-event.ts';

/** The selected event's id: the desks sell, pay and draw only in it. */
export async function selectedEventId(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('selected', '=', true)
    .executeTakeFirst();
  return row?.id;
}

export async function getSelectedEvent(db: Kysely<Database>, timeZone: string): Promise<EventDto> {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('selected', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound('Nenhum evento selecionado.');
  return toEventDto(row, timeZone);
}

/** Newest first; events without a start date last; then by name. */
export async function listEvents(db: Kysely<Database>, timeZone: string): Promise<EventDto[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .orderBy('inicio', (order) => order.desc().nullsLast())
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => toEventDto(row, timeZone));
}

const SELECT_ATTEMPTS = 5;

/**
 * Makes one event the selected one. A unique index allows a single selected row; when two desks
 * select different events at once on PostgreSQL, the later transaction hits it and is retried.
 */
export async function selectEvent(
  db: Kysely<Database>,
  actor: AuditActor,
  now: Date,
  id: number,
  timeZone: string,
): Promise<EventDto> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await requireEvent(trx, id);
        const previous = await trx
          .selectFrom('events')
          .select(['id', 'name'])
          .where('selected', '=', true)
          .executeTakeFirst();
        await recordAudit(trx, actor, {
          entity: 'events',
          entityId: id,
          action: 'selecionar',
          before: { evento_selecionado: previous?.name ?? null },
          after: { evento_selecionado: row.name },
          at: now,
        });
        await trx
          .updateTable('events')
          .set({ selected: false })
          .where('selected', '=', true)
          .where('id', '!=', id)
          .execute();
        await trx.updateTable('events').set({ selected: true }).where('id', '=', id).execute();
        return toEventDto({ ...row, selected: true }, timeZone);
      });
    } catch (error) {
      // Desks selecting at once collide on the one-selected index or deadlock; the last one wins.
      const race = isUniqueViolation(error) || isTransactionRace(error);
      if (!race || attempt >= SELECT_ATTEMPTS) throw error;
    }
  }
}

/** The link an event's QR code opens: the SPA with the event preselected. */
export const eventLink = (origin: string, id: number): string => `${origin}/?evento=${id}`;

/** A PNG QR code of the event's link. */
export async function eventQrCode(db: Kysely<Database>, id: number, origin: string) {
  const row = await requireEvent(db, id);
  return QRCode.toBuffer(eventLink(origin, row.id), { type: 'png', margin: 2, width: 512 });
}
