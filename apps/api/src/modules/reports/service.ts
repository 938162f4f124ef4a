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
import { readRows, streamRows } from '../../db/stream-rows.ts';
import type { Database } from '../../db/types.ts';
import { REPORT_DEFINITIONS } from './definitions.ts';
import type { PageRequest, ReportFilters } from './filters.ts';
import { dashboardQuery } from './queries.ts';
import { paidOrders } from './shortcuts.ts';
import { foldSales } from './summary.ts';

/** The rows' count beside a page's columns (no report has a column of that name). */
const ROW_COUNT = 'linhas__';

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

function wireRow(
  columns: readonly ReportColumn[],
  row: Record<string, unknown>,
): Record<string, ReportCell> {
  return Object.fromEntries(columns.map((column) => [column.key, cell(column, row[column.key])]));
}

/**
 * A report's page (with `paging`) or all its rows, and its totals (definitions.ts says how). Like
 * a download, it first folds the sales not yet in the summaries (summary.ts, foldSales), and its
 * queries over the rows read like one (db/stream-rows.ts: on SQLite, off the app's thread).
 */
export async function runReport(
  db: Kysely<Database>,
  page: ReportPage,
  filters: ReportFilters,
  paging?: PageRequest,
): Promise<ReportResult> {
  await foldSales(db);
  const columns: readonly ReportColumn[] = REPORTS[page].columns;
  const definition = REPORT_DEFINITIONS[page];
  filters = (await definition.simpler?.(db, filters)) ?? filters;
  const summed = columns.filter((column) => column.total);
  const toRow = (row: Record<string, unknown>) => wireRow(columns, row);
  const toTotals = (source: Record<string, unknown>) =>
    Object.fromEntries(
      summed.map((column) => [column.key, cell(column, source[column.key] ?? 0)]),
    ) as Record<string, number>;

  if (paging) {
    const other = await definition.page?.(db, filters, paging);
    if (other && definition.totals) {
      return {
        rows: other.rows.map(toRow),
        totals: toTotals(await definition.totals(db, filters)),
        total_linhas: other.count,
      };
    }
    // A lean page is sorted and cut without its costly column, filled in afterwards.
    const lean =
      definition.lean && paging.order !== definition.lean.column ? definition.lean : null;
    const source = (lean ?? definition).rows(db, filters, paging.order);
    const ordered = db
      .selectFrom(source.clearOrderBy().as('r'))
      .selectAll('r')
      .$if(paging.order !== null, (q) =>
        [paging.order!, ...(definition.ties ?? [columns[0]!.key])]
          .filter((key, index, keys) => keys.indexOf(key) === index)
          .reduce(
            (sorted, key) =>
              sorted.orderBy(sql.ref(`r.${key}`), paging.descending ? 'desc' : 'asc'),
            q.clearOrderBy(),
          ),
      );
    const shortcutCount = definition.rowCount?.(db, filters) ?? null;
    // Rows no summary counts (a period's buyers, a search): the page counts them in the same
    // pass, and sums them when it is sorted here and has every column (not lean), instead of
    // grouping the period's lines again for the count and once more for the totals.
    const countsWithPage = shortcutCount === null;
    const sumsWithPage = countsWithPage && paging.order !== null && lean === null;
    const [rows, counted, totalsOfShortcut] = await Promise.all([
      readRows(
        db,
        (paging.order === null ? source : ordered)
          .$if(countsWithPage, (q) => q.select(sql<number>`count(*) over ()`.as(ROW_COUNT)))
          .$if(sumsWithPage, (q) =>
            q.select(
              summed.map((column) =>
                sql<number>`sum(${sql.ref(`r.${column.key}`)}) over ()`.as(`${column.key}__`),
              ),
            ),
          )
          .limit(paging.size)
          .offset((paging.page - 1) * paging.size),
      ) as Promise<Record<string, unknown>[]>,
      shortcutCount,
      sumsWithPage || filters.search !== undefined
        ? null
        : (definition.totals?.(db, filters) ?? null),
    ]);
    // A page past the last has no row to carry them.
    const first = rows[0];
    const countOfPage = countsWithPage && first ? Number(first[ROW_COUNT]) : null;
    const sumsOfPage =
      sumsWithPage && first
        ? Object.fromEntries(summed.map((column) => [column.key, first[`${column.key}__`]]))
        : null;
    // What neither a summary nor the page answers is counted and summed over every row in one pass.
    const everyRow =
      (counted ?? countOfPage) === null || (totalsOfShortcut ?? sumsOfPage) === null
        ? (
            await readRows(
              db,
              db
                .selectFrom(definition.rows(db, filters).clearOrderBy().as('r'))
                .select(sql<number>`count(*)`.as(ROW_COUNT))
                .select(
                  summed.map((column) =>
                    sql<number>`sum(${sql.ref(`r.${column.key}`)})`.as(column.key),
                  ),
                ),
            )
          )[0]!
        : null;
    const count = counted ?? countOfPage ?? Number(everyRow![ROW_COUNT]);
    const totals = totalsOfShortcut ?? sumsOfPage ?? everyRow!;
    if (lean) await lean.fill(db, rows, 0);
    return { rows: rows.map(toRow), totals: toTotals(totals), total_linhas: count };
  }

  const rows: Record<string, ReportCell>[] = [];
  const report = streamReport(db, page, filters);
  for await (const batch of report.batches) rows.push(...batch);
  return { rows, totals: await report.totals() };
}

/**
 * The whole report for a download: its rows in batches as the wire shows them, read from a cursor
 * with turns for other requests between batches (db/stream-rows.ts), summed as they pass (the
 * totals' columns are integers: cents or counts); `totals()` once every batch is read ('Pedidos'
 * counted once per order where rows share orders).
 */
export function streamReport(
  db: Kysely<Database>,
  page: ReportPage,
  filters: ReportFilters,
): {
  batches: AsyncGenerator<Record<string, ReportCell>[]>;
  totals(): Promise<Record<string, number>>;
} {
  const columns: readonly ReportColumn[] = REPORTS[page].columns;
  const { rows, lean, ordersOnce, simpler } = REPORT_DEFINITIONS[page];
  const sums = new Map(columns.filter((column) => column.total).map((column) => [column, 0]));
  async function* batches() {
    await foldSales(db);
    filters = (await simpler?.(db, filters)) ?? filters;
    // A lean report is read without its costly column, filled in per batch: on SQLite the sort is
    // one step, before the first row, and the paid carts' items counted inside it held the server.
    const query = (lean?.rows ?? rows)(db, filters);
    for await (const batch of streamRows(db, query)) {
      if (lean) await lean.fill(db, batch, null);
      for (const row of batch) {
        for (const [column, sum] of sums) sums.set(column, sum + Number(row[column.key] ?? 0));
      }
      yield batch.map((row) => wireRow(columns, row));
    }
  }
  return {
    batches: batches(),
    totals: async () => {
      const totals: Record<string, number> = Object.fromEntries(
        [...sums].map(([column, sum]) => [column.key, cell(column, sum) as number]),
      );
      if (ordersOnce) totals.pedidos = await paidOrders(db, filters);
      return totals;
    },
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
