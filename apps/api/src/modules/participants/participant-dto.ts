import { Type } from '@fastify/type-provider-typebox';
import type { Kysely, Selectable } from 'kysely';
import {
  PARTICIPANT_STATUSES,
  coursewareDisplaySerial,
  type ParticipantDto,
} from '@balcao/contract';
import { toIsoInstant } from '../../dates.ts';
import type { Database } from '../../db/types.ts';
import type { ParticipantTable } from '../../db/tables/participants.ts';
import { Nullable } from '../../http/nullable.ts';

/** A participants row with its center's name, as the queries below read it. */
export type ParticipantRecord = Selectable<ParticipantTable> & {
  center_name: string | null;
  held_course_serial: number | null;
  held_center_serial: number | null;
  held_serial: number | null;
  accredited_at: string | Date | null;
};

/**
 * Participants with their center's name, the series of the courseware they hold and their first
 * check-in: the table list, the desk's check and single-row reads.
 */
export const participantQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('participants')
    .leftJoin('centers', 'centers.id', 'participants.center_id')
    .leftJoin('coursewares as held', 'held.id', 'participants.courseware_id')
    .leftJoin('courses as held_course', 'held_course.id', 'held.course_id')
    .leftJoin('centers as held_center', 'held_center.id', 'held.center_id')
    .selectAll('participants')
    .select((eb) => [
      'centers.name as center_name',
      'held_course.serial as held_course_serial',
      'held_center.serial as held_center_serial',
      'held.serial as held_serial',
      eb
        .selectFrom('check_ins')
        .select((sub) => sub.fn.min('check_ins.created_at').as('first'))
        .whereRef('check_ins.event_id', '=', 'participants.event_id')
        .whereRef('check_ins.participant_id', '=', 'participants.id')
        .as('accredited_at'),
    ]);

function heldSerial(row: ParticipantRecord): string | null {
  if (row.held_serial === null || row.held_course_serial === null) return null;
  return coursewareDisplaySerial(
    Number(row.held_course_serial),
    Number(row.held_center_serial),
    Number(row.held_serial),
  );
}

/** The one place a participants record becomes its wire shape. */
export function toParticipantDto(row: ParticipantRecord): ParticipantDto {
  return {
    id: Number(row.id),
    eventId: Number(row.event_id),
    cpf: row.cpf,
    name: row.name,
    usualName: row.usual_name,
    email: row.email,
    telefone: row.telefone,
    pacote: row.pacote,
    consultor: row.consultor,
    status: row.status,
    statusOriginal: row.status_original,
    center:
      row.center_id === null ? null : { id: Number(row.center_id), name: row.center_name ?? '' },
    business: row.business,
    badge: Boolean(row.badge),
    coursewareId: row.courseware_id,
    coursewareSerial: heldSerial(row),
    badgePrintCount: Number(row.badge_print_count),
    accreditedAt: row.accredited_at === null ? null : toIsoInstant(row.accredited_at),
    dateCreated: toIsoInstant(row.date_created),
    dateUpdated: toIsoInstant(row.date_updated),
    anonymizedAt: row.anonymized_at === null ? null : toIsoInstant(row.anonymized_at),
  };
}

export const ParticipantDtoSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  cpf: Type.String(),
  name: Type.String(),
  usualName: Nullable(Type.String()),
  email: Nullable(Type.String()),
  telefone: Nullable(Type.String()),
  pacote: Nullable(Type.String()),
  consultor: Nullable(Type.String()),
  status: Type.Enum(PARTICIPANT_STATUSES),
  statusOriginal: Nullable(Type.String()),
  center: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  business: Nullable(Type.String()),
  badge: Type.Boolean(),
  coursewareId: Nullable(Type.String()),
  coursewareSerial: Nullable(Type.String()),
  badgePrintCount: Type.Integer(),
  accreditedAt: Nullable(Type.String()),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
  anonymizedAt: Type.Optional(Nullable(Type.String())), // always sent; optional in the contract
});

/** The 'Gerenciar Participantes' header: accredited ('x/y') and badge prints of an event. */
export async function participantTotals(
  db: Kysely<Database>,
  eventId: number,
): Promise<{ confirmed: number; badgePrints: number }> {
  const row = await db
    .selectFrom('participants')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when('badge', '=', true).then(1).else(0).end())
        .as('confirmed'),
      eb.fn.sum<number | string | null>('badge_print_count').as('badge_prints'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return { confirmed: Number(row?.confirmed ?? 0), badgePrints: Number(row?.badge_prints ?? 0) };
}
