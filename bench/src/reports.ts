/**
 * Reports over a million order lines: generates an event with BENCH_ORDER_LINES (default
 * 1 000 000) lines in set-based SQL (recursive CTEs, no JavaScript loop of inserts), then times
 * each report through the real app (GET /api/reports/..., JSON) beside its own SQL run directly,
 * against the 0.5 s goal; every report also over a period. Then every CSV download over a real
 * listening server (time to first byte) and /api/health's slowest answer while the heaviest one
 * runs (goal 100 ms). On SQLite, then on PostgreSQL when DATABASE_URL names a server, and every
 * page's time on both side by side at the end.
 *
 *   npm run bench:reports --workspace bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports --workspace bench
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { REPORTS, type ReportPage } from '@balcao/contract';
import { REPORT_DEFINITIONS } from '@balcao/api/src/modules/reports/definitions.ts';
import { dashboardQuery } from '@balcao/api/src/modules/reports/queries.ts';
import { rebuildPayments, rebuildSales } from '@balcao/api/src/modules/reports/summary.ts';
import { startBenchApp, type BenchApp } from './bench-app.ts';
import {
  firstId,
  generate,
  LINES,
  LINES_PER_ORDER,
  ORDERS,
  type Dialect,
} from './sales-fixture.ts';
import { deskWaits, type DeskWaits } from './desk-waits.ts';
import { customerCpf, prepareStore } from './store-fixture.ts';

const GOAL_MS = 500;
/** Cashiers selling whole orders while each heavy request runs (the 8). */
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

/** Each report's API and raw SQL times on one database, by case name. */
type Timings = Map<string, { api: number; raw: number }>;

async function runOn(dialect: Dialect, postgresServer: string | undefined): Promise<Timings> {
  const timings: Timings = new Map();
  // BENCH_KEEP (a SQLite file, or a database name on the PostgreSQL server) keeps the generated
  // event for the next run, which reuses it (after migrating it to the latest schema).
  const keep =
    (dialect === 'sqlite' ? process.env.BENCH_KEEP : process.env.BENCH_KEEP_PG) || undefined;
  const started = performance.now();
  const bench = await startBenchApp({
    postgresServer: dialect === 'postgres' ? postgresServer : undefined,
    keep,
  });
  try {
    const { id: eventId, kept } = await bench.eventNamed('Evento do benchmark de relatórios');
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
    // A period's buyers cut other ways: a local day (03:00 to 03:00 UTC), the whole event asked
    // as a period (every day from the summary), one product over the period.
    reportCase(
      'REPORT_PRODUCT_BUYERS',
      ' (um dia)',
      { inicio: '2026-11-21 00:00', fim: '2026-11-22 00:00' },
      { eventId, from: '2026-11-21T03:00:00.000Z', until: '2026-11-22T03:00:00.000Z' },
    );
    reportCase(
      'REPORT_PRODUCT_BUYERS',
      ' (evento inteiro)',
      { inicio: '2026-11-19 00:00', fim: '2026-11-27 00:00' },
      { eventId, from: '2026-11-19T03:00:00.000Z', until: '2026-11-27T03:00:00.000Z' },
    );
    reportCase(
      'REPORT_PRODUCT_BUYERS',
      ' (período, produto)',
      { ...period, productId: product0 },
      { ...periodFilters, productId: product0 },
    );
    console.log(
      'report                               API (ms)   raw SQL (ms)   ratio   goal 500 ms',
    );
    // BENCH_SKIP_TIMINGS=1: only the downloads and the desks' waits (the pages' timings take long).
    for (const { name, api, raw } of process.env.BENCH_SKIP_TIMINGS ? [] : cases) {
      // The last step blocked the event loop: let the app's overload guard see it calm again.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const apiMs = await timed(api);
      const rawMs = await timed(raw);
      timings.set(name, { api: apiMs, raw: rawMs });
      console.log(
        `${name.padEnd(36)} ${apiMs.toFixed(0).padStart(8)} ${rawMs.toFixed(0).padStart(14)} ${(apiMs / rawMs).toFixed(2).padStart(7)}   ${verdict(apiMs, GOAL_MS)}`,
      );
    }
    await downloads(bench, headers, eventId, period, cases);
  } finally {
    await bench.close();
  }
  return timings;
}

/**
 * SQLite, then PostgreSQL when DATABASE_URL names a server (BENCH_KEEP / BENCH_KEEP_PG keep each
 * generated event), then every page side by side: each database's API time against the 0.5 s
 * goal and its ratio to its own raw SQL, and PostgreSQL's time over SQLite's.
 */
async function main(): Promise<void> {
  const postgresServer = process.env.DATABASE_URL;
  const dialects: Dialect[] = postgresServer ? ['sqlite', 'postgres'] : ['sqlite'];
  const results = new Map<Dialect, Timings>();
  for (const dialect of dialects) results.set(dialect, await runOn(dialect, postgresServer));
  const [lite, pg] = [results.get('sqlite')!, results.get('postgres')];
  console.log(
    `\nEvery page at ${LINES} lines (API ms, ×raw SQL)        SQLite            PostgreSQL     PG/SQLite   goal 500 ms`,
  );
  for (const [name, ours] of lite) {
    const theirs = pg?.get(name);
    const cell = (t?: { api: number; raw: number }) =>
      t
        ? `${t.api.toFixed(0).padStart(6)} ×${(t.api / Math.max(t.raw, 1)).toFixed(1).padEnd(6)}`
        : ''.padEnd(14);
    const worst = Math.max(ours.api, theirs?.api ?? 0);
    console.log(
      `${name.padEnd(48)} ${cell(ours)}    ${cell(theirs)}   ${theirs ? (theirs.api / ours.api).toFixed(2).padStart(9) : ''.padStart(9)}   ${verdict(worst, GOAL_MS)}`,
    );
  }
}

await main();
