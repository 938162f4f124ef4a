/**
 * The print queue (issue 4): every print renders a PDF, stores it, and routes it through the
 * printer mapping. A mapped printer gets a job its agent claims; with no mapping the caller gets
 * the file's name and the browser prints it. Everything lives in the database, so any API
 * instance can serve any agent or browser.
 */
import { randomUUID } from 'node:crypto';
import { Type, type Static, type TProperties } from '@fastify/type-provider-typebox';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PrintService } from '@balcao/contract';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/types.ts';
import { conflict, notFound } from '../http/api-error.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type PrintJobStatus = 'queued' | 'printing' | 'done' | 'failed';

export interface PrintRequest {
  user: { id: number; username: string };
  service: PrintService;
  /** What the document is ('badge', 'product-tags', ...): names the file and the job. */
  kind: string;
  title: string;
  pdf: Buffer;
  copies?: number;
  /** The participant whose personal data it shows (badge, receipts): erased with them. */
  participantId?: number | null;
}

/** SPEC.md: a print with no mapping 'returns a filename'; a mapped one is queued. */
export const PrintOutcomeSchema = Type.Union([
  Type.Object({ filename: Type.String() }),
  Type.Object({ jobId: Type.Integer(), printer: Type.String() }),
]);
export type PrintOutcome = Static<typeof PrintOutcomeSchema>;

/** A PrintOutcome with more fields beside it (e.g. the coupon a printed file is). */
export function printOutcomeWith<T extends TProperties>(properties: T) {
  return Type.Union([
    Type.Object({ ...properties, filename: Type.String() }),
    Type.Object({ ...properties, jobId: Type.Integer(), printer: Type.String() }),
  ]);
}

/** A claimed job that no agent confirmed within this time is failed, for a person to reprint. */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;
/** Files a browser printed are kept this long; files of pending jobs are kept until printed. */
export const FILE_RETENTION_MS = 24 * 60 * 60_000;

/** The printer for this user and service: the user's own mapping first, then the '*' default. */
export async function mappedPrinter(db: Db, username: string, service: PrintService) {
  return db
    .selectFrom('print_mappings')
    .innerJoin('printers', 'printers.id', 'print_mappings.printer_id')
    .select(['printers.id', 'printers.name', 'printers.agent_seen_at'])
    .where('print_mappings.service', '=', service)
    .where('print_mappings.origin', 'in', [username, '*'])
    .orderBy(sql`case when print_mappings.origin = '*' then 1 else 0 end`)
    .limit(1)
    .executeTakeFirst();
}

export async function printDocument(
  db: Kysely<Database>,
  now: Date,
  request: PrintRequest,
): Promise<PrintOutcome> {
  return db.transaction().execute((trx) => queuePrint(trx, now, request));
}

/**
 * printDocument inside the caller's transaction, so a print and what it counts (badge prints,
 * check-ins, courseware prints) are saved together or not at all.
 */
export async function queuePrint(
  trx: Transaction<Database>,
  now: Date,
  request: PrintRequest,
): Promise<PrintOutcome> {
  const stamp = now.toISOString();
  const filename = `${request.kind}-${randomUUID()}.pdf`;
  const file = await trx
    .insertInto('print_files')
    .values({
      filename,
      content: request.pdf,
      user_id: request.user.id,
      participant_id: request.participantId ?? null,
      created_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const printer = await mappedPrinter(trx, request.user.username, request.service);
  if (!printer) return { filename };
  const job = await trx
    .insertInto('print_jobs')
    .values({
      printer_id: printer.id,
      file_id: file.id,
      service: request.service,
      kind: request.kind,
      title: request.title,
      copies: request.copies ?? 1,
      status: 'queued',
      user_id: request.user.id,
      origin: request.user.username,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { jobId: job.id, printer: printer.name };
}

/**
 * Claims the printer's oldest queued job in one statement, so two agents (polling the same or
 * different API instances) never get the same job. On PostgreSQL the pick skips rows another
 * transaction is claiming (`FOR UPDATE SKIP LOCKED`): a racing agent takes the next job at once
 * instead of waiting for the row and finding it gone. SQLite runs one writing statement at a time.
 */
export async function claimNextJob(db: Kysely<Database>, printerId: number, now: Date) {
  const stamp = now.toISOString();
  // Asking for work is the agent's sign of life (GET /api/prints/status warns when it stops).
  await db
    .updateTable('printers')
    .set({ agent_seen_at: stamp })
    .where('id', '=', printerId)
    .execute();
  await db
    .updateTable('print_jobs')
    .set({ status: 'failed', error: 'O agente não confirmou a impressão.', updated_at: stamp })
    .where('printer_id', '=', printerId)
    .where('status', '=', 'printing')
    .where('claimed_at', '<', new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString())
    .execute();
  const oldestQueued = db
    .selectFrom('print_jobs as queued')
    .select('queued.id')
    .where('queued.printer_id', '=', printerId)
    .where('queued.status', '=', 'queued')
    .orderBy('queued.id')
    .limit(1)
    .$if(isPostgres(db), (query) => query.forUpdate().skipLocked());
  return db
    .updateTable('print_jobs')
    .set({
      status: 'printing',
      attempts: sql`attempts + 1`,
      claimed_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', oldestQueued)
    .where('status', '=', 'queued')
    .returning(['id', 'kind', 'title', 'copies', 'file_id'])
    .executeTakeFirst();
}

/** The agent reports a claimed job printed (`done`) or not (`failed`, with the reason). */
export async function finishJob(
  db: Kysely<Database>,
  printerId: number,
  jobId: number,
  now: Date,
  outcome: { status: 'done' } | { status: 'failed'; error: string },
): Promise<void> {
  const result = await db
    .updateTable('print_jobs')
    .set({
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error.slice(0, 2000) : null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', jobId)
    .where('printer_id', '=', printerId)
    .where('status', '=', 'printing')
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) {
    throw conflict('Este trabalho de impressão não está sendo impresso por esta impressora.');
  }
}

/** Puts a failed or printed job back in the queue (a reprint from 'Fila de impressão'). */
export async function requeueJob(db: Kysely<Database>, jobId: number, now: Date): Promise<void> {
  const job = await db
    .selectFrom('print_jobs')
    .select(['status', 'file_id'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!job) throw notFound('Trabalho de impressão não encontrado.');
  if (job.file_id === null) {
    throw conflict('O arquivo deste trabalho expirou. Imprima o documento de novo.');
  }
  const result = await db
    .updateTable('print_jobs')
    .set({ status: 'queued', error: null, claimed_at: null, updated_at: now.toISOString() })
    .where('id', '=', jobId)
    .where('status', 'in', ['failed', 'done'])
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) {
    throw conflict('Este trabalho ainda está na fila ou sendo impresso.');
  }
}

/** Deletes old files, keeping those that a queued or printing job still needs. */
export async function removeExpiredFiles(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - FILE_RETENTION_MS).toISOString();
  const result = await db
    .deleteFrom('print_files')
    .where('created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('print_jobs')
            .select('print_jobs.id')
            .whereRef('print_jobs.file_id', '=', 'print_files.id')
            .where('print_jobs.status', 'in', ['queued', 'printing']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const ERASED_JOB_TITLE = 'Documento de participante anonimizado';
const ERASED_JOB_ERROR = 'O participante foi anonimizado: o documento foi apagado.';

/**
 * 'Anonimizar participante': deletes the files that show this participant (no browser or agent
 * downloads them again). Their jobs stay in 'Fila de impressão' without the person's name; one
 * not printed yet fails, so no agent claims it.
 */
export async function erasePrintsOf(
  trx: Transaction<Database>,
  participantId: number,
  now: Date,
): Promise<void> {
  const files = trx
    .selectFrom('print_files')
    .select('id')
    .where('participant_id', '=', participantId);
  await trx
    .updateTable('print_jobs')
    .set({ status: 'failed', error: ERASED_JOB_ERROR, updated_at: now.toISOString() })
    .where('file_id', 'in', files)
    .where('status', 'in', ['queued', 'printing'])
    .execute();
  await trx
    .updateTable('print_jobs')
    .set({ title: ERASED_JOB_TITLE })
    .where('file_id', 'in', files)
    .execute();
  await trx.deleteFrom('print_files').where('participant_id', '=', participantId).execute();
}
