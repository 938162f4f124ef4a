import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import {
  NOT_REGISTERED_MESSAGE,
  OFFLINE_DROPPED_MESSAGE,
  OFFLINE_MERGED_BADGE_MESSAGE,
  type OfflineAction,
  type OfflineActionResult,
  type OfflineIssueDto,
  type OfflineOutcome,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { isPostgres } from '../../db/dialect.ts';
import { isForeignKeyViolation, isTransactionRace } from '../../db/errors.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import {
  badgeName,
  deskParticipant,
  linkInTransaction,
  recordBadgePrint,
  requireBadgeAllowed,
} from '../accreditation/index.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';

type Db = Kysely<Database>;

/** A desk's clock may be this far ahead of the server's; later times are refused as wrong. */
const CLOCK_AHEAD_MS = 5 * 60_000;
/** Actions older than this are refused: no desk stays offline for a week. */
const OLDEST_MS = 7 * 24 * 3600_000;

export const CLOCK_MESSAGE =
  'O horário desta ação está fora do esperado (relógio da mesa errado?): ela não foi aplicada.';
export const UNKNOWN_EVENT_MESSAGE =
  'O evento desta ação não existe mais (ou nunca existiu): ela não foi aplicada.';
export const REUSED_CLIENT_ID_MESSAGE =
  'Este clientId já identifica outra ação, com outro conteúdo: esta não foi aplicada.';

/** What an action sent as `seenPrints` sees: the print count the desk's replica showed. */
export type SentAction = OfflineAction & { seenPrints?: number };

/**
 * POST /api/offline/actions: applies a desk's queue in the order sent, each in its own
 * transaction and under the same rules as online. An action already stored (sent before, or by a
 * retry racing this one) answers its stored outcome and is not applied again.
 */
export async function applyOfflineActions(
  db: Db,
  clock: () => Date,
  actor: AuditActor,
  actions: readonly SentAction[],
): Promise<OfflineActionResult[]> {
  const results: OfflineActionResult[] = [];
  const oneAtATime = isPostgres(db) ? undefined : sqliteTurns;
  for (const action of actions) {
    results.push(
      await (oneAtATime
        ? oneAtATime.run(() => applyOnce(db, clock(), actor, action))
        : applyOnce(db, clock(), actor, action)),
    );
  }
  return results;
}

/**
 * SQLite answers in the same turn of the event loop: five desks' queues of 200 ran as one task of
 * 10 s, and /api/health waited behind all of them (then 503). There, this process's offline
 * actions run one at a time, each in a turn of its own (10–40 ms), so any other request waits at
 * most about one action. PostgreSQL waits on the network between statements, and applies the
 * desks' queues side by side.
 */
const sqliteTurns = (() => {
  let last: Promise<unknown> = Promise.resolve();
  return {
    run<T>(apply: () => Promise<T>): Promise<T> {
      const turn = last.then(async () => {
        await nextTurn();
        return apply();
      });
      last = turn.catch(() => undefined);
      return turn;
    },
  };
})();

/**
 * What the action says, as one digest: a `clientId` sent again with another body (another
 * participant, kind, time or value) is another action, refused rather than answered `applied`.
 */
function bodyDigest(action: SentAction): string {
  const value = action.kind === 'badge' ? action.usualName : action.coursewareId;
  const said = [
    action.kind,
    action.eventId,
    action.participantId,
    new Date(action.at).toISOString(),
    value,
    action.kind === 'badge' ? (action.seenPrints ?? null) : null,
  ];
  return createHash('sha256').update(JSON.stringify(said)).digest('hex');
}

async function applyOnce(
  db: Db,
  now: Date,
  actor: AuditActor,
  action: SentAction,
): Promise<OfflineActionResult> {
  const at = new Date(action.at);
  const age = now.getTime() - at.getTime();
  for (let attempt = 1; ; attempt++) {
    const stored = await storedResult(db, action);
    if (stored) return stored;
    if (!(await eventExists(db, action.eventId))) {
      // Nothing to store it under (its row needs the event): refused, answered, not kept.
      return { clientId: action.clientId, outcome: 'refused', message: UNKNOWN_EVENT_MESSAGE };
    }
    if (age < -CLOCK_AHEAD_MS || age > OLDEST_MS) {
      return settle(db, now, actor, action, 'refused', CLOCK_MESSAGE);
    }
    try {
      return await db.transaction().execute(async (trx) => {
        // Claimed first: a retry racing this request waits on the claim, then finds it taken.
        if (!(await claim(trx, now, actor, action))) throw new AlreadyApplied();
        const result = await apply(trx, now, at, actor, action);
        if (result.outcome !== 'applied') {
          await trx
            .updateTable('offline_actions')
            .set({ outcome: result.outcome, message: result.message })
            .where('client_id', '=', action.clientId)
            .execute();
        }
        return result;
      });
    } catch (error) {
      if (error instanceof AlreadyApplied) continue;
      if (error instanceof ApiError && error.status < 500) {
        return error.description === NOT_REGISTERED_MESSAGE
          ? settle(db, now, actor, action, 'dropped', OFFLINE_DROPPED_MESSAGE)
          : settle(db, now, actor, action, 'refused', error.description);
      }
      // PostgreSQL's deadlock or serialization failure: the same action, once more.
      if (attempt < 3 && isTransactionRace(error)) continue;
      // The event was deleted between the check and the write: the next turn refuses it.
      if (attempt < 3 && isForeignKeyViolation(error)) continue;
      throw error;
    }
  }
}

/** Thrown to roll back an action another request claimed first; its stored outcome is answered. */
class AlreadyApplied extends Error {}

async function apply(
  trx: Transaction<Database>,
  now: Date,
  at: Date,
  actor: AuditActor,
  action: SentAction,
): Promise<OfflineActionResult> {
  const participant = await deskParticipant(trx, action.participantId, action.eventId);
  if (participant.anonymized_at !== null) throw notFound(NOT_REGISTERED_MESSAGE);
  if (action.kind === 'link') {
    await linkInTransaction(trx, now, actor, action, { at });
    return { clientId: action.clientId, outcome: 'applied', message: null };
  }
  const usualName = badgeName(action.usualName);
  requireBadgeAllowed(participant);
  const { printsBefore } = await recordBadgePrint(trx, actor, {
    participant,
    usualName,
    at,
    now,
    offline: true,
  });
  // Another desk printed since this desk's replica was read: one accreditation, prints summed.
  const merged = action.seenPrints !== undefined && printsBefore > action.seenPrints;
  return merged
    ? { clientId: action.clientId, outcome: 'merged', message: OFFLINE_MERGED_BADGE_MESSAGE }
    : { clientId: action.clientId, outcome: 'applied', message: null };
}

/** Stores the action's outcome; false when another request stored it first. */
async function claim(
  db: Kysely<Database>,
  now: Date,
  actor: AuditActor,
  action: SentAction,
  result: Pick<OfflineActionResult, 'outcome' | 'message'> = { outcome: 'applied', message: null },
): Promise<boolean> {
  const inserted = await db
    .insertInto('offline_actions')
    .values({
      client_id: action.clientId,
      event_id: action.eventId,
      participant_id: action.participantId,
      kind: action.kind,
      user_id: actor.id,
      desk: actor.username,
      done_at: new Date(action.at).toISOString(),
      synced_at: now.toISOString(),
      outcome: result.outcome,
      message: result.message,
      body_digest: bodyDigest(action),
    })
    .onConflict((conflict) => conflict.column('client_id').doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** A refused or dropped action: stored and audited, so the desk and the log both list it. */
async function settle(
  db: Db,
  now: Date,
  actor: AuditActor,
  action: SentAction,
  outcome: OfflineOutcome,
  message: string,
): Promise<OfflineActionResult> {
  const result = { clientId: action.clientId, outcome, message };
  // The event is gone, and its queue with it: nothing to keep.
  if (!(await eventExists(db, action.eventId))) return result;
  const stored = await db.transaction().execute(async (trx) => {
    if (!(await claim(trx, now, actor, action, result))) return false;
    await recordAudit(trx, actor, {
      entity: 'participants',
      entityId: action.participantId,
      action: 'offline_recusada',
      after: {
        acao: action.kind,
        feita_em: new Date(action.at).toISOString(),
        resultado: outcome,
        motivo: message,
      },
      at: now,
    });
    return true;
  });
  return stored ? result : (await storedResult(db, action))!;
}

async function eventExists(db: Db, eventId: number): Promise<boolean> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return event !== undefined;
}

/**
 * The outcome stored under the action's `clientId`: its own, sent before; or a refusal when the
 * id was stored with another body (rows stored before the digest compare what they kept).
 */
async function storedResult(db: Db, action: SentAction): Promise<OfflineActionResult | undefined> {
  const row = await db
    .selectFrom('offline_actions')
    .select([
      'client_id',
      'outcome',
      'message',
      'body_digest',
      'event_id',
      'participant_id',
      'kind',
      'done_at',
    ])
    .where('client_id', '=', action.clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  const same =
    row.body_digest === null
      ? Number(row.event_id) === action.eventId &&
        Number(row.participant_id) === action.participantId &&
        row.kind === action.kind &&
        new Date(row.done_at).getTime() === new Date(action.at).getTime()
      : row.body_digest === bodyDigest(action);
  return same
    ? { clientId: row.client_id, outcome: row.outcome as OfflineOutcome, message: row.message }
    : { clientId: action.clientId, outcome: 'refused', message: REUSED_CLIENT_ID_MESSAGE };
}

/** GET /api/offline/issues: the event's actions that did not simply apply, newest first. */
export async function offlineIssues(db: Db, eventId: number): Promise<OfflineIssueDto[]> {
  const rows = await db
    .selectFrom('offline_actions')
    .leftJoin('participants', 'participants.id', 'offline_actions.participant_id')
    .select([
      'offline_actions.client_id',
      'offline_actions.kind',
      'offline_actions.outcome',
      'offline_actions.message',
      'offline_actions.participant_id',
      'offline_actions.done_at',
      'offline_actions.synced_at',
      'offline_actions.desk',
      'participants.name',
    ])
    .where('offline_actions.event_id', '=', eventId)
    .where('offline_actions.outcome', '!=', 'applied')
    .orderBy('offline_actions.synced_at', 'desc')
    .orderBy('offline_actions.done_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    clientId: row.client_id,
    kind: row.kind as OfflineIssueDto['kind'],
    outcome: row.outcome as OfflineOutcome,
    message: row.message,
    participantId: row.participant_id,
    participantName: row.name ?? null,
    at: row.done_at,
    desk: row.desk,
    syncedAt: row.synced_at,
  }));
}
