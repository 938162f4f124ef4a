import type { Kysely } from 'kysely';
import {
  TABLE_PAGE_MAX,
  type FieldError,
  type TableListResponse,
  type TablePageQuery,
} from '@balcao/contract';
import type { Auth } from '../../auth/access-control.ts';
import type { Access } from '../../http/access.ts';
import type { Config } from '../../config.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import { conflict, fieldErrors, invalidRequest, notFound } from '../../http/api-error.ts';
import { type AuditActor, type AuditValues, recordAudit } from '../audit/index.ts';
import { parseInput } from './fields.ts';
import {
  columnsOf,
  deleteRow as deleteRecord,
  findById,
  insertRow as insertRecord,
  isReferenced,
  isTaken,
  listFields,
  loadLinks,
  missingIds,
  replaceLinks,
  selectRows,
  updateRow as updateRecord,
  type ListQuery,
} from './repository.ts';
import type { HookContext, Mode, Raw, RowKey, TableResource, Values } from './resource.ts';

/** Who is calling and with which clock and settings. */
export interface Caller {
  auth: Auth;
  config: Config;
  /** Who, from where: every write is audited in its transaction. */
  actor: AuditActor;
}

type Resource = TableResource<unknown, RowKey>;

/**
 * Of n inserts taking the next serial at once, one wins each round, so the last needs n tries:
 * enough for a handful of desks registering together.
 */
const INSERT_ATTEMPTS = 8;

const holds = (auth: Auth, access: Access): boolean => {
  if (access === 'public' || access === 'signedIn') return true;
  if (access === 'printer') return false;
  return access.some((permission) => auth.user.permissions.includes(permission));
};

/**
 * The parent row of a nested resource must exist (404 naming it); answers the filter that keeps
 * its rows. Top-level resources have none.
 */
async function parentOf(
  db: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  parentId: number | undefined,
): Promise<{ column: string; id: number } | undefined> {
  const { parent } = resource;
  if (!parent) return undefined;
  if (parentId === undefined || !(await findById(db, parent.table, parentId))) {
    throw notFound(parent.notFound);
  }
  return { column: parent.column, id: parentId };
}

/** The stored row, if it exists and belongs to the parent in the path. */
async function findOwnRow(
  db: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  id: RowKey,
  parentId: number | undefined,
): Promise<Raw> {
  const parent = await parentOf(db, resource, parentId);
  const existing = await findById(db, resource.table, id);
  if (!existing || (parent && Number(existing[parent.column]) !== parent.id)) {
    throw notFound(resource.notFound);
  }
  return existing;
}

/** GET select: every row of a small table, or one page of a large one with its counts. */
export async function listRows<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row, RowKey>,
  query: TablePageQuery,
  caller: Caller,
  parentId?: number,
): Promise<TableListResponse<Row> & Record<string, unknown>> {
  const idColumn = `${resource.table}.id`;
  const parent = await parentOf(db, resource as Resource, parentId);
  if (!resource.paging) {
    // Every row, unless the caller pages: then `start` and `length` hold here too (a start past
    // the end is an empty page, not the first one).
    const rows = await loadRows(db, resource, caller, {
      parent,
      order: [resource.order, [idColumn, 'asc']],
      offset: query.start,
      limit: query.length,
    });
    return { data: rows };
  }
  const direction = query.dir ?? (query.sort ? 'asc' : resource.order[1]);
  let column = resource.order[0];
  if (query.sort) {
    // Own keys only: 'constructor' or 'toString' must not reach the query as a column.
    const sortColumn = Object.hasOwn(resource.paging.sort, query.sort)
      ? resource.paging.sort[query.sort]
      : undefined;
    if (!sortColumn) {
      throw invalidRequest(
        `Não é possível ordenar por '${query.sort}'. Use: ${Object.keys(resource.paging.sort).join(', ')}.`,
      );
    }
    column = sortColumn;
  }
  const text = query.search?.trim();
  const options: ListQuery = {
    parent,
    order: [
      [column, direction],
      [idColumn, direction],
    ],
    search: text ? { columns: resource.paging.search, text } : undefined,
    offset: query.start ?? 0,
    limit: Math.min(query.length ?? TABLE_PAGE_MAX, TABLE_PAGE_MAX),
    count: true,
  };
  const { raws, total, filtered } = await selectRows(db, resource as Resource, options);
  const data = await toRows(db, resource, raws, caller);
  const totals = (await resource.totals?.load(db, parentId)) ?? {};
  return { ...totals, data, recordsTotal: total, recordsFiltered: filtered };
}

/** POST insert: validates the posted row, writes it with its lists, answers it as listed. */
export async function insertRow<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row, RowKey>,
  data: unknown,
  caller: Caller,
  parentId?: number,
): Promise<{ data: Row[] }> {
  const parent = await parentOf(db, resource as Resource, parentId);
  const fixed: Raw = parent ? { [parent.column]: parent.id } : {};
  const context = hookContext(db, caller, 'insert', parentId);
  const values = await validInput(db, resource, postedRow(data), context, fixed);
  const extra = (await resource.hooks?.prepare?.(context, values)) ?? {};
  for (let attempt = 1; ; attempt++) {
    try {
      const ids = await db.transaction().execute(async (trx): Promise<RowKey[]> => {
        const written = await writeInsert(trx, resource, context, values, { ...extra, ...fixed });
        for (const id of written) {
          await audit(
            trx,
            resource,
            caller,
            id,
            'insert',
            undefined,
            await snapshot(trx, resource, id),
          );
        }
        return written;
      });
      const order = [resource.order, [`${resource.table}.id`, 'asc']] as const;
      return { data: await loadRows(db, resource, caller, { ids, order }) };
    } catch (error) {
      // Two inserts took the same next serial at once: the later one tries again.
      const retry = (resource.beforeInsert || resource.insertRows) && attempt < INSERT_ATTEMPTS;
      if (!(isUniqueViolation(error) && retry)) {
        throw await writeFailure(db, resource, values, error, undefined, fixed);
      }
    }
  }
}

/** The rows of one insert, inside its transaction: the resource's own writer or the generic one. */
async function writeInsert(
  trx: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  context: HookContext,
  values: Values,
  columns: Raw,
): Promise<RowKey[]> {
  const stamp = context.now.toISOString();
  if (resource.insertRows) return resource.insertRows({ ...context, db: trx, stamp }, values);
  const generated = (await resource.beforeInsert?.(trx)) ?? {};
  const id = await insertRecord(trx, resource.table, {
    ...columnsOf(resource as Resource, values),
    ...columns,
    ...generated,
    date_created: stamp,
    date_updated: stamp,
  });
  await writeLists(trx, resource, id, values);
  await resource.hooks?.afterWrite?.({ ...context, db: trx, id }, values);
  return [id];
}

/**
 * A record as the audit log keeps it: its columns (booleans as booleans in both dialects) and
 * its reference lists as names (a profile's permissions, a user's profiles).
 */
async function snapshot(
  db: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  id: RowKey,
): Promise<AuditValues | undefined> {
  const raw = await findById(db, resource.table, id);
  if (!raw) return undefined;
  const values: AuditValues = { ...raw };
  for (const spec of Object.values(resource.fields)) {
    if (spec.type === 'boolean' && spec.column && values[spec.column] !== null) {
      values[spec.column] = Boolean(values[spec.column]);
    }
  }
  for (const [name, field] of listFields(resource as Resource)) {
    const links = (await loadLinks(db, field, [Number(id)])).get(Number(id)) ?? [];
    values[name] = links.map((link) => link.name);
  }
  return values;
}

async function audit(
  trx: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  caller: Caller,
  id: RowKey,
  action: 'insert' | 'update' | 'delete',
  before: AuditValues | undefined,
  after: AuditValues | undefined,
): Promise<void> {
  await recordAudit(trx, caller.actor, {
    entity: resource.table,
    entityId: id,
    action,
    before,
    after,
    at: caller.config.now(),
  });
}

/** POST update/{id}: changes the fields present in `data[{id}]`. */
export async function updateRow<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row, RowKey>,
  id: RowKey,
  data: unknown,
  caller: Caller,
  parentId?: number,
): Promise<{ data: Row[] }> {
  const existing = await findOwnRow(db, resource as Resource, id, parentId);
  const context = { ...hookContext(db, caller, 'update', parentId), existing };
  const values = await validInput(db, resource, postedRow(data, id), context);
  const extra = (await resource.hooks?.prepare?.(context, values)) ?? {};
  try {
    await db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, resource, id);
      await updateRecord(trx, resource.table, id, {
        ...columnsOf(resource as Resource, values),
        ...extra,
        date_updated: context.now.toISOString(),
      });
      await writeLists(trx, resource, id, values);
      await resource.hooks?.afterWrite?.({ ...context, db: trx, id }, values);
      await audit(trx, resource, caller, id, 'update', before, await snapshot(trx, resource, id));
    });
  } catch (error) {
    throw await writeFailure(db, resource, values, error, existing);
  }
  return { data: await loadRows(db, resource, caller, { ids: [id], order: [] }) };
}

/** POST delete/{id}: refuses with 409 while other rows reference it. */
export async function deleteRow(
  db: Kysely<Database>,
  resource: Resource,
  id: RowKey,
  caller: Caller,
  parentId?: number,
): Promise<{ data: [] }> {
  const existing = await findOwnRow(db, resource, id, parentId);
  const context = hookContext(db, caller, 'update', parentId);
  await resource.hooks?.beforeDelete?.({ ...context, existing, id });
  for (const reference of resource.deleteConflicts ?? []) {
    if (await isReferenced(db, reference.table, reference.column, id)) {
      throw conflict(reference.message);
    }
  }
  try {
    await db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, resource, id);
      await deleteRecord(trx, resource.table, id);
      await audit(trx, resource, caller, id, 'delete', before, undefined);
    });
  } catch (error) {
    // A reference added between the check and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(error)) {
      throw conflict(resource.deleteConflicts?.[0]?.message ?? 'Este registro está em uso.');
    }
    throw error;
  }
  return { data: [] };
}

function hookContext(
  db: Kysely<Database>,
  caller: Caller,
  mode: Mode,
  parentId: number | undefined,
): HookContext {
  const { auth, config } = caller;
  return { db, auth, config, now: config.now(), mode, parentId };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The row inside `data`: `data[0]` (an array after form parsing) or `data[{id}]`. A single row
 * under another key is accepted too, so an editor that posts its new row as `data[0]` works.
 */
function postedRow(data: unknown, id?: RowKey): Record<string, unknown> {
  const entries: [string, unknown][] = Array.isArray(data)
    ? data.map((row, index) => [String(index), row])
    : isRecord(data)
      ? Object.entries(data)
      : [];
  const chosen =
    (id !== undefined ? entries.find(([key]) => key === String(id)) : undefined) ??
    (entries.length === 1 ? entries[0] : undefined);
  const row = chosen?.[1];
  if (!isRecord(row)) {
    throw invalidRequest(
      id === undefined
        ? 'Envie os campos como data[0][campo].'
        : `Envie os campos como data[${id}][campo].`,
    );
  }
  return row;
}

/** Parses, checks references and unique values, runs the resource's checks; 400 with them all. */
async function validInput(
  db: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  row: Record<string, unknown>,
  context: HookContext,
  fixed: Raw = {},
): Promise<Values> {
  const { values, errors } = parseInput(
    resource.fields,
    row,
    context.mode,
    context.config.eventTimeZone,
  );
  const add = (error: FieldError) => {
    if (!errors.some((known) => known.name === error.name)) errors.push(error);
  };
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (spec.type !== 'reference' && spec.type !== 'referenceList') continue;
    const value = values[name];
    const ids = Array.isArray(value)
      ? (value as number[])
      : typeof value === 'number'
        ? [value]
        : [];
    if ((await missingIds(db, spec.target.table, ids)).length > 0) {
      add({ name, status: spec.target.notFound });
    }
  }
  for (const error of await uniqueErrors(db, resource, values, context.existing, fixed)) {
    add(error);
  }
  for (const error of (await resource.hooks?.validate?.(context, values)) ?? []) add(error);
  if (errors.length > 0) {
    // In the form's order, whichever check found them.
    const order = Object.keys(resource.fields);
    const position = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
    throw fieldErrors(errors.sort((a, b) => position(a.name) - position(b.name)));
  }
  return values;
}

async function uniqueErrors(
  db: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  values: Values,
  existing: Raw | undefined,
  fixed: Raw,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const columns = { ...fixed, ...columnsOf(resource, values) };
  for (const [name, spec] of Object.entries(resource.fields)) {
    if ((spec.type !== 'text' && spec.type !== 'cpf') || !spec.unique || !spec.column) continue;
    const changed = Object.hasOwn(values, name);
    const value = changed ? values[name] : existing?.[spec.column];
    if (typeof value !== 'string') continue;
    const scope = Object.fromEntries(
      (spec.unique.scope ?? []).map((column) => [column, columns[column] ?? existing?.[column]]),
    );
    const scopeChanged = (spec.unique.scope ?? []).some((column) => column in columns);
    if (existing && !changed && !scopeChanged) continue;
    const exceptId = existing ? (existing.id as RowKey) : undefined;
    if (await isTaken(db, resource.table, spec.column, value, scope, exceptId)) {
      errors.push({ name, status: spec.unique.message });
    }
  }
  return errors;
}

async function writeLists(
  db: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  id: RowKey,
  values: Values,
): Promise<void> {
  for (const [name, field] of listFields(resource)) {
    const ids = values[name];
    if (Array.isArray(ids)) await replaceLinks(db, field.link, Number(id), ids as number[]);
  }
}

/** A constraint that fired despite the checks (a concurrent write) as the answer the checks give. */
async function writeFailure(
  db: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  values: Values,
  error: unknown,
  existing: Raw | undefined,
  fixed: Raw = {},
): Promise<unknown> {
  if (isUniqueViolation(error)) {
    const errors = await uniqueErrors(db, resource, values, existing, fixed);
    return errors.length > 0
      ? fieldErrors(errors)
      : conflict('Já existe um registro igual a este.');
  }
  if (isForeignKeyViolation(error)) {
    return conflict(
      'Um registro referenciado foi removido. Recarregue a página e tente novamente.',
    );
  }
  return error;
}

async function loadRows<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row, RowKey>,
  caller: Caller,
  options: ListQuery,
): Promise<Row[]> {
  const { raws } = await selectRows(db, resource as Resource, options);
  return toRows(db, resource, raws, caller);
}

async function toRows<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row, RowKey>,
  raws: Raw[],
  caller: Caller,
): Promise<Row[]> {
  const ids = raws.map((raw) => Number(raw.id));
  const links = await Promise.all(
    listFields(resource as Resource).map(
      async ([name, field]) => [name, await loadLinks(db, field, ids)] as const,
    ),
  );
  const canWrite = holds(caller.auth, resource.access.write);
  return raws.map((raw) =>
    resource.toRow(raw, {
      lists: Object.fromEntries(
        links.map(([name, byOwner]) => [name, byOwner.get(Number(raw.id)) ?? []]),
      ),
      canWrite,
      config: caller.config,
    }),
  );
}
