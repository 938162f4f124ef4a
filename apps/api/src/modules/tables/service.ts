import type { Kysely } from 'kysely';
import {
  TABLE_PAGE_MAX,
  type FieldError,
  type TableListResponse,
  type TablePageQuery,
} from '@balcao/contract';
import type { Access, Auth } from '../../auth/access-control.ts';
import type { Config } from '../../config.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import { conflict, fieldErrors, invalidRequest, notFound } from '../../http/api-error.ts';
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
import type { HookContext, Mode, Raw, TableResource, Values } from './resource.ts';

/** Who is calling and with which clock and settings. */
export interface Caller {
  auth: Auth;
  config: Config;
}

type Resource = TableResource<unknown>;

const INSERT_ATTEMPTS = 3;

const holds = (auth: Auth, access: Access): boolean => {
  if (access === 'public' || access === 'signedIn') return true;
  if (access === 'printer') return false;
  return access.some((permission) => auth.user.permissions.includes(permission));
};

/** GET select: every row of a small table, or one page of a large one with its counts. */
export async function listRows<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row>,
  query: TablePageQuery,
  caller: Caller,
): Promise<TableListResponse<Row>> {
  const idColumn = `${resource.table}.id`;
  if (!resource.paging) {
    const rows = await loadRows(db, resource, caller, {
      order: [resource.order, [idColumn, 'asc']],
    });
    return { data: rows };
  }
  const direction = query.dir ?? (query.sort ? 'asc' : resource.order[1]);
  let column = resource.order[0];
  if (query.sort) {
    const sortColumn = resource.paging.sort[query.sort];
    if (!sortColumn) {
      throw invalidRequest(
        `Não é possível ordenar por '${query.sort}'. Use: ${Object.keys(resource.paging.sort).join(', ')}.`,
      );
    }
    column = sortColumn;
  }
  const text = query.search?.trim();
  const options: ListQuery = {
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
  return { data, recordsTotal: total, recordsFiltered: filtered };
}

/** POST insert: validates the posted row, writes it with its lists, answers it as listed. */
export async function insertRow<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row>,
  data: unknown,
  caller: Caller,
): Promise<{ data: Row[] }> {
  const context = hookContext(db, caller, 'insert');
  const values = await validInput(db, resource, postedRow(data), context);
  const extra = (await resource.hooks?.prepare?.(context, values)) ?? {};
  const stamp = context.now.toISOString();
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await db.transaction().execute(async (trx) => {
        const generated = (await resource.beforeInsert?.(trx)) ?? {};
        const id = await insertRecord(trx, resource.table, {
          ...columnsOf(resource as Resource, values),
          ...extra,
          ...generated,
          date_created: stamp,
          date_updated: stamp,
        });
        await writeLists(trx, resource, id, values);
        await resource.hooks?.afterWrite?.({ ...context, db: trx, id }, values);
        return id;
      });
      return { data: await loadRows(db, resource, caller, { ids: [id], order: [] }) };
    } catch (error) {
      // Two inserts took the same next serial at once: the later one tries again.
      const retry = resource.beforeInsert && attempt < INSERT_ATTEMPTS;
      if (!(isUniqueViolation(error) && retry)) {
        throw await writeFailure(db, resource, values, error, undefined);
      }
    }
  }
}

/** POST update/{id}: changes the fields present in `data[{id}]`. */
export async function updateRow<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row>,
  id: number,
  data: unknown,
  caller: Caller,
): Promise<{ data: Row[] }> {
  const existing = await findById(db, resource.table, id);
  if (!existing) throw notFound(resource.notFound);
  const context = { ...hookContext(db, caller, 'update'), existing };
  const values = await validInput(db, resource, postedRow(data, id), context);
  const extra = (await resource.hooks?.prepare?.(context, values)) ?? {};
  try {
    await db.transaction().execute(async (trx) => {
      await updateRecord(trx, resource.table, id, {
        ...columnsOf(resource as Resource, values),
        ...extra,
        date_updated: context.now.toISOString(),
      });
      await writeLists(trx, resource, id, values);
      await resource.hooks?.afterWrite?.({ ...context, db: trx, id }, values);
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
  id: number,
  caller: Caller,
): Promise<{ data: [] }> {
  const existing = await findById(db, resource.table, id);
  if (!existing) throw notFound(resource.notFound);
  await resource.hooks?.beforeDelete?.({ ...hookContext(db, caller, 'update'), existing, id });
  for (const reference of resource.deleteConflicts ?? []) {
    if (await isReferenced(db, reference.table, reference.column, id)) {
      throw conflict(reference.message);
    }
  }
  try {
    await deleteRecord(db, resource.table, id);
  } catch (error) {
    // A reference added between the check and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(error)) {
      throw conflict(resource.deleteConflicts?.[0]?.message ?? 'Este registro está em uso.');
    }
    throw error;
  }
  return { data: [] };
}

function hookContext(db: Kysely<Database>, caller: Caller, mode: Mode): HookContext {
  return { db, auth: caller.auth, config: caller.config, now: caller.config.now(), mode };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The row inside `data`: `data[0]` (an array after form parsing) or `data[{id}]`. A single row
 * under another key is accepted too, so an editor that posts its new row as `data[0]` works.
 */
function postedRow(data: unknown, id?: number): Record<string, unknown> {
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
  resource: TableResource<unknown>,
  row: Record<string, unknown>,
  context: HookContext,
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
  for (const error of await uniqueErrors(db, resource, values, context.existing)) add(error);
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
  resource: TableResource<unknown>,
  values: Values,
  existing: Raw | undefined,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const columns = columnsOf(resource, values);
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (spec.type !== 'text' || !spec.unique || !spec.column) continue;
    const changed = Object.hasOwn(values, name);
    const value = changed ? values[name] : existing?.[spec.column];
    if (typeof value !== 'string') continue;
    const scope = Object.fromEntries(
      (spec.unique.scope ?? []).map((column) => [column, columns[column] ?? existing?.[column]]),
    );
    const scopeChanged = (spec.unique.scope ?? []).some((column) => column in columns);
    if (existing && !changed && !scopeChanged) continue;
    const exceptId = existing ? Number(existing.id) : undefined;
    if (await isTaken(db, resource.table, spec.column, value, scope, exceptId)) {
      errors.push({ name, status: spec.unique.message });
    }
  }
  return errors;
}

async function writeLists(
  db: Kysely<Database>,
  resource: TableResource<unknown>,
  id: number,
  values: Values,
): Promise<void> {
  for (const [name, field] of listFields(resource)) {
    const ids = values[name];
    if (Array.isArray(ids)) await replaceLinks(db, field.link, id, ids as number[]);
  }
}

/** A constraint that fired despite the checks (a concurrent write) as the answer the checks give. */
async function writeFailure(
  db: Kysely<Database>,
  resource: TableResource<unknown>,
  values: Values,
  error: unknown,
  existing: Raw | undefined,
): Promise<unknown> {
  if (isUniqueViolation(error)) {
    const errors = await uniqueErrors(db, resource, values, existing);
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
  resource: TableResource<Row>,
  caller: Caller,
  options: ListQuery,
): Promise<Row[]> {
  const { raws } = await selectRows(db, resource as Resource, options);
  return toRows(db, resource, raws, caller);
}

async function toRows<Row>(
  db: Kysely<Database>,
  resource: TableResource<Row>,
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
