import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { EmailBatchDto } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/api-error.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { smtpSender } from './sender.ts';
import { drainBatch, emailBatch, isEmailAddress, queueSending, requeueFailed } from './service.ts';

/**
 * The sendings other modules make through this one (the passes', the certificates'): queued for
 * the people they chose and audited, drained in the background, followed and retried by their own
 * screens, each seeing only sendings of its kind.
 */

type Db = Kysely<Database>;

/** A participant a module sends to, with the address it checked. */
export interface SendingPerson {
  id: number;
  name: string;
  email: string;
  status: string;
}

/** The people with a valid-looking address (the one check 'Enviar e-mails' applies). */
export const withAddress = <T extends { email: string | null }>(people: readonly T[]) =>
  people.filter((person): person is T & { email: string } => isEmailAddress(person.email));

export interface ModuleSending {
  eventId: number;
  /** Its attachments' builder (`registerAttachments`). */
  kind: string;
  subject: string;
  body: string;
  /** The refusal when no one is left to send to. */
  none: string;
  people: readonly SendingPerson[];
  /** The audit's action, e.g. 'enviar_ingressos'. */
  action: string;
}

/** Queues a module's sending (`queueSending`) and records it in the audit: its id. */
export async function queueModuleSending(
  db: Db,
  now: Date,
  actor: AuditActor,
  sending: ModuleSending,
): Promise<number> {
  const { eventId, people } = sending;
  const batchId = await queueSending(db, now, actor.id, {
    eventId,
    kind: sending.kind,
    subject: sending.subject,
    body: sending.body,
    statuses: [...new Set(people.map((person) => person.status))],
    recipients: people.map((person) => ({
      participantId: person.id,
      name: person.name,
      email: person.email,
    })),
    none: sending.none,
  });
  await recordAudit(db, actor, {
    entity: 'email_batches',
    entityId: batchId,
    action: sending.action,
    after: { evento: eventId, destinatarios: people.length },
    at: now,
  });
  return batchId;
}

/** A sending of `kind` as its module's screen follows it; 404 (`missing`) for any other. */
export async function sendingOfKind(
  db: Db,
  batchId: number,
  kind: string,
  missing: string,
): Promise<EmailBatchDto> {
  const row = await db
    .selectFrom('email_batches')
    .select('kind')
    .where('id', '=', batchId)
    .executeTakeFirst();
  if (row?.kind !== kind) throw notFound(missing);
  return emailBatch(db, batchId);
}

/** Starts draining a queued sending (`drainBatch` over SMTP) off the request. */
export type Drain = (batchId: number) => void;

/**
 * The background drain of one plugin's sendings: a failure is logged with `failure`, and closing
 * the server waits for the sendings still going.
 */
export function backgroundDrain(app: FastifyInstance, failure: string): Drain {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });
  return (batchId) => {
    const work = drainBatch(app.db, batchId, app.config.now, smtpSender)
      .catch((error: unknown) => app.log.error({ err: error, batchId }, failure))
      .finally(() => running.delete(work));
    running.add(work);
  };
}

/**
 * 'Reenviar falhas': the failed e-mails go again, the sent ones are left. `read` answers the
 * sending as its screen shows it (and refuses one it may not see, before anything changes).
 */
export async function retryFailed<T>(
  db: Db,
  batchId: number,
  read: (batchId: number) => Promise<T>,
  drain: Drain,
): Promise<T> {
  await read(batchId);
  await requeueFailed(db, batchId);
  const sending = await read(batchId);
  drain(batchId);
  return sending;
}
