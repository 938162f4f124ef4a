import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  COURSEWARE_STATUS_LABELS,
  LABELS_PER_PRINT_MAX,
  parseCoursewareCode,
  type CoursewareDto,
  type CoursewareStatus,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { renderCoursewareLabels } from '../../printing/documents/index.ts';
import { selectedEventId } from '../events/index.ts';
import { eventLayout } from '../layouts/index.ts';
import { queuePrint, type PrintOutcome } from '../../printing/queue.ts';
import { coursewareQuery, toCoursewareDto } from './courseware-dto.ts';

export const COURSEWARE_NOT_FOUND = 'Apostila não encontrada.';

/** A courseware a desk may hand out: never linked, canceled, returned or exchanged. */
export const LINKABLE_STATUSES: readonly CoursewareStatus[] = ['ISSUED', 'PRINTED'];
/** A label may be (re)printed while the booklet is in use; not once it left circulation. */
const PRINTABLE_STATUSES: readonly CoursewareStatus[] = ['ISSUED', 'PRINTED', 'ASSOCIATED'];

export const statusLabel = (status: string): string =>
  COURSEWARE_STATUS_LABELS[status as CoursewareStatus] ?? status;

/**
 * An editor's status change: only canceling an ISSUED or PRINTED courseware, or taking a CANCELED
 * one back to where it was (PRINTED once printed, else ISSUED). Linking, exchange and return have
 * their own calls.
 */
export function statusChange(
  current: CoursewareStatus,
  prints: number,
  requested: CoursewareStatus,
): { to: CoursewareStatus } | { error: string } {
  if (requested === current) return { to: current };
  if (requested === 'CANCELED') {
    return LINKABLE_STATUSES.includes(current)
      ? { to: 'CANCELED' }
      : {
          error: `Somente apostilas emitidas ou impressas podem ser canceladas. Situação: ${statusLabel(current)}.`,
        };
  }
  if (current === 'CANCELED' && LINKABLE_STATUSES.includes(requested)) {
    return { to: prints > 0 ? 'PRINTED' : 'ISSUED' };
  }
  return {
    error:
      'A situação da apostila só pode mudar para Cancelado, ou de Cancelado de volta para Emitido ou Impresso.',
  };
}

/**
 * Creates `quantity` ISSUED coursewares of a course for a center, numbered after the course's
 * last serial, each with a random UUID code. Runs inside the insert transaction; two creations at
 * once clash on (course, serial) and the table engine retries the later one.
 */
export async function createCoursewares(
  db: Kysely<Database>,
  input: { courseId: number; centerId: number; quantity: number; stamp: string },
): Promise<string[]> {
  const last = await db
    .selectFrom('coursewares')
    .select((eb) => eb.fn.max('serial').as('serial'))
    .where('course_id', '=', input.courseId)
    .executeTakeFirst();
  const first = Number(last?.serial ?? 0) + 1;
  const rows = Array.from({ length: input.quantity }, (_, index) => ({
    id: randomUUID(),
    course_id: input.courseId,
    center_id: input.centerId,
    serial: first + index,
    prints: 0,
    status: 'ISSUED' as const,
    date_created: input.stamp,
    date_updated: input.stamp,
  }));
  await db.insertInto('coursewares').values(rows).execute();
  return rows.map((row) => row.id);
}

/**
 * The id of the courseware a desk was given: the QR's UUID or the printed series (course, center
 * and courseware serials; one courseware at most, as (course, serial) is unique). Null when none.
 */
export async function findCoursewareId(db: Kysely<Database>, code: string): Promise<string | null> {
  const parsed = parseCoursewareCode(code);
  if (!parsed) return null;
  const query =
    'id' in parsed
      ? db
          .selectFrom('coursewares')
          .select('coursewares.id')
          .where('coursewares.id', '=', parsed.id)
      : db
          .selectFrom('coursewares')
          .innerJoin('courses', 'courses.id', 'coursewares.course_id')
          .innerJoin('centers', 'centers.id', 'coursewares.center_id')
          .select('coursewares.id')
          .where('courses.serial', '=', parsed.series.courseSerial)
          .where('centers.serial', '=', parsed.series.centerSerial)
          .where('coursewares.serial', '=', parsed.series.serial);
  const row = await query.executeTakeFirst();
  return row?.id ?? null;
}

/** findCoursewareId for every route that asks for a courseware: an unknown code is one 404. */
export async function resolveCoursewareId(db: Kysely<Database>, code: string): Promise<string> {
  const id = await findCoursewareId(db, code);
  if (id === null) throw notFound(COURSEWARE_NOT_FOUND);
  return id;
}

/** GET /coursewares/{code}: by UUID or printed series. */
export async function findCourseware(db: Kysely<Database>, code: string): Promise<CoursewareDto> {
  const id = await resolveCoursewareId(db, code);
  const row = await coursewareQuery(db).where('coursewares.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(COURSEWARE_NOT_FOUND);
  return toCoursewareDto(row);
}

/** 'Devolução de Apostilas' (UUID or series): a printed booklet nobody took goes back; only PRINTED. */
export async function returnCourseware(
  db: Kysely<Database>,
  now: Date,
  code: string,
): Promise<CoursewareDto> {
  const id = await resolveCoursewareId(db, code);
  const result = await db
    .updateTable('coursewares')
    .set({ status: 'RETURNED', date_updated: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'PRINTED')
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) {
    const current = await findCourseware(db, id); // 404 when it does not exist
    throw conflict(
      `Somente apostilas impressas podem ser devolvidas. Situação: ${statusLabel(current.status)}.`,
    );
  }
  return findCourseware(db, id);
}

/**
 * Labels (selos) of one or several coursewares of a course in one PDF through the print queue
 * (service COURSEWARE). Each print counts; an ISSUED courseware becomes PRINTED. The counts and
 * the print are saved together.
 */
export async function printCoursewareLabels(
  db: Kysely<Database>,
  now: Date,
  user: { id: number; username: string },
  courseId: number,
  requestedIds: readonly string[],
): Promise<PrintOutcome> {
  const ids = [...new Set(requestedIds)];
  if (ids.length === 0) {
    throw invalidRequest('Nenhuma apostila foi selecionada para imprimir etiqueta');
  }
  if (ids.length > LABELS_PER_PRINT_MAX) {
    throw invalidRequest(`Imprima no máximo ${LABELS_PER_PRINT_MAX} etiquetas por vez.`);
  }
  const rows = await coursewareQuery(db)
    .where('coursewares.id', 'in', ids)
    .where('coursewares.course_id', '=', courseId)
    .execute();
  if (rows.length !== ids.length) throw notFound(COURSEWARE_NOT_FOUND);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  const blocked = ordered.find((row) => !PRINTABLE_STATUSES.includes(row.status));
  if (blocked) {
    throw conflict(
      `Esta apostila não pode ser impressa. Situação: ${statusLabel(blocked.status)}.`,
    );
  }
  // Labels are the course's, not an event's: they print with the selected event's layout.
  const pdf = await renderCoursewareLabels(
    ordered.map((row) => ({
      coursewareId: row.id,
      serial: row.serial,
      course: { serial: row.course_serial, name: row.course_name },
      center: { serial: row.center_serial, name: row.center_name },
    })),
    await eventLayout(db, await selectedEventId(db), 'courseware_label'),
  );
  const [first] = ordered.map(toCoursewareDto);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('coursewares')
      .set({
        prints: sql`prints + 1`,
        status: sql`case when status = 'ISSUED' then 'PRINTED' else status end`,
        date_updated: now.toISOString(),
      })
      .where('id', 'in', ids)
      .where('status', 'in', PRINTABLE_STATUSES)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== ids.length) {
      throw conflict('Uma das apostilas mudou de situação. Recarregue a página e tente novamente.');
    }
    return queuePrint(trx, now, {
      user,
      service: 'COURSEWARE',
      kind: ids.length === 1 ? 'selo' : 'selos',
      title:
        ids.length === 1 && first
          ? `Selo ${first.completeSerial}`
          : `Selos: ${ids.length} apostilas`,
      pdf,
    });
  });
}
