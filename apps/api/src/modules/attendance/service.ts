import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { formatDateInZone, formatDateTimeInZone } from '../../dates.ts';
import { notFound } from '../../http/api-error.ts';
import { requireEvent } from '../events/index.ts';

export interface AttendanceColumn {
  key: string;
  title: string;
}

/** A participant's line: the first check-in time (HH:mm) per day column, and days present. */
export type AttendanceRow = {
  id: number;
  cpf: string;
  name: string;
  center: string | null;
  total: number;
} & Record<`column_${number}`, string | null>;

const DAY_MS = 24 * 60 * 60_000;
/** A mistyped event end (next year) must not make a column per day of it. */
const MAX_EVENT_DAYS = 62;

/** 'YYYY-MM-DD' of an instant on the zone's calendar: sortable, and a key per event day. */
function dayKey(instant: string, zone: string): string {
  const [day, month, year] = formatDateInZone(instant, zone).split('/');
  return `${year}-${month}-${day}`;
}

/** Every calendar day from the event's start to its end, in the zone. */
function eventDays(inicio: string | null, fim: string | null, zone: string): string[] {
  if (!inicio || !fim) return [];
  const first = Date.parse(`${dayKey(inicio, zone)}T00:00:00Z`);
  const last = Date.parse(`${dayKey(fim, zone)}T00:00:00Z`);
  const days: string[] = [];
  for (let day = first; day <= last && days.length < MAX_EVENT_DAYS; day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

async function findEvent(db: Kysely<Database>, eventId: number | undefined) {
  if (eventId !== undefined) return requireEvent(db, eventId);
  const event = await db
    .selectFrom('events')
    .select(['id', 'inicio', 'fim'])
    .where('selected', '=', true)
    .executeTakeFirst();
  if (!event) throw notFound('Nenhum evento selecionado.');
  return event;
}

/** The event's check-ins, each with its participant, in time order. */
const checkIns = (db: Kysely<Database>, eventId: number) =>
  db
    .selectFrom('check_ins')
    .innerJoin('participants', 'participants.id', 'check_ins.participant_id')
    .leftJoin('centers', 'centers.id', 'participants.center_id')
    .select([
      'participants.id',
      'participants.cpf',
      'participants.name',
      'centers.name as center',
      'check_ins.created_at',
    ])
    .where('check_ins.event_id', '=', eventId)
    .orderBy('check_ins.created_at')
    .orderBy('check_ins.id')
    .execute();

/** The event's days plus any other day someone checked in (early accreditation), in order. */
function columnDays(
  event: { inicio: string | null; fim: string | null },
  instants: readonly string[],
  zone: string,
): string[] {
  const days = new Set(eventDays(event.inicio, event.fim, zone));
  for (const instant of instants) days.add(dayKey(instant, zone));
  return [...days].sort();
}

const toColumns = (days: readonly string[]): AttendanceColumn[] => [
  { key: 'total', title: 'Total' },
  ...days.map((day, index) => ({
    key: `column_${index}`,
    title: `${day.slice(8)}/${day.slice(5, 7)}`,
  })),
];

/** GET /attendance/select/columns: 'Total' and one 'DD/MM' column per day. */
export async function attendanceColumns(
  db: Kysely<Database>,
  zone: string,
  eventId: number | undefined,
): Promise<{ columns: AttendanceColumn[] }> {
  const event = await findEvent(db, eventId);
  const instants = await db
    .selectFrom('check_ins')
    .select('created_at')
    .where('event_id', '=', event.id)
    .execute();
  const days = columnDays(
    event,
    instants.map((row) => row.created_at),
    zone,
  );
  return { columns: toColumns(days) };
}

/** GET /attendance/select: one row per participant who checked in, by name. */
export async function attendanceRows(
  db: Kysely<Database>,
  zone: string,
  eventId: number | undefined,
): Promise<{ data: AttendanceRow[] }> {
  const event = await findEvent(db, eventId);
  const rows = await checkIns(db, event.id);
  const days = columnDays(
    event,
    rows.map((row) => row.created_at),
    zone,
  );
  const columnOf = new Map(days.map((day, index) => [day, `column_${index}` as const]));
  const byParticipant = new Map<number, AttendanceRow>();
  for (const row of rows) {
    let line = byParticipant.get(row.id);
    if (!line) {
      line = { id: row.id, cpf: row.cpf, name: row.name, center: row.center, total: 0 };
      for (const column of columnOf.values()) line[column] = null;
      byParticipant.set(row.id, line);
    }
    const column = columnOf.get(dayKey(row.created_at, zone));
    // Rows come in time order: the first check-in of a day is the one kept.
    if (column && line[column] === null) {
      line[column] = formatDateTimeInZone(row.created_at, zone).slice(11);
      line.total += 1;
    }
  }
  const data = [...byParticipant.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id,
  );
  return { data };
}
