import { Type } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { AGENT_SILENT_MS, PRINT_SERVICES, type MappedPrinterStatus } from '@balcao/contract';
import { mappedPrinter } from './queue.ts';
import type { Database } from '../db/types.ts';
import { notFound } from '../http/api-error.ts';
import type { Auth } from '../auth/access-control.ts';

const JOB_LIST_LIMIT = 500;

/** A print job on the wire ('Fila de impressão', a desk or kiosk following its job). */
export const PrintJob = Type.Object({
  id: Type.Integer(),
  printer: Type.Object({ id: Type.Integer(), name: Type.String() }),
  origin: Type.String(),
  service: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  copies: Type.Integer(),
  status: Type.String(),
  attempts: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  fileAvailable: Type.Boolean(),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
});

/** A file for the browser's print dialog: its author's, or anyone's for System. */
export async function readFileFor(db: Kysely<Database>, filename: string, auth: Auth) {
  let query = db.selectFrom('print_files').select('content').where('filename', '=', filename);
  if (!auth.user.permissions.includes('System')) query = query.where('user_id', '=', auth.user.id);
  const file = await query.executeTakeFirst();
  if (!file) throw notFound('Arquivo de impressão não encontrado.');
  return Buffer.from(file.content);
}

/** The PDF of a job this printer claimed. */
export async function readJobFile(db: Kysely<Database>, printerId: number, jobId: number) {
  const file = await db
    .selectFrom('print_jobs')
    .innerJoin('print_files', 'print_files.id', 'print_jobs.file_id')
    .select('print_files.content')
    .where('print_jobs.id', '=', jobId)
    .where('print_jobs.printer_id', '=', printerId)
    .executeTakeFirst();
  if (!file) throw notFound('Trabalho de impressão não encontrado.');
  return Buffer.from(file.content);
}

function jobQuery(db: Kysely<Database>) {
  return db
    .selectFrom('print_jobs')
    .innerJoin('printers', 'printers.id', 'print_jobs.printer_id')
    .select([
      'print_jobs.id',
      'print_jobs.service',
      'print_jobs.kind',
      'print_jobs.title',
      'print_jobs.copies',
      'print_jobs.status',
      'print_jobs.attempts',
      'print_jobs.error',
      'print_jobs.origin',
      'print_jobs.user_id',
      'print_jobs.file_id',
      'print_jobs.created_at',
      'print_jobs.updated_at',
      'printers.id as printer_id',
      'printers.name as printer_name',
    ]);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof jobQuery>['executeTakeFirstOrThrow']>>;

function jobDto(row: JobRow) {
  return {
    id: row.id,
    printer: { id: row.printer_id, name: row.printer_name },
    origin: row.origin,
    service: row.service,
    kind: row.kind,
    title: row.title,
    copies: row.copies,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    fileAvailable: row.file_id !== null,
    dateCreated: row.created_at,
    dateUpdated: row.updated_at,
  };
}

/** 'Fila de impressão': the newest jobs first. */
export async function listJobs(db: Kysely<Database>) {
  const rows = await jobQuery(db).orderBy('print_jobs.id', 'desc').limit(JOB_LIST_LIMIT).execute();
  return rows.map(jobDto);
}

/** One job, for the desk that queued it to follow (its author's, or anyone's for System). */
export async function readJobFor(db: Kysely<Database>, jobId: number, auth: Auth) {
  if (!auth.user.permissions.includes('System')) return readOwnJob(db, jobId, auth.user.id);
  const row = await jobQuery(db).where('print_jobs.id', '=', jobId).executeTakeFirst();
  if (!row) throw notFound('Trabalho de impressão não encontrado.');
  return jobDto(row);
}

/** A job the user sent (the kiosk follows its badges, whatever else its user holds). */
export async function readOwnJob(db: Kysely<Database>, jobId: number, userId: number) {
  const row = await jobQuery(db)
    .where('print_jobs.id', '=', jobId)
    .where('print_jobs.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('Trabalho de impressão não encontrado.');
  return jobDto(row);
}

/** The printers this user's prints go to (per service, as printDocument routes them). */
export async function mappedPrinterStatuses(
  db: Kysely<Database>,
  username: string,
  now: Date,
): Promise<MappedPrinterStatus[]> {
  const byName = new Map<string, MappedPrinterStatus>();
  for (const service of PRINT_SERVICES) {
    const printer = await mappedPrinter(db, username, service);
    if (!printer) continue;
    const known = byName.get(printer.name);
    if (known) {
      known.services.push(service);
      continue;
    }
    const seen = printer.agent_seen_at;
    byName.set(printer.name, {
      name: printer.name,
      services: [service],
      agentSeenAt: seen,
      silent: seen === null || now.getTime() - new Date(seen).getTime() > AGENT_SILENT_MS,
    });
  }
  return [...byName.values()];
}
