import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '@balcao/api/src/db/database.ts';
import { REPORT_DEFINITIONS } from '@balcao/api/src/modules/reports/definitions.ts';
const url = process.env.PROBE_URL!;
const { db } = openDatabase(url);
const ev = await db.selectFrom('events').select('id').where('name', '=', 'Evento do benchmark de relatórios').executeTakeFirstOrThrow();
const periods: [string | null, string | null][] = [
  ['2026-11-21T13:30:00.000Z', '2026-11-23T18:45:00.000Z'],
  ['2026-11-21T03:00:00.000Z', '2026-11-22T03:00:00.000Z'],
  [null, null],
  ['2026-11-19T03:00:00.000Z', '2026-11-30T03:00:00.000Z'],
];
for (const [from, until] of periods.slice(0, Number(process.env.N ?? 4))) {
  const filters = { eventId: ev.id, from, until };
  const rows = REPORT_DEFINITIONS.REPORT_PRODUCT_BUYERS.rows(db as never, filters, 'produto');
  const paged = db.selectFrom(rows.clearOrderBy().as('r')).selectAll('r')
    .select(sql<number>`count(*) over ()`.as('n'))
    .select(sql<number>`sum(r.total) over ()`.as('t'))
    .orderBy(sql.ref('r.produto')).orderBy(sql.ref('r.produto_id')).orderBy(sql.ref('r.nome')).orderBy(sql.ref('r.cpf'))
    .limit(100);
  const c = paged.compile();
  if (process.env.PLAN && from) {
    const plan = await db.executeQuery({ ...c, sql: `explain ${url.startsWith('sqlite') ? 'query plan ' : 'analyze '}` + c.sql } as never).catch((e) => ({ rows: [String(e)] }));
    // parameters: inline naive
    console.log(plan.rows.map((r) => JSON.stringify(r)).join('\n'));
  }
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const r = await db.executeQuery(c);
    console.log(from, until, 'rows', r.rows.length, 'n', (r.rows[0] as any)?.n, (performance.now() - t0).toFixed(0), 'ms');
  }
}
const count = await db.selectFrom('report_buyer_slots').select(['span', sql<number>`count(*)`.as('n')]).groupBy('span').execute();
console.log(count);

// The direct computation over the lines (what the report did before), same page.
{
  const { db: db2 } = openDatabase(url);
  const [from, until] = periods[0]!;
  const q = sql`select * , count(*) over () n, sum(total) over () t from (
    select p.name produto, p.id produto_id, coalesce(o.cpf,'') cpf, coalesce(o.customer_name,'') nome, sum(i.quantity) quantidade, coalesce(sum(i.total_cents),0) total
    from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id
    where o.event_id = ${ev.id} and o.state in ('PAGO','ENTREGUE') and o.paid_at >= ${from} and o.paid_at < ${until}
    group by p.id, p.name, coalesce(o.customer_name,''), coalesce(o.cpf,'')) r order by produto, produto_id, nome, cpf limit 100`;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const r = await q.execute(db2);
    console.log('lines', (r.rows[0] as any)?.n, (performance.now() - t0).toFixed(0), 'ms');
  }
  await db2.destroy();
}
await db.destroy();
