/* eslint-disable @typescript-eslint/no-explicit-any -- table and column names come from resources at run time */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { containsText } from '../../db/contains-text.ts';
import type { Database } from '../../db/types.ts';
import type { FieldSpec, Raw, RowKey, TableName, TableResource, Values } from './resource.ts';

type AnyDb = Kysely<any>;
const loose = (db: Kysely<Database>): AnyDb => db as unknown as AnyDb;

export type ListField = Extract<FieldSpec, { type: 'referenceList' }>;

export const listFields = (resource: TableResource<unknown, RowKey>): [string, ListField][] =>
  Object.entries(resource.fields).filter(
    (entry): entry is [string, ListField] => entry[1].type === 'referenceList',
  );

export async function findById(
  db: Kysely<Database>,
  table: TableName,
  id: RowKey,
): Promise<Raw | undefined> {
  return loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ids among `ids` that do not exist in the table. */
export async function missingIds(
  db: Kysely<Database>,
  table: TableName,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await loose(db).selectFrom(table).select('id').where('id', 'in', ids).execute();
  const existing = new Set(found.map((row) => Number(row.id)));
  return ids.filter((id) => !existing.has(id));
}

/** Whether another row has the same value (case-insensitive) with the same scope columns. */
export async function isTaken(
  db: Kysely<Database>,
  table: TableName,
  column: string,
  value: string,
  scope: Record<string, unknown>,
  exceptId: RowKey | undefined,
): Promise<boolean> {
  let query = loose(db)
    .selectFrom(table)
    .select('id')
    .where(sql<SqlBool>`lower(${sql.ref(column)}) = lower(${value})`);
  for (const [scopeColumn, scopeValue] of Object.entries(scope)) {
    query = query.where(scopeColumn, scopeValue === null ? 'is' : '=', scopeValue);
  }
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function isReferenced(
  db: Kysely<Database>,
  table: TableName,
  column: string,
  id: RowKey,
): Promise<boolean> {
  const row = await loose(db)
    .selectFrom(table)
    .select(sql`1`.as('one'))
    .where(column, '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRow(
  db: Kysely<Database>,
  table: TableName,
  columns: Raw,
): Promise<RowKey> {
  const row = await loose(db)
    .insertInto(table)
    .values(columns)
    .returning('id')
    .executeTakeFirstOrThrow();
  return typeof row.id === 'string' ? row.id : Number(row.id);
}

export async function updateRow(
  db: Kysely<Database>,
  table: TableName,
  id: RowKey,
  columns: Raw,
): Promise<void> {
  await loose(db).updateTable(table).set(columns).where('id', '=', id).execute();
}

export async function deleteRow(db: Kysely<Database>, table: TableName, id: RowKey) {
  await loose(db).deleteFrom(table).where('id', '=', id).execute();
}

/** Replaces the links of one row with exactly these target ids. */
export async function replaceLinks(
  db: Kysely<Database>,
  link: ListField['link'],
  ownerId: number,
  targetIds: readonly number[],
): Promise<void> {
  await loose(db).deleteFrom(link.table).where(link.owner, '=', ownerId).execute();
  if (targetIds.length === 0) return;
  await loose(db)
    .insertInto(link.table)
    .values(targetIds.map((targetId) => ({ [link.owner]: ownerId, [link.target]: targetId })))
    .execute();
}

/** For each owner id, its linked targets `{id, name}` ordered by name. */
export async function loadLinks(
  db: Kysely<Database>,
  field: ListField,
  ownerIds: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byOwner = new Map<number, { id: number; name: string }[]>();
  if (ownerIds.length === 0) return byOwner;
  const { link, target } = field;
  const rows = await loose(db)
    .selectFrom(`${link.table} as l`)
    .innerJoin(`${target.table} as t`, 't.id', `l.${link.target}`)
    .select([`l.${link.owner} as owner`, 't.id as id', `t.${target.nameColumn ?? 'name'} as name`])
    .where(`l.${link.owner}`, 'in', ownerIds)
    .orderBy('t.id')
    .execute();
  for (const row of rows) {
    const owner = Number(row.owner);
    const list = byOwner.get(owner) ?? [];
    list.push({ id: Number(row.id), name: String(row.name) });
    byOwner.set(owner, list);
  }
  return byOwner;
}

/** Database columns for the parsed fields that have one. */
export function columnsOf(resource: TableResource<unknown, RowKey>, values: Values): Raw {
  const columns: Raw = {};
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (spec.type === 'readOnly' || spec.type === 'referenceList' || !spec.column) continue;
    if (Object.hasOwn(values, name)) columns[spec.column] = values[name];
  }
  return columns;
}

export interface ListQuery {
  ids?: readonly RowKey[];
  /** Only the rows of this parent (a nested resource). */
  parent?: { column: string; id: number };
  search?: { columns: readonly string[]; text: string };
  order: readonly (readonly [string, 'asc' | 'desc'])[];
  offset?: number;
  limit?: number;
  /** Also count all rows and the rows the search leaves. */
  count?: boolean;
}

/** The resource's row query, filtered, counted and ordered the same way in both dialects. */
export async function selectRows(
  db: Kysely<Database>,
  resource: TableResource<unknown, RowKey>,
  options: ListQuery,
): Promise<{ raws: Raw[]; total: number; filtered: number }> {
  let query = resource.query(db);
  if (options.ids) query = query.where(sql.ref(`${resource.table}.id`), 'in', options.ids);
  if (options.parent) {
    const { column, id } = options.parent;
    query = query.where(sql.ref(`${resource.table}.${column}`), '=', id);
  }
  const count = async (): Promise<number> => {
    const row = await query
      .clearSelect()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const total = options.count ? await count() : 0;
  if (options.search && options.search.columns.length > 0) {
    const { columns, text } = options.search;
    query = query.where(
      containsText(
        columns.map((column) => sql.ref(column)),
        text,
      ),
    );
  }
  const filtered = options.count ? (options.search ? await count() : total) : 0;
  for (const [column, direction] of options.order) {
    query = query.orderBy(sql.ref(column), direction);
  }
  // SQLite takes no OFFSET without a LIMIT: an offset alone limits to every remaining row.
  const limit = options.limit ?? (options.offset ? Number.MAX_SAFE_INTEGER : undefined);
  if (limit !== undefined) query = query.limit(limit);
  if (options.offset) query = query.offset(options.offset);
  const raws = (await query.execute()) as Raw[];
  return { raws, total, filtered };
}
