import type { Readable } from 'node:stream';
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  auditActionLabel,
  auditChangeLines,
  auditEntityLabel,
  csvField,
  csvLine,
  type AuditOptionsDto,
  type AuditPageDto,
  type AuditRowDto,
} from '@balcao/contract';
import { formatDateTimeSecondsInZone } from '../../dates.ts';
import type { Database } from '../../db/types.ts';
import type { AuditLogTable } from '../../db/tables/audit.ts';
import type { Selectable } from 'kysely';
import { csvStream, csvText } from '../../http/csv.ts';
import { streamRows } from '../../db/stream-rows.ts';
import { likePattern } from '../../db/contains-text.ts';

/** What the 'Auditoria' list and its CSV are filtered by; instants are ISO UTC. */
export interface AuditFilters {
  userId?: number;
  entity?: string;
  /** Inclusive. */
  from: string | null;
  /** Exclusive. */
  until: string | null;
  /** Text looked for (any case) in the login, the record's id and the values. */
  search?: string;
}

type AuditQuery = SelectQueryBuilder<Database, 'audit_log', object>;

function filtered(db: Kysely<Database>, filters: AuditFilters): AuditQuery {
  let query: AuditQuery = db.selectFrom('audit_log');
  if (filters.userId !== undefined) query = query.where('user_id', '=', filters.userId);
  if (filters.entity !== undefined) query = query.where('entity', '=', filters.entity);
  if (filters.from) query = query.where('created_at', '>=', filters.from);
  if (filters.until) query = query.where('created_at', '<', filters.until);
  const text = filters.search?.trim();
  if (text) {
    const pattern = likePattern(text);
    const like = (column: 'username' | 'entity_id' | 'before' | 'after') =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([like('username'), like('entity_id'), like('before'), like('after')]),
    );
  }
  return query;
}

const parsed = (text: string | null): Record<string, unknown> | null =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

function toDto(row: Selectable<AuditLogTable>): AuditRowDto {
  return {
    id: row.id,
    quando: row.created_at,
    usuario_id: row.user_id,
    usuario: row.username,
    ip: row.ip,
    entidade: row.entity,
    registro: row.entity_id,
    acao: row.action,
    antes: parsed(row.before),
    depois: parsed(row.after),
  };
}

/** GET /audit: one page, newest first, with the count of every row the filters keep. */
export async function auditPage(
  db: Kysely<Database>,
  filters: AuditFilters,
  page: { page: number; size: number },
): Promise<AuditPageDto> {
  const rows = await filtered(db, filters)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  const { n } = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toDto), total_linhas: Number(n) };
}

/** GET /audit/opcoes: the users that exist (active or not) and the entities the log names. */
export async function auditOptions(db: Kysely<Database>): Promise<AuditOptionsDto> {
  const usuarios = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .orderBy('username')
    .execute();
  const entities = await db.selectFrom('audit_log').select('entity').distinct().execute();
  return {
    usuarios,
    entidades: entities.map((row) => row.entity).sort((a, b) => a.localeCompare(b)),
  };
}

const CSV_COLUMNS = ['Quando', 'Usuário', 'Endereço', 'Entidade', 'Registro', 'Ação', 'Alterações'];

/**
 * GET /audit/csv: every row the filters keep, newest first, as ';' CSV with a UTF-8 BOM and
 * formulas neutralised (the reports' writer), streamed from a cursor (db/stream-rows.ts).
 */
export function auditCsv(db: Kysely<Database>, filters: AuditFilters, zone: string): Readable {
  const query = filtered(db, filters)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  const lines = csvText(streamRows(db, query), (rows) =>
    rows
      .map((row) => {
        const dto = toDto(row);
        return csvLine(
          [
            formatDateTimeSecondsInZone(dto.quando, zone),
            dto.usuario,
            dto.ip,
            auditEntityLabel(dto.entidade),
            dto.registro ?? '',
            auditActionLabel(dto.acao),
            auditChangeLines(dto).join('\n'),
          ].map((text) => csvField(text, true)),
        );
      })
      .join(''),
  );
  return csvStream(CSV_COLUMNS, lines);
}
