import type { Kysely } from 'kysely';
import {
  AGENT_SILENT_MS,
  KIOSK_ALREADY_MESSAGE,
  KIOSK_COURSEWARE_MESSAGE,
  KIOSK_CPF_MESSAGE,
  KIOSK_NO_EVENT_MESSAGE,
  KIOSK_NO_PRINTER_MESSAGE,
  KIOSK_NOT_FOUND_MESSAGE,
  KIOSK_ONLINE_MS,
  KIOSK_PAUSED_MESSAGE,
  KIOSK_PENDING_MESSAGE,
  KIOSK_PIN_UNSET_MESSAGE,
  KIOSK_PIN_WRONG_MESSAGE,
  KIOSK_PRINT_DISABLED_MESSAGE,
  KIOSK_STAFF_PIN_MESSAGE,
  suggestedBadgeName,
  isKiosk,
  kioskPinProblem,
  parseCpf,
  type KioskGreeting,
  type KioskReprintPolicy,
  type KioskRow,
  type KioskState,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { loadPermissions } from '../../auth/signed-in-user.ts';
import { ApiError, conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { mappedPrinter, requeueJob, type PrintOutcome } from '../../printing/queue.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import {
  checkParticipant,
  checkParticipantById,
  deskParticipant,
  printBadge,
} from '../accreditation/index.ts';
import { selectedEventId } from '../events/index.ts';
import { participantFromPass } from './pass.ts';

type Db = Kysely<Database>;

/** The kiosk's row, made on its first call. */
async function kioskRow(db: Db, userId: number, now: Date) {
  await db
    .insertInto('kiosks')
    .values({ user_id: userId, paused: false, date_updated: now.toISOString() })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  return db
    .selectFrom('kiosks')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** POST /kiosk/heartbeat: the kiosk is alive; it learns whether it is paused and for which event. */
export async function heartbeat(db: Db, kiosk: AuditActor, now: Date): Promise<KioskState> {
  await kioskRow(db, kiosk.id, now);
  await db
    .updateTable('kiosks')
    .set({ seen_at: now.toISOString() })
    .where('user_id', '=', kiosk.id)
    .execute();
  const row = await db
    .selectFrom('kiosks')
    .innerJoin('users', 'users.id', 'kiosks.user_id')
    .select(['users.name', 'kiosks.paused'])
    .where('kiosks.user_id', '=', kiosk.id)
    .executeTakeFirstOrThrow();
  const eventId = await selectedEventId(db);
  const event = eventId
    ? await db
        .selectFrom('events')
        .select(['id', 'name'])
        .where('id', '=', eventId)
        .executeTakeFirst()
    : undefined;
  return { name: row.name, paused: Boolean(row.paused), event: event ?? null };
}

/** The kiosk may serve: not paused, and an event selected. Marks its activity. */
async function servingEvent(db: Db, kiosk: AuditActor, now: Date): Promise<number> {
  const row = await kioskRow(db, kiosk.id, now);
  if (row.paused) throw conflict(KIOSK_PAUSED_MESSAGE);
  const eventId = await selectedEventId(db);
  if (eventId === undefined) throw conflict(KIOSK_NO_EVENT_MESSAGE);
  const stamp = now.toISOString();
  await db
    .updateTable('kiosks')
    .set({ activity_at: stamp, seen_at: stamp })
    .where('user_id', '=', kiosk.id)
    .execute();
  return eventId;
}

export async function reprintPolicy(db: Db, eventId: number): Promise<KioskReprintPolicy> {
  const row = await db
    .selectFrom('kiosk_events')
    .select('reprint')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return (row?.reprint as KioskReprintPolicy | undefined) ?? 'deny';
}

/** 404s keep the kiosk's own words (the desk's 'não cadastrado' is for a clerk). */
async function kioskLookup<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw notFound(KIOSK_NOT_FOUND_MESSAGE);
    }
    throw error;
  }
}

/**
 * POST /kiosk/check: a typed CPF or a scanned pass. Answers the greeting, or a 404/409 with the
 * kiosk's pt-BR answer: not found, pending, courseware to hand at the desk, printing off, or
 * already accredited where the event does not reprint at kiosks.
 */
export async function checkAtKiosk(
  db: Db,
  kiosk: AuditActor,
  now: Date,
  input: { cpf?: string; pass?: string },
): Promise<KioskGreeting> {
  const eventId = await servingEvent(db, kiosk, now);
  let found;
  if (input.pass !== undefined) {
    const participantId = await participantFromPass(db, eventId, input.pass);
    found = await kioskLookup(checkParticipantById(db, participantId, eventId));
  } else if (input.cpf !== undefined) {
    if (parseCpf(input.cpf) === undefined) throw invalidRequest(KIOSK_CPF_MESSAGE);
    found = await kioskLookup(checkParticipant(db, { actor: kiosk, at: now }, input.cpf, eventId));
  } else {
    throw invalidRequest("Informe o campo 'cpf' ou 'pass'.");
  }
  const { participant, status } = found;
  if (participant.anonymizedAt) throw notFound(KIOSK_NOT_FOUND_MESSAGE);
  if (status === 'PENDING') throw conflict(KIOSK_PENDING_MESSAGE);
  // The booklet is handed by a person: events that link courseware accredit at the desk.
  if (found.event.linkCourseware) throw conflict(KIOSK_COURSEWARE_MESSAGE);
  const row = await deskParticipant(db, participant.id, eventId);
  if (!row.print_enabled) throw conflict(KIOSK_PRINT_DISABLED_MESSAGE);
  let reprint: KioskReprintPolicy | null = null;
  if (participant.badge) {
    reprint = await reprintPolicy(db, eventId);
    if (reprint === 'deny') throw conflict(KIOSK_ALREADY_MESSAGE);
  }
  return {
    participantId: participant.id,
    name: participant.name,
    badgeName: suggestedBadgeName(participant.usualName, participant.name),
    reprint,
  };
}

/** A PIN missing or wrong: 403, in the kiosk's words. */
const pinRefused = (description: string) => new ApiError(403, 'forbidden', description);

async function requirePin(db: Db, userId: number, pin: string | undefined): Promise<void> {
  const row = await db
    .selectFrom('kiosks')
    .select('pin_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.pin_hash) throw conflict(KIOSK_PIN_UNSET_MESSAGE);
  if (pin === undefined || !(await verifyPassword(row.pin_hash, pin))) {
    throw pinRefused(KIOSK_PIN_WRONG_MESSAGE);
  }
}

/** POST /kiosk/unlock: the staff PIN, before the kiosk page lets anyone leave it. */
export async function unlock(db: Db, kiosk: AuditActor, now: Date, pin: string): Promise<void> {
  await kioskRow(db, kiosk.id, now);
  await requirePin(db, kiosk.id, pin);
}

/**
 * POST /kiosk/print: the badge on the kiosk's own printer (its user's mapping for BADGE), never
 * in the browser: only a printer's job can tell the kiosk the badge is really out.
 */
export async function printAtKiosk(
  db: Db,
  kiosk: AuditActor,
  now: Date,
  input: { participantId: number; usualName: string; pin?: string },
): Promise<{ jobId: number; printer: string }> {
  const eventId = await servingEvent(db, kiosk, now);
  const participant = await kioskLookup(deskParticipant(db, input.participantId, eventId));
  if (participant.anonymized_at) throw notFound(KIOSK_NOT_FOUND_MESSAGE);
  if (participant.status === 'PAYMENT_ERROR') throw conflict(KIOSK_PENDING_MESSAGE);
  if (participant.link_courseware) throw conflict(KIOSK_COURSEWARE_MESSAGE);
  if (participant.badge) {
    const policy = await reprintPolicy(db, eventId);
    if (policy === 'deny') throw conflict(KIOSK_ALREADY_MESSAGE);
    if (policy === 'staff') {
      if (input.pin === undefined) throw pinRefused(KIOSK_STAFF_PIN_MESSAGE);
      await requirePin(db, kiosk.id, input.pin);
    }
  }
  if (!(await mappedPrinter(db, kiosk.username, 'BADGE'))) throw conflict(KIOSK_NO_PRINTER_MESSAGE);
  const outcome: PrintOutcome = await printBadge(db, now, kiosk, {
    participantId: input.participantId,
    usualName: input.usualName,
    eventId,
  });
  // A mapping removed between the two reads: the file was made, but no printer has it.
  if (!('jobId' in outcome)) throw conflict(KIOSK_NO_PRINTER_MESSAGE);
  await db
    .updateTable('kiosks')
    .set({ last_job_id: outcome.jobId })
    .where('user_id', '=', kiosk.id)
    .execute();
  return outcome;
}

/** POST /kiosk/help: 'Preciso de ajuda', shown on 'Quiosques' until staff answer it. */
export async function askForHelp(db: Db, kiosk: AuditActor, now: Date): Promise<void> {
  await kioskRow(db, kiosk.id, now);
  await db
    .updateTable('kiosks')
    .set({ help_at: now.toISOString(), activity_at: now.toISOString() })
    .where('user_id', '=', kiosk.id)
    .execute();
}

/** The users holding 'Kiosk' (directly or by profile). */
async function kioskUsers(db: Db) {
  const direct = db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('user_permissions.user_id')
    .where('permissions.name', '=', 'Kiosk');
  const fromProfiles = db
    .selectFrom('user_profiles')
    .innerJoin('profile_permissions', 'profile_permissions.profile_id', 'user_profiles.profile_id')
    .innerJoin('permissions', 'permissions.id', 'profile_permissions.permission_id')
    .select('user_profiles.user_id')
    .where('permissions.name', '=', 'Kiosk');
  return db
    .selectFrom('users')
    .leftJoin('kiosks', 'kiosks.user_id', 'users.id')
    .leftJoin('print_jobs', 'print_jobs.id', 'kiosks.last_job_id')
    .select([
      'users.id',
      'users.username',
      'users.name',
      'kiosks.paused',
      'kiosks.pin_hash',
      'kiosks.seen_at',
      'kiosks.activity_at',
      'kiosks.help_at',
      'print_jobs.id as job_id',
      'print_jobs.title as job_title',
      'print_jobs.status as job_status',
      'print_jobs.error as job_error',
      'print_jobs.updated_at as job_at',
    ])
    .where('users.active', '=', true)
    .where('users.id', 'in', direct.union(fromProfiles))
    .orderBy('users.name')
    .execute();
}

/** GET /kiosks: every kiosk at a glance for 'Quiosques'. */
export async function listKiosks(db: Db, now: Date): Promise<KioskRow[]> {
  const rows = await kioskUsers(db);
  return Promise.all(
    rows.map(async (row): Promise<KioskRow> => {
      const seen = row.seen_at ? Date.parse(row.seen_at) : null;
      const lastPrint =
        row.job_id !== null && row.job_id !== undefined
          ? {
              jobId: row.job_id,
              title: row.job_title ?? '',
              status: row.job_status as NonNullable<KioskRow['lastPrint']>['status'],
              error: row.job_error ?? null,
              at: row.job_at ?? '',
            }
          : null;
      return {
        userId: row.id,
        username: row.username,
        name: row.name,
        online: seen !== null && now.getTime() - seen < KIOSK_ONLINE_MS,
        seenAt: row.seen_at ?? null,
        activityAt: row.activity_at ?? null,
        paused: Boolean(row.paused),
        pinSet: Boolean(row.pin_hash),
        helpAt: row.help_at ?? null,
        lastPrint,
        printerTrouble: await printerTrouble(db, row.username, lastPrint, now),
      };
    }),
  );
}

async function printerTrouble(
  db: Db,
  username: string,
  lastPrint: KioskRow['lastPrint'],
  now: Date,
): Promise<string | null> {
  const printer = await mappedPrinter(db, username, 'BADGE');
  if (!printer) return 'Sem impressora de crachás mapeada.';
  const seen = printer.agent_seen_at ? Date.parse(printer.agent_seen_at) : null;
  if (seen === null || now.getTime() - seen > AGENT_SILENT_MS) {
    return `A impressora ${printer.name} não responde (agente parado).`;
  }
  if (lastPrint?.status === 'failed')
    return `Falha na última impressão: ${lastPrint.error ?? ''}`.trim();
  return null;
}

/** A kiosk user by id, or 404 (staff actions name kiosks by their user id). */
async function requireKiosk(db: Db, userId: number, now: Date) {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || !isKiosk(await loadPermissions(db, userId))) {
    throw notFound('Quiosque não encontrado.');
  }
  return kioskRow(db, userId, now);
}

/** PUT /kiosks/:userId/pin: the staff PIN, hashed like a password. */
export async function setPin(db: Db, actor: AuditActor, now: Date, userId: number, pin: string) {
  const problem = kioskPinProblem(pin);
  if (problem) throw invalidRequest(problem);
  await requireKiosk(db, userId, now);
  const pinHash = await hashPassword(pin);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('kiosks')
      .set({ pin_hash: pinHash, date_updated: now.toISOString() })
      .where('user_id', '=', userId)
      .execute();
    await recordAudit(trx, actor, {
      entity: 'kiosks',
      entityId: userId,
      action: 'pin_quiosque',
      before: {},
      after: {},
      at: now,
    });
  });
}

/** POST /kiosks/:userId/pause: paused or back in service. */
export async function setPaused(
  db: Db,
  actor: AuditActor,
  now: Date,
  userId: number,
  paused: boolean,
) {
  const row = await requireKiosk(db, userId, now);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('kiosks')
      .set({ paused, date_updated: now.toISOString() })
      .where('user_id', '=', userId)
      .execute();
    await recordAudit(trx, actor, {
      entity: 'kiosks',
      entityId: userId,
      action: paused ? 'pausar_quiosque' : 'retomar_quiosque',
      before: { paused: Boolean(row.paused) },
      after: { paused },
      at: now,
    });
  });
}

/** POST /kiosks/:userId/help/clear: staff came. */
export async function clearHelp(db: Db, now: Date, userId: number): Promise<void> {
  await requireKiosk(db, userId, now);
  await db.updateTable('kiosks').set({ help_at: null }).where('user_id', '=', userId).execute();
}

/** POST /kiosks/:userId/reprint: the kiosk's last badge back in its printer's queue. */
export async function reprintLast(db: Db, now: Date, userId: number): Promise<{ jobId: number }> {
  const row = await requireKiosk(db, userId, now);
  if (row.last_job_id === null) throw conflict('Este quiosque ainda não imprimiu nenhum crachá.');
  await requeueJob(db, row.last_job_id, now);
  return { jobId: row.last_job_id };
}

/** GET and PUT /kiosks/policy: the event's reprint policy. */
export async function setReprintPolicy(
  db: Db,
  actor: AuditActor,
  eventId: number,
  reprint: KioskReprintPolicy,
  now: Date,
): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw notFound('Evento não encontrado.');
  const before = await reprintPolicy(db, eventId);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('kiosk_events')
      .values({ event_id: eventId, reprint })
      .onConflict((conflict) => conflict.column('event_id').doUpdateSet({ reprint }))
      .execute();
    await recordAudit(trx, actor, {
      entity: 'kiosk_events',
      entityId: eventId,
      action: 'reimpressao_quiosque',
      before: { reprint: before },
      after: { reprint },
      at: now,
    });
  });
}
