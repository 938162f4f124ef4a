import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { FieldError } from '@balcao/contract';
import type { Auth } from '../../auth/access-control.ts';
import type { Access } from '../../http/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';

/**
 * A table resource declares what docs/table-protocol.md needs to serve it; the engine in
 * service.ts does the protocol once for all of them. Field and column names are run-time strings
 * here (the engine is generic); the resource files keep their own code typed.
 */

export type TableName = keyof Database & string;

/* eslint-disable @typescript-eslint/no-explicit-any -- the engine composes queries on any table */
/** A resource's row query: its table with references joined, before filtering and ordering. */
export type RowQuery = SelectQueryBuilder<any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A database record as read, column name to value. */
export type Raw = Record<string, unknown>;

/** A row's id: a serial number, or a text code (a courseware's UUID). */
export type RowKey = number | string;

/** Parsed input: text as string or null, integer and money (cents) as number, boolean,
 * choice as string, datetime as an ISO instant, reference as an id or null, list as ids. */
export type Values = Record<string, unknown>;

export interface ReferenceTarget {
  table: TableName;
  /** Said when an id does not exist: 'Cidade não encontrada.' */
  notFound: string;
  /** Column shown beside the id in rows (default 'name'). */
  nameColumn?: string;
}

interface FieldBase {
  /** How a sentence names the field, article included: 'o nome', 'a cidade'. */
  label: string;
  /** Must be given on insert, and may not be emptied on update. */
  required?: boolean;
  /** Accepted only on insert or only on update; ignored otherwise. Default: both. */
  only?: 'insert' | 'update';
  /** Database column; without it the field is virtual and only hooks read it. */
  column?: string;
}

export interface UniqueRule {
  /** 'Já existe um país com este nome.' */
  message: string;
  /** Columns that must also be equal (a city's name is unique within its country). */
  scope?: readonly string[];
}

export type FieldSpec =
  | (FieldBase & {
      type: 'text';
      maxLength?: number;
      unique?: UniqueRule;
      /** Kept exactly as typed (no trimming), never echoed. */
      secret?: boolean;
      /** A shape the text must have, and what is said when it has not ('Use #rrggbb.'). */
      pattern?: { regex: RegExp; message: string };
    })
  | (FieldBase & {
      type: 'integer';
      min?: number;
      max?: number;
      default?: number;
      /** Said for any unreadable or out-of-range value instead of the generic sentences. */
      message?: string;
    })
  | (FieldBase & { type: 'money'; default?: number })
  | (FieldBase & { type: 'boolean'; default?: boolean })
  | (FieldBase & { type: 'choice'; values: readonly string[] })
  | (FieldBase & { type: 'datetime' })
  /** A CPF: masked or bare digits in, 11 digits stored, refused with 'cpf invalido'. */
  | (FieldBase & { type: 'cpf'; unique?: UniqueRule })
  | (FieldBase & { type: 'reference'; target: ReferenceTarget })
  | (FieldBase & {
      type: 'referenceList';
      target: ReferenceTarget;
      /** The link table: its column pointing at this resource's row, and at the target. */
      link: { table: TableName; owner: string; target: string };
    })
  /** Shown in rows, never written from a form (serials, tokens, inventory). */
  | { type: 'readOnly'; label: string };

export type Mode = 'insert' | 'update';

export interface HookContext {
  db: Kysely<Database>;
  auth: Auth;
  now: Date;
  config: Config;
  mode: Mode;
  /** The row being updated or removed, as stored. */
  existing?: Raw;
  /** The parent row's id of a nested resource (the event of a participant). */
  parentId?: number;
}

export interface WriteContext<Id extends RowKey = number> extends HookContext {
  id: Id;
}

export interface RowContext {
  /** Reference lists by field name, each item `{id, name}`. */
  lists: Record<string, { id: number; name: string }[]>;
  /** Whether the caller holds the write access: secrets (api tokens) only go to them. */
  canWrite: boolean;
  config: Config;
}

export interface DeleteConflict {
  table: TableName;
  column: string;
  /** 'Este país tem cidades cadastradas e não pode ser removido.' */
  message: string;
}

export interface PagingOptions {
  /** Columns the `search` text is looked for in (case-insensitive substring). */
  search: readonly string[];
  /** Wire field name -> column to order by. */
  sort: Readonly<Record<string, string>>;
}

/**
 * A resource nested under a parent row: '/events/:eventId/participants' lists, writes and removes
 * only the rows whose `column` holds the id in the path, and answers 404 for an unknown parent.
 */
export interface ParentSpec {
  /** The path parameter: 'eventId'. */
  param: string;
  column: string;
  table: TableName;
  /** 'Evento não encontrado.' */
  notFound: string;
}

/** Extra counts of a paged list, over the parent's rows whatever the search (header figures). */
export interface TotalsSpec {
  names: readonly string[];
  load(db: Kysely<Database>, parentId: number | undefined): Promise<Record<string, number>>;
}

export interface InsertContext extends HookContext {
  /** The instant written to date_created and date_updated. */
  stamp: string;
}

export interface TableResource<Row, Id extends RowKey = number> {
  /**
   * Under /api: '/countries' serves /api/countries/select, insert, update/{id}, delete/{id}.
   * A nested resource names its parent's parameter: '/events/:eventId/participants'.
   */
  path: string;
  table: TableName;
  /** Serial integer ids (default) or text ids such as UUIDs. */
  idType?: 'integer' | 'text';
  parent?: ParentSpec;
  /** 'País não encontrado.' */
  notFound: string;
  /** list: who may read (GET select); write: who may insert, update and delete. */
  access: { list: Access; write: Access };
  fields: Readonly<Record<string, FieldSpec>>;
  query(db: Kysely<Database>): RowQuery;
  /** The one place a record becomes its wire row. */
  toRow(raw: Raw, context: RowContext): Row;
  /** Default order: column and direction. */
  order: readonly [column: string, direction: 'asc' | 'desc'];
  /** Page, search and sort on the server (large tables); small ones answer every row. */
  paging?: PagingOptions;
  /** Figures added to a paged list's answer beside recordsTotal. */
  totals?: TotalsSpec;
  /** false when another module serves the list (events keep /api/events/list). */
  select?: boolean;
  deleteConflicts?: readonly DeleteConflict[];
  hooks?: {
    /** Cross-field and business checks after each field parsed; answer more field errors. */
    validate?(context: HookContext, values: Values): Promise<FieldError[]> | FieldError[];
    /** Extra columns to write, computed outside the transaction (serials are set in it). */
    prepare?(context: HookContext, values: Values): Promise<Raw> | Raw;
    /** Inside the write transaction, after the row and its lists were written. */
    afterWrite?(context: WriteContext<Id>, values: Values): Promise<void>;
    /** Before the reference checks of a remove; throw to refuse it. */
    beforeDelete?(context: WriteContext<Id>): Promise<void> | void;
  };
  /** Inside the insert transaction, before the row is written: columns such as the next serial. */
  beforeInsert?(db: Kysely<Database>): Promise<Raw>;
  /**
   * Writes the rows of one insert itself, inside its transaction, and answers their ids (one
   * posted form may create many rows: coursewares by quantity). A unique clash is retried.
   */
  insertRows?(context: InsertContext, values: Values): Promise<RowKey[]>;
}

/** Any resource, as the generic engine handles them. */
export type AnyResource = TableResource<unknown, RowKey>;

/** Declares a resource with its row type checked. */
export const defineResource = <Row, Id extends RowKey = number>(
  resource: TableResource<Row, Id>,
): TableResource<Row, Id> => resource;
