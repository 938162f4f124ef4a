import { type AuditActor, auditedWrite } from '../audit/index.ts';
import type { Kysely } from 'kysely';
import {
  fillPlaceholders,
  type EmailBatchDto,
  type EmailDraft,
  type EmailPreviewDto,
  type EmailValues,
  type SmtpConfigDto,
  type SmtpConfigRequest,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { requireEvent } from '../events/index.ts';
import type { MailSender, SmtpServer } from './sender.ts';
import { attachmentsFor, MESSAGE_KIND } from './attachments.ts';

/** 'Enviar e-mails' (docs/emails-api.md): SMTP settings, preview, the queue and its results. */

type Db = Kysely<Database>;

export async function smtpServer(db: Db): Promise<SmtpServer | null> {
  const row = await db
    .selectFrom('smtp_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst();
  return row
    ? {
        host: row.host,
        port: row.port,
        user: row.username,
        password: row.password,
        sender: row.sender,
      }
    : null;
}

export async function smtpConfig(db: Db): Promise<SmtpConfigDto> {
  const server = await smtpServer(db);
  if (!server) return { host: '', port: 587, user: '', sender: '', hasPassword: false };
  const { password, ...shown } = server;
  return { ...shown, hasPassword: password !== '' };
}

/** One row, replaced; an empty password keeps the stored one (the form never shows it). */
export async function saveSmtpConfig(
  db: Db,
  now: Date,
  actor: AuditActor,
  request: SmtpConfigRequest,
): Promise<SmtpConfigDto> {
  const host = request.host.trim();
  const sender = request.sender.trim();
  if (host === '') throw invalidRequest('Informe o servidor SMTP.');
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(sender.replace(/^.*<(.+)>$/, '$1')))
    throw invalidRequest('Remetente inválido: informe um e-mail, como eventos@exemplo.com.br.');
  const stored = await smtpServer(db);
  const values = {
    host,
    port: request.port,
    username: request.user.trim(),
    password: request.password === '' ? (stored?.password ?? '') : request.password,
    sender,
    updated_by: actor.id,
    updated_at: now.toISOString(),
  };
  await db.transaction().execute((trx) =>
    auditedWrite(trx, actor, { entity: 'smtp_settings', id: 1, action: 'update', at: now }, () =>
      trx
        .insertInto('smtp_settings')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute(),
    ),
  );
  return smtpConfig(db);
}

interface Recipient {
  id: number;
  name: string;
  usual_name: string | null;
  cpf: string;
  email: string | null;
  pacote: string | null;
}

async function eventName(db: Db, eventId: number): Promise<string> {
  return (await requireEvent(db, eventId)).name;
}

function checkDraft(draft: EmailDraft): void {
  if (draft.statuses.length === 0) throw invalidRequest('Escolha ao menos uma situação.');
  if (draft.subject.trim() === '') throw invalidRequest('Informe o assunto.');
  if (draft.body.trim() === '') throw invalidRequest('Escreva a mensagem.');
}

async function participantsOf(db: Db, draft: EmailDraft): Promise<Recipient[]> {
  return db
    .selectFrom('participants')
    .select(['id', 'name', 'usual_name', 'cpf', 'email', 'pacote'])
    .where('event_id', '=', draft.eventId)
    .where('status', 'in', draft.statuses)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

const hasEmail = (r: Recipient): r is Recipient & { email: string } =>
  r.email !== null && /^[^\s@]+@[^\s@]+$/.test(r.email.trim());

function valuesOf(
  r: { name: string; usual_name: string | null; cpf: string; email: string; pacote: string | null },
  event: string,
): EmailValues {
  return {
    nome: r.name,
    nome_cracha: r.usual_name ?? r.name,
    cpf: r.cpf,
    email: r.email,
    evento: event,
    pacote: r.pacote ?? '',
  };
}

export async function previewEmail(db: Db, draft: EmailDraft): Promise<EmailPreviewDto> {
  checkDraft(draft);
  const event = await eventName(db, draft.eventId);
  const all = await participantsOf(db, draft);
  const reachable = all.filter(hasEmail);
  const first = reachable[0];
  return {
    recipients: reachable.length,
    withoutEmail: all.length - reachable.length,
    sample: first
      ? {
          name: first.name,
          email: first.email.trim(),
          subject: fillPlaceholders(
            draft.subject,
            valuesOf({ ...first, email: first.email.trim() }, event),
          ),
          body: fillPlaceholders(
            draft.body,
            valuesOf({ ...first, email: first.email.trim() }, event),
          ),
        }
      : null,
  };
}

/** Queues one sending: the message as written and every participant with an address. */
export async function queueBatch(
  db: Db,
  now: Date,
  userId: number,
  draft: EmailDraft,
): Promise<number> {
  checkDraft(draft);
  await eventName(db, draft.eventId);
  const recipients = (await participantsOf(db, draft)).filter(hasEmail);
  return queueSending(db, now, userId, {
    eventId: draft.eventId,
    kind: MESSAGE_KIND,
    subject: draft.subject,
    body: draft.body,
    statuses: draft.statuses,
    recipients: recipients.map((r) => ({ participantId: r.id, name: r.name, email: r.email })),
    none: 'Nenhum participante com e-mail nas situações escolhidas.',
  });
}

/** A sending as another module queues it (the passes): its kind builds what each e-mail adds. */
export interface Sending {
  eventId: number;
  kind: string;
  subject: string;
  body: string;
  statuses: readonly string[];
  recipients: readonly { participantId: number; name: string; email: string }[];
  /** The refusal when no one is left to send to. */
  none: string;
}

/** A valid-looking address (the one check 'Enviar e-mails' applies). */
export const isEmailAddress = (email: string | null): email is string =>
  email !== null && /^[^\s@]+@[^\s@]+$/.test(email.trim());

/**
 * Queues a sending in one transaction: its batch row and one PENDENTE row per recipient; the
 * caller then drains it (`drainBatch`). SMTP must be configured; someone must be on the list.
 */
export async function queueSending(
  db: Db,
  now: Date,
  userId: number,
  sending: Sending,
): Promise<number> {
  if (!(await smtpServer(db))) throw conflict('Configure o servidor SMTP antes de enviar.');
  const { recipients } = sending;
  if (recipients.length === 0) throw invalidRequest(sending.none);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('email_batches')
      .values({
        event_id: sending.eventId,
        subject: sending.subject,
        body: sending.body,
        statuses: JSON.stringify(sending.statuses),
        kind: sending.kind,
        created_by: userId,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < recipients.length; start += 500) {
      await trx
        .insertInto('email_recipients')
        .values(
          recipients.slice(start, start + 500).map((r) => ({
            batch_id: id,
            participant_id: r.participantId,
            name: r.name,
            email: r.email.trim(),
            status: 'PENDENTE' as const,
            error: null,
            sent_at: null,
          })),
        )
        .execute();
    }
    return id;
  });
}

/** A kind whose module did not register its builder: its e-mails fail rather than go bare. */
async function missingAttachments(): Promise<never> {
  throw new Error('Anexos deste envio indisponíveis neste servidor.');
}

/** A retry: the failed recipients of the sending go back in the queue; sent ones are left. */
export async function requeueFailed(db: Db, batchId: number): Promise<number> {
  await batchRow(db, batchId);
  const result = await db
    .updateTable('email_recipients')
    .set({ status: 'PENDENTE', error: null })
    .where('batch_id', '=', batchId)
    .where('status', '=', 'FALHOU')
    .executeTakeFirst();
  const count = Number(result.numUpdatedRows);
  if (count === 0) throw conflict('Nenhum envio falhou neste lote.');
  return count;
}

async function batchRow(db: Db, batchId: number) {
  const row = await db
    .selectFrom('email_batches')
    .selectAll()
    .where('id', '=', batchId)
    .executeTakeFirst();
  if (!row) throw notFound('Envio de e-mails não encontrado.');
  return row;
}

export async function emailBatch(db: Db, batchId: number): Promise<EmailBatchDto> {
  const batch = await batchRow(db, batchId);
  const rows = await db
    .selectFrom('email_recipients')
    .select(['id', 'name', 'email', 'status', 'error', 'sent_at'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  const pending = count('PENDENTE') + count('ENVIANDO');
  return {
    id: batch.id,
    eventId: batch.event_id,
    subject: batch.subject,
    createdAt: batch.created_at,
    total: rows.length,
    sent: count('ENVIADO'),
    failed: count('FALHOU'),
    pending,
    done: pending === 0,
    recipients: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      status: row.status,
      error: row.error,
      sentAt: row.sent_at,
    })),
  };
}

/**
 * Works through the sending's queue one recipient at a time. Each recipient is claimed with a
 * conditional update (PENDENTE → ENVIANDO), so two API instances never send the same message twice.
 */
export async function drainBatch(
  db: Db,
  batchId: number,
  now: () => Date,
  openSender: (server: SmtpServer) => MailSender,
): Promise<void> {
  const batch = await batchRow(db, batchId);
  const server = await smtpServer(db);
  if (!server) return;
  const event = await eventName(db, batch.event_id);
  const build =
    batch.kind === MESSAGE_KIND ? undefined : (attachmentsFor(batch.kind) ?? missingAttachments);
  const sender = openSender(server);
  try {
    for (;;) {
      const next = await db
        .selectFrom('email_recipients as r')
        .leftJoin('participants as p', 'p.id', 'r.participant_id')
        .select([
          'r.id',
          'r.name',
          'r.email',
          'r.participant_id',
          'p.usual_name',
          'p.cpf',
          'p.pacote',
        ])
        .where('r.batch_id', '=', batchId)
        .where('r.status', '=', 'PENDENTE')
        .orderBy('r.id')
        .executeTakeFirst();
      if (!next) return;
      const claimed = await db
        .updateTable('email_recipients')
        .set({ status: 'ENVIANDO' })
        .where('id', '=', next.id)
        .where('status', '=', 'PENDENTE')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      const values = valuesOf({ ...next, cpf: next.cpf ?? '' }, event);
      try {
        const extras = await build?.(db, {
          eventId: batch.event_id,
          participantId: next.participant_id,
          name: next.name,
        });
        await sender.send({
          to: next.email,
          subject: fillPlaceholders(batch.subject, values),
          text: fillPlaceholders(batch.body, values),
          ...(extras?.html === undefined ? {} : { html: extras.html }),
          ...(extras ? { attachments: extras.attachments } : {}),
        });
        await db
          .updateTable('email_recipients')
          .set({ status: 'ENVIADO', error: null, sent_at: now().toISOString() })
          .where('id', '=', next.id)
          .execute();
      } catch (thrown) {
        const reason = thrown instanceof Error ? thrown.message : String(thrown);
        await db
          .updateTable('email_recipients')
          .set({ status: 'FALHOU', error: reason.slice(0, 500) })
          .where('id', '=', next.id)
          .execute();
      }
    }
  } finally {
    sender.close();
  }
}
