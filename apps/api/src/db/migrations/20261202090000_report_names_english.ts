import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The naming rule (docs/architecture.md, Naming; issue #46): the columns the project created are
// English. The reports' summaries had Portuguese columns and dimension values; they are renamed
// here, rows kept. The reports' JSON keeps its Portuguese (wire) names: the queries alias them.
// Renaming a column carries its primary key and indexes along (report_buyers_quantity) on both
// databases (SQLite ≥ 3.25); the dims map one to one onto names no row had, so no key collides.

const COLUMNS: [table: string, from: string, to: string][] = [
  ['report_sales', 'pedidos', 'orders'],
  ['report_sales', 'quantidade', 'quantity'],
  ['report_sales', 'bruto_cents', 'gross_cents'],
  ['report_buyers', 'pedidos', 'orders'],
  ['report_buyers', 'quantidade', 'quantity'],
  ['report_payments', 'pagamentos', 'payments'],
];

const DIMS: [from: string, to: string][] = [
  ['produto', 'product'],
  ['categoria', 'category'],
  ['vendedor', 'seller'],
  ['comprador', 'buyer'],
  ['cupom', 'coupon'],
  ['compradores', 'buyers'],
];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, from, to] of COLUMNS) {
    await db.schema.alterTable(table).renameColumn(from, to).execute();
  }
  await renameDims(db, DIMS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await renameDims(
    db,
    DIMS.map(([from, to]) => [to, from]),
  );
  for (const [table, from, to] of COLUMNS) {
    await db.schema.alterTable(table).renameColumn(to, from).execute();
  }
}

/** One statement: every row's dim renamed at once. */
async function renameDims(db: Kysely<any>, dims: [string, string][]): Promise<void> {
  const cases = sql.join(
    dims.map(([from, to]) => sql`when ${sql.lit(from)} then ${sql.lit(to)}`),
    sql` `,
  );
  await sql`update report_sales set dim = case dim ${cases} else dim end
    where dim in (${sql.join(dims.map(([from]) => sql.lit(from)))})`.execute(db);
}
