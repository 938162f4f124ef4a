/**
 * Reports over a million order lines: generates an event with BENCH_ORDER_LINES (default
 * 1 000 000) lines in set-based SQL (recursive CTEs, no JavaScript loop of inserts), then times
 * each report through the real app (GET /api/reports/..., JSON) beside its own SQL run directly,
 * against the 0.5 s goal; every report also over a period. Then every CSV download over a real
 * listening server (time to first byte) and /api/health's slowest answer while the heaviest one
 * runs (goal 100 ms). On SQLite, and on PostgreSQL when DATABASE_URL names a server.
 *
 *   npm run bench:reports --workspace bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports --workspace bench
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { REPORTS, type ReportPage } from '@balcao/contract';
import type { Database } from '@balcao/api/src/db/types.ts';
import { REPORT_DEFINITIONS } from '@balcao/api/src/modules/reports/definitions.ts';
import { dashboardQuery } from '@balcao/api/src/modules/reports/queries.ts';
import { rebuildPayments, rebuildSales } from '@balcao/api/src/modules/reports/summary.ts';
import { startBenchApp, type BenchApp } from './bench-app.ts';
import { deskWaits, type DeskWaits } from './desk-waits.ts';
import { customerCpf, prepareStore } from './store-fixture.ts';

const LINES = Number(process.env.BENCH_ORDER_LINES ?? 1_000_000);
const LINES_PER_ORDER = 4;
const ORDERS = Math.ceil(LINES / LINES_PER_ORDER);
const PRODUCTS = 200;
const CENTERS = 30;
const SELLERS = 20;
const PARTICIPANTS = 20_000;
const GOAL_MS = 500;
/** Cashiers selling whole orders while each heavy request runs (the issue's 8). */
const CASHIERS = Number(process.env.BENCH_CASHIERS ?? 8);
/** Each cashier's pause between two orders: 8 cashiers then sell up to about 40 orders a second. */
const SALE_PAUSE_MS = Number(process.env.BENCH_SALE_PAUSE_MS ?? 200);
/**
 * BENCH_UNDER_LOAD=carrinhos/pagos,compradores: only the pages and downloads whose names hold one
 * of these are run again beside the cashiers (all by default; at a million lines that is long).
 */
const UNDER_LOAD = process.env.BENCH_UNDER_LOAD?.split(',').filter(Boolean);
const chosen = (name: string) => !UNDER_LOAD || UNDER_LOAD.some((part) => name.includes(part));
/** What Chromium asks for. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const STAMP = '2026-11-20T09:00:00.000Z';

type Dialect = 'sqlite' | 'postgres';

/** Dialect pieces: an 11-digit zero-padded text and an ISO instant `seconds` after STAMP. */
function sqlFor(dialect: Dialect) {
  return dialect === 'postgres'
    ? {
        pad11: (n: RawBuilder<unknown>) => sql`lpad((${n})::text, 11, '0')`,
        instant: (seconds: RawBuilder<unknown>) =>
          sql`to_char((timestamp '2026-11-20 12:00:00' + (${seconds}) * interval '1 second'), 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`,
      }
    : {
        pad11: (n: RawBuilder<unknown>) => sql`printf('%011d', ${n})`,
        instant: (seconds: RawBuilder<unknown>) =>
          sql`strftime('%Y-%m-%dT%H:%M:%S.000Z', '2026-11-20 12:00:00', '+' || (${seconds}) || ' seconds')`,
      };
}

/** `with recursive n(i)` counting 1..count, the row source of every generated table. */
const series = (count: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})`;

async function firstId(
  db: Kysely<Database>,
  table: 'centers' | 'users' | 'product_categories' | 'products' | 'participants',
  where: RawBuilder<unknown>,
) {
  const { rows } = await sql<{
    id: number;
  }>`select min(id) as id from ${sql.table(table)} where ${where}`.execute(db);
  return Number(rows[0]!.id);
}

async function generate(db: Kysely<Database>, dialect: Dialect, eventId: number): Promise<void> {
  const { pad11, instant } = sqlFor(dialect);
  const stamp = sql.lit(STAMP);
  await sql`${series(CENTERS)} insert into centers (name, serial, api_token, date_created, date_updated)
    select 'Núcleo ' || i, 90000 + i, 'bench-' || i, ${stamp}, ${stamp} from n`.execute(db);
  const center0 = await firstId(db, 'centers', sql`api_token like 'bench-%'`);
  await sql`${series(SELLERS)} insert into users (username, name, password_hash, active, center_id, date_created, date_updated)
    select 'vendedor' || i, 'Vendedor ' || i, 'x', ${sql.lit(true)}, ${center0} + i % ${sql.lit(CENTERS)}, ${stamp}, ${stamp} from n`.execute(
    db,
  );
  const seller0 = await firstId(db, 'users', sql`username like 'vendedor%'`);
  await sql`${series(10)} insert into product_categories (name, type, date_created, date_updated)
    select 'Categoria ' || i, 'Produto', ${stamp}, ${stamp} from n`.execute(db);
  const category0 = await firstId(db, 'product_categories', sql`name like 'Categoria %'`);
  await sql`${series(PRODUCTS)} insert into products (name, category_id, price_cents, inventory, date_created, date_updated)
    select 'Produto ' || i, ${category0} + i % 10, 1000 + i * 10, 1000000, ${stamp}, ${stamp} from n`.execute(
    db,
  );
  const product0 = await firstId(db, 'products', sql`name like 'Produto %'`);
  await sql`${series(PARTICIPANTS)} insert into participants (event_id, cpf, name, status, center_id, badge, badge_print_count, date_created, date_updated)
    select ${eventId}, ${pad11(sql`i`)}, 'Participante ' || i, 'OK', ${center0} + i % ${sql.lit(CENTERS)}, ${sql.lit(false)}, 0, ${stamp}, ${stamp} from n`.execute(
    db,
  );
  const participant0 = await firstId(db, 'participants', sql`event_id = ${eventId}`);

  // 5 % refunded, 10 % awaiting payment, the rest paid or delivered; one in 7 with a 10 % coupon;
  // paid over 5 days (one order about every 1.7 s).
  const state = sql`case when i % 20 = 0 then 'ESTORNADO' when i % 10 = 1 then 'AGUARDANDO_PAGAMENTO' when i % 2 = 0 then 'PAGO' else 'ENTREGUE' end`;
  await sql`${series(ORDERS)} insert into orders (event_id, state, participant_id, cpf, customer_name, associated_at, seller_id, cashier_id, total_cents, coupon_id, coupon_name, coupon_percent_bp, paid_at, created_at, updated_at)
    select ${eventId}, ${state}, ${participant0} + i % ${sql.lit(PARTICIPANTS)}, ${pad11(sql`i % ${sql.lit(PARTICIPANTS)} + 1`)},
      'Participante ' || (i % ${sql.lit(PARTICIPANTS)} + 1), ${instant(sql`cast(i as bigint) * 432000 / ${sql.lit(ORDERS)}`)},
      ${seller0} + i % ${sql.lit(SELLERS)}, ${seller0}, 0, case when i % 7 = 0 then 1 + i % 3 end, case when i % 7 = 0 then 'CUPOM' || (1 + i % 3) end, case when i % 7 = 0 then 1000 end,
      case when i % 10 = 1 then null else ${instant(sql`cast(i as bigint) * 432000 / ${sql.lit(ORDERS)}`)} end,
      ${stamp}, ${stamp} from n`.execute(db);
  await sql`with recursive k(j) as (select 0 union all select j + 1 from k where j < ${sql.lit(LINES_PER_ORDER - 1)})
    insert into order_items (order_id, product_id, position, quantity, unit_price_cents, discount_bp, discount_cents, total_cents)
    select o.id, ${product0} + (o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}, k.j, 1 + o.id % 3,
      1000 + ((o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}) * 10,
      case when k.j = 1 then 1000 else 0 end,
      case when k.j = 1 then (1000 + ((o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}) * 10) * (1 + o.id % 3) / 10 else 0 end,
      (1000 + ((o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}) * 10) * (1 + o.id % 3)
        - case when k.j = 1 then (1000 + ((o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}) * 10) * (1 + o.id % 3) / 10 else 0 end
    from orders o cross join k where o.event_id = ${eventId}`.execute(db);
  await sql`update orders set total_cents = (select sum(i.total_cents) * (10000 - coalesce(orders.coupon_percent_bp, 0)) / 10000 from order_items i where i.order_id = orders.id)
    where event_id = ${eventId}`.execute(db);
  await sql`insert into order_payments (order_id, payment_method_id, amount_cents, user_id, created_at)
    select o.id, (select min(id) from payment_methods) + o.id % 4, o.total_cents, ${seller0}, o.paid_at
    from orders o where o.event_id = ${eventId} and o.paid_at is not null and o.total_cents > 0`.execute(
    db,
  );
  await sql`analyze`.execute(db); // fresh statistics, as a database in use has
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm caches and statement preparation
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const verdict = (ms: number, budget: number) => (ms <= budget ? 'ok' : 'ACIMA DA META');
/** /api/health's slowest answer while the heaviest download runs: every desk's wait. */
const HEALTH_GOAL_MS = 100;

/** A download over HTTP: time to its first byte and to its last, and its size. */
async function download(base: string, url: string, headers: Record<string, string>) {
  const began = performance.now();
  const response = await fetch(`${base}${url}`, { headers });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  let firstByte = 0;
  let bytes = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByte = performance.now() - began;
    bytes += chunk.length;
  }
  return { firstByte, total: performance.now() - began, bytes };
}

interface PageCase {
  name: string;
  url: string;
  api: () => Promise<unknown>;
  raw: () => Promise<unknown>;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0).padStart(9);
const ms = (value: number) => value.toFixed(0).padStart(6);

/** One line of the table of waits: the request, its bytes, the desks' waits beside it. */
function printWaits(
  name: string,
  plainBytes: number,
  waits: DeskWaits & { stall: number },
  gzipBytes?: number,
) {
  const { health, sales } = waits;
  const compressed = waits.encoding ? kb(waits.wireBytes) : '        —';
  console.log(
    `${name.padEnd(40)} ${ms(waits.heavyMs)} ${kb(plainBytes)} ${compressed} ${gzipBytes === undefined ? '        —' : kb(gzipBytes)} ` +
      `${ms(health.p50)} ${ms(health.p99)} ${ms(health.worst)} ${ms(waits.stall)} ${String(health.asked).padStart(6)} ${String(sales.done).padStart(6)} ${ms(sales.p99)}   ${verdict(health.worst, HEALTH_GOAL_MS)}`,
  );
}

/**
 * Every CSV download over a real listening server (time to first byte against the 0.5 s goal);
 * then every report page and download again with CASHIERS selling beside it and /api/health
 * asked one after the other (clients in a worker thread): the desks' worst wait against 100 ms,
 * and what each weighs on the wire, uncompressed and as a browser gets it (br), gzip where cheap.
 */
async function downloads(
  bench: BenchApp,
  headers: Record<string, string>,
  eventId: number,
  period: Record<string, string>,
  pages: PageCase[],
): Promise<void> {
  const { app } = bench;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const urls: [string, string][] = [['audit/csv', '/api/audit/csv']];
  for (const declaration of Object.values(REPORTS)) {
    const csv = `/api/reports/${declaration.path}/csv?eventId=${eventId}`;
    urls.push(
      [declaration.path, csv],
      [`${declaration.path} (período)`, `${csv}&${new URLSearchParams(period)}`],
    );
  }
  console.log(
    'CSV download                                     1st byte (ms)   total (ms)       MB   goal 500 ms to 1st byte',
  );
  const plainBytes = new Map<string, number>();
  for (const [name, url] of urls) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { firstByte, total, bytes } = await download(base, url, headers);
    plainBytes.set(url, bytes);
    console.log(
      `${name.padEnd(48)} ${firstByte.toFixed(0).padStart(13)} ${total.toFixed(0).padStart(12)} ${(bytes / 1e6).toFixed(1).padStart(8)}   ${verdict(firstByte, GOAL_MS)}`,
    );
  }

  // Cashiers sell in an event of their own (selected, as a desk's), beside the reports' event.
  const run = Date.now();
  const storeEvent = await bench.newEvent(`Loja do benchmark de relatórios ${run}`);
  // A kept database has the last run's store selected: one event is selected at a time.
  await bench.db.updateTable('events').set({ selected: false }).execute();
  const store = await prepareStore(bench.db, storeEvent, `Bench ${run}`);
  const sale = {
    items: Array.from({ length: 20 }, (_, i) => store.items(i)),
    cpfs: Array.from({ length: 1000 }, (_, i) => customerCpf(i)),
    payment: store.payment,
  };
  let sold = 0;
  let longestStall = 0;
  const underLoad = async (heavy?: { path: string; headers?: Record<string, string> }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The app runs on this thread: its longest stall while the request ran, whoever caused it.
    const stalls = monitorEventLoopDelay({ resolution: 5 });
    stalls.enable();
    const waits = await deskWaits({
      origin: base,
      token: bench.token,
      heavy,
      idleMs: 3000,
      cashiers: CASHIERS,
      pauseMs: SALE_PAUSE_MS,
      sale,
      firstOrder: sold,
    });
    stalls.disable();
    longestStall = stalls.max / 1e6;
    sold += waits.sales.done + CASHIERS * 10;
    if (heavy && waits.status !== 200) throw new Error(`${heavy.path}: ${waits.status}`);
    return { ...waits, stall: longestStall };
  };
  const browser = { 'accept-encoding': BROWSER_ENCODINGS };
  console.log(
    `\nWith ${CASHIERS} cashiers selling whole orders (novo → atualizar → finalizar → pagamento, ${SALE_PAUSE_MS} ms between two) and /api/health asked one after the other:`,
  );
  console.log(
    'request                                      ms  plain KB     br KB   gzip KB  health p50    p99  worst  stall  asked  sales sale p99   goal: health ≤ 100 ms',
  );
  printWaits('(nothing else, 3 s)', 0, await underLoad());
  for (const page of pages.filter(({ name }) => chosen(name))) {
    const plain = await app.inject({ method: 'GET', url: page.url, headers });
    const gzip = await app.inject({
      method: 'GET',
      url: page.url,
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    printWaits(
      `${page.name} (JSON)`,
      plain.rawPayload.length,
      await underLoad({ path: page.url, headers: browser }),
      gzip.rawPayload.length,
    );
  }
  for (const [name, url] of urls.filter(([name]) => chosen(name))) {
    const waits = await underLoad({ path: url, headers: browser });
    printWaits(`${name} (CSV)`, plainBytes.get(url)!, waits);
  }
  // The heaviest download in gzip too (what a client without br gets), and without compression.
  const heaviest = `/api/reports/carrinhos/pagos/csv?eventId=${eventId}`;
  const inGzip = await underLoad({ path: heaviest, headers: { 'accept-encoding': 'gzip' } });
  printWaits(
    'carrinhos/pagos (CSV in gzip)',
    plainBytes.get(heaviest)!,
    { ...inGzip, encoding: undefined },
    inGzip.wireBytes,
  );
  printWaits(
    'carrinhos/pagos (CSV uncompressed)',
    plainBytes.get(heaviest)!,
    await underLoad({ path: heaviest }),
  );
}

async function main(): Promise<void> {
  const postgresServer = process.env.DATABASE_URL;
  const dialect: Dialect = postgresServer ? 'postgres' : 'sqlite';
  // BENCH_KEEP (a SQLite file, or a database name on the PostgreSQL server) keeps the generated
  // event for the next run, which reuses it (after migrating it to the latest schema).
  const keep = process.env.BENCH_KEEP || undefined;
  const started = performance.now();
  const bench = await startBenchApp({ postgresServer, keep });
  try {
    const eventName = 'Evento do benchmark de relatórios';
    const kept = await bench.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', eventName)
      .executeTakeFirst();
    const eventId = kept?.id ?? (await bench.newEvent(eventName));
    if (kept) {
      console.log(
        `${dialect}: reusing the event kept in ${keep} (opened and migrated in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    } else {
      const began = performance.now();
      await generate(bench.db, dialect, eventId);
      console.log(
        `${dialect}: ${ORDERS} orders, ${ORDERS * LINES_PER_ORDER} order lines generated in ${((performance.now() - began) / 1000).toFixed(1)} s`,
      );
      // The generated orders skipped the payment route: build their pre-aggregated sales at once
      // (what the payments and refunds keep up to date one order at a time).
      const summarised = performance.now();
      await rebuildSales(bench.db, eventId);
      await rebuildPayments(bench.db, eventId);
      await sql`analyze`.execute(bench.db);
      console.log(
        `report summaries built in ${((performance.now() - summarised) / 1000).toFixed(1)} s`,
      );
    }
    const product0 = await firstId(bench.db, 'products', sql`name like 'Produto %'`);
    const headers = { authorization: `Bearer ${bench.token}` };
    const get = async (url: string) => {
      const response = await bench.app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    };
    const filters = { eventId, from: null, until: null };
    // A period whose ends fall inside hours: the partial hours are read from the lines.
    const period = { inicio: '2026-11-21 10:30', fim: '2026-11-23 15:45' };
    const periodFilters = {
      eventId,
      from: '2026-11-21T13:30:00.000Z',
      until: '2026-11-23T18:45:00.000Z',
    };
    const cases: PageCase[] = [
      {
        name: 'dashboard',
        url: `/api/reports/dashboard?eventId=${eventId}`,
        api: () => get(`/api/reports/dashboard?eventId=${eventId}`),
        raw: () => bench.db.executeQuery(dashboardQuery(bench.db, eventId).compile()),
      },
    ];
    const reportCase = (
      page: ReportPage,
      label: string,
      query: Record<string, string | number>,
      reportFilters: Parameters<(typeof REPORT_DEFINITIONS)[ReportPage]['rows']>[1],
      pageAsked: Record<string, string> = {},
    ) => {
      const declaration = REPORTS[page];
      const paged = 'paged' in declaration && declaration.paged === true;
      // A paged report is asked as its page asks: the first 100 rows by the first column.
      const paging = paged
        ? { por_pagina: 100, ordem: declaration.columns[0]!.key, ...pageAsked }
        : {};
      const search = new URLSearchParams({
        eventId: String(eventId),
        ...query,
        ...paging,
      } as never);
      cases.push({
        name: `${declaration.path}${label}`,
        url: `/api/reports/${declaration.path}?${search}`,
        api: () => get(`/api/reports/${declaration.path}?${search}`),
        raw: () => {
          let built = REPORT_DEFINITIONS[page].rows(bench.db, reportFilters, pageAsked.ordem);
          if (pageAsked.ordem) {
            // Sorted by that column, then its ties, as the page is (service.ts).
            const direction = pageAsked.direcao === 'desc' ? 'desc' : 'asc';
            built = [pageAsked.ordem, ...(REPORT_DEFINITIONS[page].ties ?? [])].reduce(
              (sorted, key) => sorted.orderBy(sql.ref(key), direction),
              built.clearOrderBy(),
            );
          }
          return bench.db.executeQuery((paged ? built.limit(100) : built).compile());
        },
      });
    };
    for (const page of Object.keys(REPORTS) as ReportPage[]) {
      if (page === 'REPORT_PRODUCT_BUYERS') {
        reportCase(
          page,
          ' (produto)',
          { productId: product0 },
          { ...filters, productId: product0 },
        );
      }
      reportCase(page, '', {}, filters);
    }
    // The buyers' page sorted by another column, and both searchable reports searched by name.
    reportCase('REPORT_PRODUCT_BUYERS', ' (total desc)', {}, filters, {
      ordem: 'total',
      direcao: 'desc',
    });
    for (const page of ['REPORT_PRODUCT_BUYERS', 'REPORT_PAID_CARTS'] as const) {
      reportCase(
        page,
        ' (busca)',
        { busca: 'participante 123' },
        {
          ...filters,
          search: 'participante 123',
        },
      );
    }
    // Every report over a period (all of them take inicio/fim).
    for (const page of Object.keys(REPORTS) as ReportPage[]) {
      reportCase(page, ' (período)', period, periodFilters);
    }
    console.log(
      'report                               API (ms)   raw SQL (ms)   ratio   goal 500 ms',
    );
    // BENCH_SKIP_TIMINGS=1: only the downloads and the desks' waits (the pages' timings take long).
    for (const { name, api, raw } of process.env.BENCH_SKIP_TIMINGS ? [] : cases) {
      // The last step blocked the event loop: let the app's overload guard see it calm again.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const apiMs = await timed(api);
      const rawMs = await timed(raw);
      console.log(
        `${name.padEnd(36)} ${apiMs.toFixed(0).padStart(8)} ${rawMs.toFixed(0).padStart(14)} ${(apiMs / rawMs).toFixed(2).padStart(7)}   ${verdict(apiMs, GOAL_MS)}`,
      );
    }
    await downloads(bench, headers, eventId, period, cases);
  } finally {
    await bench.close();
  }
}

await main();
