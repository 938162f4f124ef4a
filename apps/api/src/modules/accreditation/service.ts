import { type AuditActor, recordAudit, recordCpfView } from '../audit/index.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  PASS_PROBLEM_MESSAGES,
  ALREADY_HOLDS_COURSEWARE_MESSAGE,
  badgeNameProblem,
  badgePrintProblem,
  COURSEWARE_CODE_MESSAGE,
  NOT_REGISTERED_MESSAGE,
  PENDING_MESSAGE,
  accreditationStatus,
  parseCoursewareCode,
  type AccreditationStatus,
  type BadgeJobCounts,
  type ParticipantDto,
} from '@balcao/contract';
import { compiledOnce } from '../../db/compiled-query.ts';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { renderBadge } from '../../printing/documents/index.ts';
import { eventLayout } from '../layouts/index.ts';
import { checkPass } from '../passes/index.ts';
import { queuePrint, type PrintOutcome } from '../../printing/queue.ts';
import {
  COURSEWARE_NOT_FOUND,
  findCoursewareId,
  LINKABLE_STATUSES,
  resolveCoursewareId,
  statusLabel,
} from '../courseware/index.ts';
import { participantQuery, toParticipantDto } from '../participants/index.ts';
import { requireCpf } from '../../http/cpf.ts';

type Db = Kysely<Database>;

export const NO_COURSEWARE_MESSAGE = 'O participante não possui apostila.';
export const COURSEWARE_MISMATCH_MESSAGE = 'A apostila atual não confere com a do participante.';
export const OTHER_COURSE_MESSAGE = 'Esta apostila é de outro curso.';

/** A participant with what the desk needs of their event. */

export interface CheckAnswer {
  status: Exclude<AccreditationStatus, 'NOT_REGISTERED'>;
  participant: ParticipantDto;
  event: { id: number; name: string; linkCourseware: boolean };
  /** Of the badges asked for, those a printer has not printed (the desk's count says so). */
  badgeJobs: BadgeJobCounts;
}

/**
 * The participant's badge jobs still in a printer's queue or failed there. Only asked when a
 * badge was printed at all: the first check of a participant (the hot path) costs nothing more.
 */
async function badgeJobCounts(db: Db, participant: ParticipantDto): Promise<BadgeJobCounts> {
  if (participant.badgePrintCount === 0) return { waiting: 0, failed: 0 };
  const rows = await db
    .selectFrom('print_jobs')
    .innerJoin('print_files', 'print_files.id', 'print_jobs.file_id')
    .select(['print_jobs.status', (eb) => eb.fn.countAll<number | string>().as('jobs')])
    .where('print_files.participant_id', '=', participant.id)
    .where('print_jobs.kind', '=', 'cracha')
    .where('print_jobs.status', 'in', ['queued', 'printing', 'failed'])
    .groupBy('print_jobs.status')
    .execute();
  const count = (...statuses: string[]) =>
    rows
      .filter((row) => statuses.includes(row.status))
      .reduce((sum, row) => sum + Number(row.jobs), 0);
  return { waiting: count('queued', 'printing'), failed: count('failed') };
}

/**
 * The desk's lookup is the hot path: one indexed probe (event, cpf) joined to the event and
 * center, compiled once per database and rebound with each call's two values.
 */
const deskRecordByCpf = compiledOnce(2, (db: Db, eventId, cpf) =>
  participantQuery(db)
    .innerJoin('events', 'events.id', 'participants.event_id')
    .select(['events.name as event_name', 'events.link_courseware'])
    .where('participants.event_id', '=', eventId)
    .where('participants.cpf', '=', cpf),
);

/** GET /subscriptions/participant/check: the participant and their accreditation status. */
export async function checkParticipant(
  db: Db,
  view: { actor: AuditActor; at: Date },
  cpf: string,
  eventId: number,
): Promise<CheckAnswer> {
  const digits = requireCpf(cpf);
  const [row] = await deskRecordByCpf(db, eventId, digits);
  await recordCpfView(db, view.actor, {
    cpf: digits,
    participantId: row?.id,
    lookup: 'credenciamento',
    at: view.at,
  });
  if (!row) throw notFound(NOT_REGISTERED_MESSAGE);
  const participant = toParticipantDto(row);
  const event = { id: eventId, name: row.event_name, linkCourseware: Boolean(row.link_courseware) };
  const badgeJobs = await badgeJobCounts(db, participant);
  return { status: accreditationStatus(participant, event), participant, event, badgeJobs };
}

/**
 * The same check by participant id: the desk opened from 'Participantes' by a user who sees masked
 * CPFs (issue #17), and the re-check after a courseware link.
 */
export async function checkParticipantById(
  db: Db,
  participantId: number,
  eventId: number,
): Promise<CheckAnswer> {
  const row = await participantQuery(db)
    .innerJoin('events', 'events.id', 'participants.event_id')
    .select(['events.name as event_name', 'events.link_courseware'])
    .where('participants.event_id', '=', eventId)
    .where('participants.id', '=', participantId)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_REGISTERED_MESSAGE);
  const participant = toParticipantDto(row);
  const event = { id: eventId, name: row.event_name, linkCourseware: Boolean(row.link_courseware) };
  const badgeJobs = await badgeJobCounts(db, participant);
  return { status: accreditationStatus(participant, event), participant, event, badgeJobs };
}

/**
 * The same check by a scanned pass (issue #43): its signature, event, version and erasure judged
 * by passes, then the participant as by id. A refused pass says why in its own words (never 'CPF
 * inválido'); a participant the pass names but the event lacks is the CPF's 404.
 */
export async function checkParticipantByPass(
  db: Db,
  pass: string,
  eventId: number,
): Promise<CheckAnswer> {
  const checked = await checkPass(db, eventId, pass);
  if ('problem' in checked) {
    const message = PASS_PROBLEM_MESSAGES[checked.problem];
    throw checked.problem === 'not_found' ? notFound(message) : invalidRequest(message);
  }
  return checkParticipantById(db, checked.participantId, eventId);
}

/** A participant of the event with the event's print and course settings; 404 otherwise. */
export async function deskParticipant(db: Db, participantId: number, eventId: number) {
  const row = await participantQuery(db)
    .innerJoin('events', 'events.id', 'participants.event_id')
    .leftJoin('cities', 'cities.id', 'centers.city_id')
    .select([
      'centers.color as center_color',
      'cities.name as city_name',
      'events.name as event_name',
      'events.course_id as event_course_id',
      'events.print_enabled',
      'events.link_courseware',
    ])
    .where('participants.id', '=', participantId)
    .where('participants.event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_REGISTERED_MESSAGE);
  return row;
}

async function readParticipant(db: Db, participantId: number): Promise<ParticipantDto> {
  const row = await participantQuery(db)
    .where('participants.id', '=', participantId)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_REGISTERED_MESSAGE);
  return toParticipantDto(row);
}

export interface BadgePrint {
  usualName: string;
  participantId: number;
  eventId: number;
}

/**
 * Prints the badge (service BADGE) and accredits: saves the usual name, sets badge, counts the
 * print and records a check-in (who, when, which desk), all in the print's transaction.
 * Reprints are allowed and counted.
 */
export async function printBadge(
  db: Db,
  now: Date,
  user: AuditActor,
  input: BadgePrint,
): Promise<PrintOutcome> {
  const usualName = badgeName(input.usualName);
  const participant = await deskParticipant(db, input.participantId, input.eventId);
  requireBadgeAllowed(participant);
  const pdf = await renderBadge(
    {
      participantId: participant.id,
      usualName,
      fullName: participant.name,
      centerName: participant.center_name,
      cityName: participant.city_name,
      centerColor: participant.center_color,
      eventName: participant.event_name,
    },
    await eventLayout(db, input.eventId, 'badge'),
  );
  return db.transaction().execute(async (trx) => {
    await recordBadgePrint(trx, user, { participant, usualName, at: now, now });
    return queuePrint(trx, now, {
      user,
      service: 'BADGE',
      kind: 'cracha',
      title: `Crachá: ${usualName}`,
      pdf,
      participantId: participant.id,
    });
  });
}

export type DeskParticipant = Awaited<ReturnType<typeof deskParticipant>>;

/** The usual name as the badge prints it; refused (badgeNameProblem), never cut or boxed. */
export function badgeName(typed: string): string {
  const problem = badgeNameProblem(typed);
  if (problem) throw invalidRequest(problem);
  return typed.trim();
}

/** The desk's rule before a badge prints (`badgePrintProblem`, the contract's): a 409 if broken. */
export function requireBadgeAllowed(participant: DeskParticipant): void {
  const problem = badgePrintProblem(
    { status: participant.status, coursewareId: participant.courseware_id },
    {
      printEnabled: Boolean(participant.print_enabled),
      linkCourseware: Boolean(participant.link_courseware),
    },
  );
  if (problem) throw conflict(problem);
}

/**
 * Accredits with one badge print: saves the usual name, sets badge, counts the print and records
 * the check-in at `at` (the desk's time; an offline desk's is earlier than `now`). Refused as
 * pending when the participant became so after `participant` was read.
 */
export async function recordBadgePrint(
  trx: Transaction<Database>,
  user: AuditActor,
  print: { participant: DeskParticipant; usualName: string; at: Date; now: Date; offline?: true },
): Promise<{ printsBefore: number }> {
  const { participant, usualName } = print;
  // The count as this update found it: another desk's print may have landed since the read.
  const counted = await trx
    .updateTable('participants')
    .set({
      usual_name: usualName,
      badge: true,
      badge_print_count: sql`badge_print_count + 1`,
      date_updated: print.now.toISOString(),
    })
    .where('id', '=', participant.id)
    .where('status', '!=', 'PAYMENT_ERROR') // unless it became pending meanwhile
    .returning('badge_print_count')
    .executeTakeFirst();
  if (!counted) throw conflict(PENDING_MESSAGE);
  const printsBefore = Number(counted.badge_print_count) - 1;
  await recordAudit(trx, user, {
    entity: 'participants',
    entityId: participant.id,
    action: print.offline ? 'cracha_offline' : 'cracha',
    before: {
      usual_name: participant.usual_name,
      badge: Boolean(participant.badge),
      badge_print_count: printsBefore,
    },
    after: {
      usual_name: usualName,
      badge: true,
      badge_print_count: printsBefore + 1,
      ...(print.offline ? { impresso_em: print.at.toISOString() } : {}),
    },
    at: print.now,
  });
  await trx
    .insertInto('check_ins')
    .values({
      participant_id: participant.id,
      event_id: participant.event_id,
      user_id: user.id,
      desk: user.username,
      created_at: print.at.toISOString(),
    })
    .execute();
  return { printsBefore };
}

/**
 * The courseware a desk is about to hand out: it exists, is ISSUED or PRINTED, and belongs to the
 * event's course when the event has one.
 */
async function availableCourseware(
  trx: Transaction<Database>,
  id: string,
  courseId: number | null,
) {
  const courseware = await trx
    .selectFrom('coursewares')
    .select(['id', 'status', 'course_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!courseware) throw notFound(COURSEWARE_NOT_FOUND);
  if (!LINKABLE_STATUSES.includes(courseware.status)) throw notLinkable(courseware.status);
  if (courseId !== null && courseware.course_id !== courseId) throw conflict(OTHER_COURSE_MESSAGE);
  return courseware;
}

const notLinkable = (status: string) =>
  conflict(`Esta apostila não pode ser vinculada. Situação: ${statusLabel(status)}.`);

/**
 * Marks the courseware ASSOCIATED only if it is still ISSUED or PRINTED: of two desks linking the
 * same booklet at once, the second finds it taken (PostgreSQL re-checks the condition after the
 * first commits; SQLite runs the transactions one at a time).
 */
async function associate(trx: Transaction<Database>, id: string, stamp: string): Promise<void> {
  const result = await trx
    .updateTable('coursewares')
    .set({ status: 'ASSOCIATED', date_updated: stamp })
    .where('id', '=', id)
    .where('status', 'in', LINKABLE_STATUSES)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) {
    const now = await trx
      .selectFrom('coursewares')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    throw notLinkable(now?.status ?? 'ASSOCIATED');
  }
}

export interface CoursewareLink {
  participantId: number;
  eventId: number;
  coursewareId: string;
}

/** Hands a courseware to a participant who holds none. */
export async function linkCourseware(db: Db, now: Date, actor: AuditActor, input: CoursewareLink) {
  await db.transaction().execute((trx) => linkInTransaction(trx, now, actor, input));
  return readParticipant(db, input.participantId);
}

/** The link's reads, checks and writes in the caller's transaction (the offline sync's too). */
export async function linkInTransaction(
  trx: Transaction<Database>,
  now: Date,
  actor: AuditActor,
  input: CoursewareLink,
  offline?: { at: Date },
): Promise<void> {
  const stamp = now.toISOString();
  const code = await resolveCoursewareId(trx, input.coursewareId);
  const participant = await deskParticipant(trx, input.participantId, input.eventId);
  if (participant.status === 'PAYMENT_ERROR') throw conflict(PENDING_MESSAGE);
  if (participant.courseware_id !== null) throw conflict(ALREADY_HOLDS_COURSEWARE_MESSAGE);
  await availableCourseware(trx, code, participant.event_course_id);
  await associate(trx, code, stamp);
  const linked = await trx
    .updateTable('participants')
    .set({ courseware_id: code, date_updated: stamp })
    .where('id', '=', participant.id)
    .where('courseware_id', 'is', null)
    .executeTakeFirst();
  if (linked.numUpdatedRows === 0n) throw conflict(ALREADY_HOLDS_COURSEWARE_MESSAGE);
  await recordAudit(trx, actor, {
    entity: 'participants',
    entityId: participant.id,
    action: offline ? 'vincular_apostila_offline' : 'vincular_apostila',
    before: { courseware_id: null },
    after: {
      courseware_id: code,
      ...(offline ? { vinculada_em: offline.at.toISOString() } : {}),
    },
    at: now,
  });
}

export interface CoursewareExchange {
  participantId: number;
  eventId: number;
  currentCoursewareId: string;
  newCoursewareId: string;
}

/** 'Troca de Apostila': the participant's courseware becomes EXCHANGED, the new one theirs. */
export async function exchangeCourseware(
  db: Db,
  now: Date,
  actor: AuditActor,
  input: CoursewareExchange,
) {
  if (
    !parseCoursewareCode(input.currentCoursewareId) ||
    !parseCoursewareCode(input.newCoursewareId)
  ) {
    throw invalidRequest(COURSEWARE_CODE_MESSAGE);
  }
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const participant = await deskParticipant(trx, input.participantId, input.eventId);
    if (participant.courseware_id === null) throw conflict(NO_COURSEWARE_MESSAGE);
    // An unknown current code cannot be theirs: the same answer as another courseware's.
    const current = await findCoursewareId(trx, input.currentCoursewareId);
    if (current === null || participant.courseware_id !== current) {
      throw conflict(COURSEWARE_MISMATCH_MESSAGE);
    }
    const next = await resolveCoursewareId(trx, input.newCoursewareId);
    if (next === current) throw conflict('A nova apostila deve ser diferente da atual.');
    await availableCourseware(trx, next, participant.event_course_id);
    const released = await trx
      .updateTable('coursewares')
      .set({ status: 'EXCHANGED', date_updated: stamp })
      .where('id', '=', current)
      .where('status', '=', 'ASSOCIATED')
      .executeTakeFirst();
    if (released.numUpdatedRows === 0n) throw conflict(COURSEWARE_MISMATCH_MESSAGE);
    await associate(trx, next, stamp);
    const moved = await trx
      .updateTable('participants')
      .set({ courseware_id: next, date_updated: stamp })
      .where('id', '=', participant.id)
      .where('courseware_id', '=', current)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) throw conflict(COURSEWARE_MISMATCH_MESSAGE);
    await recordAudit(trx, actor, {
      entity: 'participants',
      entityId: participant.id,
      action: 'trocar_apostila',
      before: { courseware_id: current },
      after: { courseware_id: next },
      at: now,
    });
  });
  return readParticipant(db, input.participantId);
}
