import { Type } from '@fastify/type-provider-typebox';
import type { Kysely, Selectable } from 'kysely';
import { COURSEWARE_STATUSES, coursewareDisplaySerial, type CoursewareDto } from '@balcao/contract';
import { toIsoInstant } from '../../dates.ts';
import type { Database } from '../../db/types.ts';
import type { CoursewareTable } from '../../db/tables/participants.ts';

/** A coursewares row with its course, center and holder, as coursewareQuery reads it. */
export type CoursewareRecord = Selectable<CoursewareTable> & {
  course_serial: number;
  course_name: string;
  center_serial: number;
  center_name: string;
  participant_id: number | null;
  participant_name: string | null;
  participant_cpf: string | null;
};

/** Coursewares with their course, center and the participant holding each (at most one). */
export const coursewareQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('coursewares')
    .innerJoin('courses', 'courses.id', 'coursewares.course_id')
    .innerJoin('centers', 'centers.id', 'coursewares.center_id')
    .leftJoin('participants', 'participants.courseware_id', 'coursewares.id')
    .selectAll('coursewares')
    .select([
      'courses.serial as course_serial',
      'courses.name as course_name',
      'centers.serial as center_serial',
      'centers.name as center_name',
      'participants.id as participant_id',
      'participants.name as participant_name',
      'participants.cpf as participant_cpf',
    ]);

/** The one place a coursewares record becomes its wire shape. */
export function toCoursewareDto(row: CoursewareRecord): CoursewareDto {
  const course = {
    id: Number(row.course_id),
    serial: Number(row.course_serial),
    name: row.course_name,
  };
  const center = {
    id: Number(row.center_id),
    serial: Number(row.center_serial),
    name: row.center_name,
  };
  const serial = Number(row.serial);
  return {
    id: row.id,
    serial,
    course,
    center,
    subscription:
      row.participant_id === null
        ? null
        : {
            id: Number(row.participant_id),
            name: row.participant_name ?? '',
            cpf: row.participant_cpf ?? '',
          },
    prints: Number(row.prints),
    status: row.status,
    completeSerial: coursewareDisplaySerial(course.serial, center.serial, serial),
    dateCreated: toIsoInstant(row.date_created),
    dateUpdated: toIsoInstant(row.date_updated),
  };
}

const Ref = Type.Object({ id: Type.Integer(), serial: Type.Integer(), name: Type.String() });

export const CoursewareDtoSchema = Type.Object({
  id: Type.String(),
  serial: Type.Integer(),
  course: Ref,
  center: Ref,
  subscription: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), cpf: Type.String() }),
    Type.Null(),
  ]),
  prints: Type.Integer(),
  status: Type.Enum(COURSEWARE_STATUSES),
  completeSerial: Type.String(),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
});
