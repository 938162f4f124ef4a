import { sql, type Kysely } from 'kysely';
import {
  REPORTS,
  toReais,
  type DashboardReport,
  type ReportCell,
  type ReportColumn,
  type ReportPage,
  type ReportResult,
} from '@balcao/contract';
import { toIsoInstant } from '../../dates.ts';
import type { Database } from '../../db/types.ts';
import type { ReportFilters } from './filters.ts';
import { REPORT_QUERIES, dashboardQuery } from './queries.ts';

/** A database value as the wire shows it: reais for money, ISO UTC for instants. */
function cell(column: ReportColumn, value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  // PostgreSQL answers sums as bigint strings; converting is not summing.
  if (column.format === 'money') return toReais(Number(value));
  if (column.format === 'integer') return Number(value);
  if (column.format === 'percent') return Number(value) / 100; // basis points to percent
  if (column.format === 'datetime') return toIsoInstant(String(value));
  return String(value);
}

export async function runReport(
  db: Kysely<Database>,
  page: ReportPage,
  filters: ReportFilters,
): Promise<ReportResult> {
  const columns: readonly ReportColumn[] = REPORTS[page].columns;
  const summed = columns.filter((column) => column.total);
  // One pass: each row carries the database's sums over the whole report (a window over all).
  const rows: Record<string, unknown>[] = await db
    .selectFrom(REPORT_QUERIES[page](db, filters).as('r'))
    .selectAll('r')
    .select(
      summed.map((column) =>
        sql<number>`sum(${sql.ref(`r.${column.key}`)}) over ()`.as(`sum_${column.key}`),
      ),
    )
    .execute();
  const first = rows[0];
  return {
    rows: rows.map((row) =>
      Object.fromEntries(columns.map((column) => [column.key, cell(column, row[column.key])])),
    ),
    totals: Object.fromEntries(
      summed.map((column) => [column.key, cell(column, first?.[`sum_${column.key}`] ?? 0)]),
    ) as Record<string, number>,
  };
}

export async function dashboard(db: Kysely<Database>, eventId: number): Promise<DashboardReport> {
  const row = await dashboardQuery(db, eventId).executeTakeFirstOrThrow();
  return {
    total: toReais(Number(row.total)),
    pago: toReais(Number(row.pago)),
    a_receber: toReais(Number(row.a_receber)),
  };
}
