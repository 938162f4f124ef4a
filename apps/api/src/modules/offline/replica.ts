import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  OFFLINE_REPLICA_PAGE,
  passKeyToHex,
  type OfflineParticipant,
  type OfflineReplicaDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { ApiError, invalidRequest } from '../../http/api-error.ts';
import { type AuditActor, recordExport } from '../audit/index.ts';
import { requireEvent, selectedEventId } from '../events/index.ts';
import { participantQuery, toParticipantDto } from '../participants/index.ts';
import { passPublicKeyFor } from '../passes/index.ts';
import { type BackgroundKeyer, cpfTag, keyWithin } from './keys.ts';

type Db = Kysely<Database>;

/**
 * A cursor reads again what changed in the two minutes before it was made: a write stamped just
 * before a read but committed just after it (or stamped by an instance whose clock is a little
 * behind) is sent next time. The desk stores rows by id, so a row sent twice is harmless.
 */
export const CURSOR_OVERLAP_MS = 120_000;

export const CURSOR_MESSAGE = 'Cursor inválido: peça a réplica inteira (sem since).';
export const NOT_SELECTED_MESSAGE =
  'A réplica da mesa é só do evento selecionado: selecione este evento para trabalhar nele.';

/** The event's salt for the replica's CPF lookup keys, made on the first read. */
export async function lookupSalt(db: Db, eventId: number): Promise<string> {
  const made = randomBytes(32).toString('hex');
  // Of two instances making one at once, the first write wins and both read it back.
  await db
    .updateTable('events')
    .set({ offline_secret: made })
    .where('id', '=', eventId)
    .where('offline_secret', 'is', null)
    .execute();
  const row = await db
    .selectFrom('events')
    .select('offline_secret')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row?.offline_secret ?? made;
}

function sinceInstant(since: string): string {
  const at = new Date(since);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== since)
    throw invalidRequest(CURSOR_MESSAGE);
  return since;
}

/**
 * GET /api/offline/replica: the event's participants as the desk needs them offline. Only the
 * selected event (the one the desks work in); every answer that carries participants is audited
 * as an export.
 */
export async function readReplica(
  db: Db,
  keyer: BackgroundKeyer,
  now: Date,
  actor: AuditActor,
  query: { eventId: number; since?: string; afterId?: number },
): Promise<OfflineReplicaDto> {
  const since = query.since === undefined ? undefined : sinceInstant(query.since);
  const event = await requireEvent(db, query.eventId);
  if ((await selectedEventId(db)) !== event.id) {
    throw new ApiError(403, 'forbidden', NOT_SELECTED_MESSAGE);
  }
  const saltHex = await lookupSalt(db, event.id);
  const salt = Buffer.from(saltHex, 'hex');
  const readAt = now.toISOString();

  // A page at a time, by id: a big event never holds the loop for one long read.
  let rows = participantQuery(db)
    .leftJoin('offline_keys', 'offline_keys.participant_id', 'participants.id')
    .select(['offline_keys.cpf_tag', 'offline_keys.lookup_key'])
    .where('participants.event_id', '=', event.id)
    .where('participants.id', '>', query.afterId ?? 0);
  if (since !== undefined) rows = rows.where('participants.date_updated', '>=', since);
  const read = await rows
    .orderBy('participants.id')
    .limit(OFFLINE_REPLICA_PAGE + 1)
    .execute();
  let more = read.length > OFFLINE_REPLICA_PAGE;
  if (more) read.pop();
  // Keys not computed yet (a new participant, a changed CPF) are computed now, within a budget;
  // the page ends where they stop, and the background keys the rest of the event meanwhile.
  const unkeyed = read.filter(
    (row) =>
      row.anonymized_at === null && (row.cpf_tag === null || row.cpf_tag !== cpfTag(salt, row.cpf)),
  );
  const computed = await keyWithin(
    db,
    event.id,
    salt,
    unkeyed.map((row) => ({ id: Number(row.id), cpf: row.cpf })),
  );
  keyer.start(event.id, salt);
  const firstMissing = unkeyed.find((row) => !computed.has(Number(row.id)));
  const changed = firstMissing
    ? read.filter((row) => Number(row.id) < Number(firstMissing.id))
    : read;
  if (firstMissing) more = true;
  // From the rows read, not the ones sent: a page of anonymized participants sends none.
  const nextAfterId = more ? Number(changed.at(-1)?.id ?? query.afterId ?? 0) : null;
  const participants: OfflineParticipant[] = [];
  const removed: number[] = [];
  for (const row of changed) {
    if (row.anonymized_at !== null) {
      removed.push(Number(row.id));
      continue;
    }
    const dto = toParticipantDto(row);
    participants.push({
      id: dto.id,
      lookupKey: computed.get(dto.id) ?? row.lookup_key!,
      name: dto.name,
      usualName: dto.usualName,
      centerId: dto.center?.id ?? null,
      status: dto.status,
      badge: dto.badge,
      badgePrintCount: dto.badgePrintCount,
      coursewareId: dto.coursewareId,
      coursewareSerial: dto.coursewareSerial,
      accreditedAt: dto.accreditedAt,
      passVersion: Number(row.pass_version),
    });
  }
  const firstPage = query.afterId === undefined;
  if (since !== undefined && firstPage) removed.push(...(await removedSince(db, since)));

  const [centers, total, passKey] = await Promise.all([
    db
      .selectFrom('centers')
      .leftJoin('cities', 'cities.id', 'centers.city_id')
      .select(['centers.id', 'centers.name', 'cities.name as city', 'centers.color'])
      .orderBy('centers.id')
      .execute(),
    db
      .selectFrom('participants')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('event_id', '=', event.id)
      .where('anonymized_at', 'is', null)
      .executeTakeFirstOrThrow(),
    passPublicKeyFor(db, event.id),
  ]);
  if (participants.length > 0) {
    // Personal data leaving the server for a device: on the record, like an export, every page
    // of it, whole or changes.
    await recordExport(db, actor, {
      what: 'replica_offline',
      filters: {
        evento: event.id,
        ...(since === undefined ? {} : { desde: since }),
        ...(query.afterId === undefined ? {} : { apos_id: query.afterId }),
      },
      rows: participants.length,
      at: now,
    });
  }
  return {
    event: {
      id: event.id,
      name: event.name,
      linkCourseware: Boolean(event.link_courseware),
      printEnabled: Boolean(event.print_enabled),
    },
    lookupSalt: saltHex,
    passPublicKey: passKeyToHex(passKey),
    full: since === undefined,
    participants,
    removed,
    nextAfterId,
    centers: centers.map((center) => ({
      id: Number(center.id),
      name: center.name,
      city: center.city ?? null,
      color: center.color ?? null,
    })),
    total: Number(total.total),
    cursor: new Date(now.getTime() - CURSOR_OVERLAP_MS).toISOString(),
    readAt,
  };
}

/** Participants removed since the cursor, as the audit log has them (ids of any event). */
async function removedSince(db: Db, since: string): Promise<number[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('entity_id')
    .where('entity', '=', 'participants')
    .where('action', '=', 'delete')
    .where('created_at', '>=', since)
    .execute();
  return rows.map((row) => Number(row.entity_id));
}
