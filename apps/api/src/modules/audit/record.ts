import type { FastifyRequest } from 'fastify';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { signedIn } from '../../auth/access-control.ts';
import { anonymizedCpf } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { isPostgres } from '../../db/dialect.ts';
import { replaceCpf } from './erase.ts';

/** Who acts, and from which address (request.ip: the proxy's client when TRUST_PROXY is set). */
export interface AuditActor {
  id: number;
  username: string;
  ip: string;
}

export const auditActor = (request: FastifyRequest): AuditActor => {
  const { user } = signedIn(request);
  return { id: user.id, username: user.username, ip: request.ip };
};

export type AuditValues = Record<string, unknown>;

export interface AuditEntry {
  /** The table changed (or read): 'users', 'orders', 'coupon_configs', 'participants', ... */
  entity: string;
  entityId?: number | string | null;
  /** 'insert', 'update', 'delete', an order action ('pagar', 'estornar'), 'view', 'export'. */
  action: string;
  /** The record before the change, whole; only the fields that changed are kept. */
  before?: AuditValues | null;
  /** The record after the change, or what was read or exported. */
  after?: AuditValues | null;
  at: Date;
}

/** The id (kept as the row's record) and the bookkeeping stamps every write sets: not news. */
const IGNORED = new Set(['id', 'date_created', 'date_updated', 'updated_at']);
/** Never stored, only said to have changed. */
const SECRET = /password|senha|secret|token|hash/i;
export const REDACTED = '[oculto]';

const canonical = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(canonical);
  return value === undefined ? null : value;
};

function redact(values: AuditValues): AuditValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      SECRET.test(key) && value !== null ? REDACTED : value,
    ]),
  );
}

/** The fields whose values differ, before and after; all non-null fields of a one-sided change. */
export function changedFields(
  before: AuditValues | null | undefined,
  after: AuditValues | null | undefined,
): { before: AuditValues | null; after: AuditValues | null } {
  const pick = (values: AuditValues, keep: (key: string) => boolean): AuditValues =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([key]) => !IGNORED.has(key) && keep(key))
        .map(([key, value]) => [key, canonical(value)]),
    );
  if (!before || !after) {
    const one = before ?? after;
    const side = one
      ? redact(pick(one, (key) => one[key] !== null && one[key] !== undefined))
      : null;
    return before ? { before: side, after: null } : { before: null, after: side };
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = new Set(
    [...keys].filter(
      (key) => JSON.stringify(canonical(before[key])) !== JSON.stringify(canonical(after[key])),
    ),
  );
  const side = (values: AuditValues): AuditValues =>
    redact(
      Object.fromEntries(
        [...changed].filter((key) => !IGNORED.has(key)).map((key) => [key, canonical(values[key])]),
      ),
    );
  return { before: side(before), after: side(after) };
}

const json = (values: AuditValues | null): string | null =>
  values && Object.keys(values).length > 0 ? JSON.stringify(values) : null;

/**
 * Writes one audit row with the caller's db, which is the change's own transaction: a change
 * rolled back leaves no row, and no row is written without its change. An update that changed
 * nothing writes nothing.
 */
export async function recordAudit(
  db: Kysely<Database>,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  const insert = auditInsert(db, actor, [entry]);
  if (insert) await db.executeQuery(insert);
}

/**
 * Several audit rows of one change (recordAudit's) as one insert, compiled for a caller that
 * sends it with its own writes (db/write-together.ts); none when no entry changed anything.
 */
export function auditInsert(
  db: Kysely<Database>,
  actor: AuditActor,
  entries: readonly AuditEntry[],
): CompiledQuery | undefined {
  const rows = entries.flatMap((entry) => {
    const { before, after } = changedFields(entry.before, entry.after);
    if (entry.before && entry.after && !json(before) && !json(after)) return [];
    return [rowValues(actor, entry, before, after)];
  });
  if (rows.length === 0) return undefined;
  if (rows.length === 1) return { ...insertQuery(db), parameters: rows[0]! };
  return db
    .insertInto('audit_log')
    .values(
      rows.map(
        (values) =>
          Object.fromEntries(
            INSERT_COLUMNS.map((column, index) => [column, values[index]]),
          ) as never,
      ),
    )
    .compile();
}

/** One row's values in INSERT_COLUMNS order. */
function rowValues(
  actor: AuditActor,
  entry: Pick<AuditEntry, 'entity' | 'entityId' | 'action' | 'at'>,
  before: AuditValues | null,
  after: AuditValues | null,
): unknown[] {
  return [
    entry.at.toISOString(),
    actor.id,
    actor.username,
    actor.ip,
    entry.entity,
    entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    entry.action,
    json(before),
    json(after),
  ];
}

const INSERT_COLUMNS = [
  'created_at',
  'user_id',
  'username',
  'ip',
  'entity',
  'entity_id',
  'action',
  'before',
  'after',
] as const;
/** Compiled once per dialect: the desk's CPF check pays one bound insert, not a query build. */
const compiledInserts = new WeakMap<object, CompiledQuery>();

function insertQuery(db: Kysely<Database>): CompiledQuery {
  const { adapter } = db.getExecutor();
  let compiled = compiledInserts.get(adapter);
  if (!compiled) {
    compiled = db
      .insertInto('audit_log')
      .values(Object.fromEntries(INSERT_COLUMNS.map((column) => [column, ''])) as never)
      .compile();
    if (compiled.parameters.length !== INSERT_COLUMNS.length) {
      throw new Error('audit_log: parâmetros inesperados');
    }
    compiledInserts.set(adapter, compiled);
  }
  return compiled;
}

/**
 * Runs a write of one record (by its `id` column) in the caller's transaction and audits the
 * fields it changed: the record is read before and after. For settings rows and small records.
 */
export async function auditedWrite<T>(
  trx: Kysely<Database>,
  actor: AuditActor,
  target: { entity: keyof Database & string; id: number; action: string; at: Date },
  write: () => Promise<T>,
): Promise<T> {
  const read = async (): Promise<AuditValues | undefined> =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is a parameter
    (trx as unknown as Kysely<any>)
      .selectFrom(target.entity)
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirst();
  const before = await read();
  const result = await write();
  await recordAudit(trx, actor, {
    entity: target.entity,
    entityId: target.id,
    action: before ? target.action : 'insert',
    before,
    after: await read(),
    at: target.at,
  });
  return result;
}

/**
 * Reads of a participant by CPF wait here (per database) and are written together: on the desk's
 * hot path a commit per lookup would cost more than the lookup itself (a disk sync on SQLite).
 * They are written within VIEW_FLUSH_MS, before the audit log is read, and when the server
 * stops; only a crash in that window loses them. A write that fails puts its rows back and is
 * tried again (after a growing pause, on the next read of the log, at shutdown); while it keeps
 * failing the queue holds at most VIEW_QUEUE_MAX rows, and any older row let go is logged.
 * Changes never wait: they are written in their own transaction.
 */
const VIEW_FLUSH_MS = 200;
const VIEW_RETRY_MAX_MS = 30_000;
const VIEW_BATCH_MAX = 500;
export const VIEW_QUEUE_MAX = 20_000;

/** Where the queue says it failed or let rows go: the app's logger (`watchCpfViews`). */
export interface CpfViewLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
const warningLog: CpfViewLog = {
  warn: (details, message) => process.emitWarning(`${message} ${JSON.stringify(details)}`),
  error: (details, message) => process.emitWarning(`${message} ${JSON.stringify(details)}`),
};

interface PendingViews {
  rows: unknown[][];
  timer: NodeJS.Timeout | null;
  /** Failed writes in a row: the retry waits longer after each. */
  failures: number;
  /** The write under way, if any: every flush waits for it before its own. */
  writing: Promise<void> | null;
  log: CpfViewLog;
}
const pendingViews = new WeakMap<Kysely<Database>, PendingViews>();

function pendingOf(db: Kysely<Database>): PendingViews {
  let pending = pendingViews.get(db);
  if (!pending) {
    pending = { rows: [], timer: null, failures: 0, writing: null, log: warningLog };
    pendingViews.set(db, pending);
  }
  return pending;
}

/** The app's logger hears of failed and dropped CPF-view writes of this database. */
export function watchCpfViews(db: Kysely<Database>, log: CpfViewLog): void {
  pendingOf(db).log = log;
}

function scheduleFlush(db: Kysely<Database>, pending: PendingViews, delay: number): void {
  pending.timer ??= setTimeout(() => {
    pending.timer = null;
    // A failure is logged and its rows kept by flushCpfViews itself.
    flushCpfViews(db).catch(() => undefined);
  }, delay).unref();
}

/** Keeps the newest VIEW_QUEUE_MAX rows, saying how many older ones were let go. */
function capQueue(pending: PendingViews): void {
  const excess = pending.rows.length - VIEW_QUEUE_MAX;
  if (excess <= 0) return;
  pending.rows.splice(0, excess);
  pending.log.error(
    { dropped: excess, kept: pending.rows.length },
    'Auditoria: consultas por CPF descartadas sem registro (a fila de gravação encheu)',
  );
}

/**
 * A read of a participant by CPF (LGPD: who looked whom up, where), found or not. `lookup` names
 * the screen: 'credenciamento', 'cliente'. Queued: see `flushCpfViews`.
 */
export async function recordCpfView(
  db: Kysely<Database>,
  actor: AuditActor,
  view: { cpf: string; participantId: number | undefined; lookup: string; at: Date },
): Promise<void> {
  const after = {
    cpf: view.cpf,
    consulta: view.lookup,
    encontrado: view.participantId !== undefined,
  };
  const pending = pendingOf(db);
  pending.rows.push(
    rowValues(
      actor,
      { entity: 'participants', entityId: view.participantId, action: 'view', at: view.at },
      null,
      after,
    ),
  );
  capQueue(pending);
  // While writes fail, the retry timer paces them: the desk's lookups do not each try again.
  if (pending.rows.length >= VIEW_BATCH_MAX && pending.failures === 0) {
    await flushCpfViews(db).catch(() => undefined);
  } else scheduleFlush(db, pending, VIEW_FLUSH_MS);
}

const ENTITY_ID = INSERT_COLUMNS.indexOf('entity_id');

/**
 * One batch of rows (INSERT_COLUMNS order) as one statement whose one parameter is the batch in
 * JSON, read back row by row by the database: the SQL is the same for any batch, so it is
 * prepared once, and Kysely does not build a VALUES list of 500 × 9 parameters, which cost the
 * desk's CPF check more than the check's own query (issue #45, bench:cpf-check).
 */
function insertRows(db: Kysely<Database>, rows: unknown[][]) {
  const postgres = isPostgres(db);
  const columns = INSERT_COLUMNS.map((column, i) => {
    const field = postgres ? sql`v ->> ${sql.lit(i)}` : sql`value ->> ${sql.lit(i)}`;
    return column === 'user_id' && postgres ? sql`(${field})::integer` : field;
  });
  const batch = JSON.stringify(rows);
  const source = postgres
    ? sql`json_array_elements(${batch}::json) as v`
    : sql`json_each(${batch})`;
  return sql<{ id: number; entity_id: string | null; after: string | null }>`
    insert into audit_log (${sql.join(INSERT_COLUMNS.map((column) => sql.ref(column)))})
    select ${sql.join(columns)} from ${source}
    returning id, entity_id, after`;
}

/**
 * Writes one batch in a transaction. A view of a participant whom another instance anonymized
 * ('Anonimizar participante' erases the audit rows already written) gets its CPF replaced by the
 * participant's placeholder, like the rows the erasure rewrote. The rows go in first and the
 * participants are read after, locked on PostgreSQL: an anonymization either commits before that
 * read (its mark is seen here) or waits for this commit (its erasure then sees these rows). On
 * SQLite the insert holds the file's write lock, with the same effect.
 */
async function writeBatch(db: Kysely<Database>, rows: unknown[][]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows: inserted } = await insertRows(trx, rows).execute(trx);
    const ids = [...new Set(rows.map((row) => row[ENTITY_ID]).filter((id) => id !== null))];
    if (ids.length === 0) return;
    // Locked whatever their state, and filtered here: a row an anonymization has updated but not
    // yet committed fails `anonymized_at is not null` in this statement's snapshot, so PostgreSQL
    // would skip it without waiting for the lock, and this view would keep the CPF that the
    // erasure, unable to see it yet, left behind.
    const anonymized = new Set(
      (
        await trx
          .selectFrom('participants')
          .select(['id', 'anonymized_at'])
          .where('id', 'in', ids.map(Number))
          .$if(isPostgres(db), (query) => query.forShare())
          .execute()
      )
        .filter((participant) => participant.anonymized_at !== null)
        .map((participant) => String(participant.id)),
    );
    for (const row of inserted) {
      if (row.entity_id === null || !anonymized.has(row.entity_id)) continue;
      const after = JSON.parse(row.after as string) as { cpf: string; consulta: string };
      const placeholder = anonymizedCpf(Number(row.entity_id));
      const erase = (text: string) => replaceCpf(text, after.cpf, placeholder);
      await trx
        .updateTable('audit_log')
        .set({
          after: JSON.stringify({ ...after, cpf: placeholder, consulta: erase(after.consulta) }),
        })
        .where('id', '=', row.id)
        .execute();
    }
  });
}

/**
 * Writes the queued CPF views, VIEW_BATCH_MAX to an insert; the audit log's readers and the
 * shutdown call it. A write already under way (the timer's) is awaited first: a reader must not
 * read the log while rows it was promised are still in flight. On failure the unwritten rows go
 * back to the head of the queue, a retry is scheduled, and the error is thrown to the caller.
 */
export async function flushCpfViews(db: Kysely<Database>): Promise<void> {
  const pending = pendingViews.get(db);
  if (!pending) return;
  while (pending.writing) await pending.writing.catch(() => undefined);
  if (pending.rows.length === 0) return;
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = null;
  pending.writing = writeQueued(db, pending);
  try {
    await pending.writing;
  } finally {
    pending.writing = null;
  }
}

async function writeQueued(db: Kysely<Database>, pending: PendingViews): Promise<void> {
  while (pending.rows.length > 0) {
    const rows = pending.rows.splice(0, VIEW_BATCH_MAX);
    try {
      await writeBatch(db, rows);
      pending.failures = 0;
    } catch (error) {
      pending.rows.unshift(...rows);
      pending.failures += 1;
      capQueue(pending);
      const retryMs = Math.min(VIEW_FLUSH_MS * 2 ** pending.failures, VIEW_RETRY_MAX_MS);
      pending.log.warn(
        { err: error, queued: pending.rows.length, retryMs },
        'Auditoria: consultas por CPF não gravadas; ficam na fila para nova tentativa',
      );
      scheduleFlush(db, pending, retryMs);
      throw error;
    }
  }
}

/** An export (a CSV download): what was exported and with which filters. */
export async function recordExport(
  db: Kysely<Database>,
  actor: AuditActor,
  exported: { what: string; filters: AuditValues; rows?: number; at: Date },
): Promise<void> {
  await recordAudit(db, actor, {
    entity: 'exports',
    entityId: exported.what,
    action: 'export',
    after: {
      filtros: exported.filters,
      ...(exported.rows === undefined ? {} : { linhas: exported.rows }),
    },
    at: exported.at,
  });
}
