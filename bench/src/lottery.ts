/**
 * The lottery at scale (issue #45): the reports' fixture (BENCH_ORDER_LINES, default 1 000 000
 * order lines over 200 products) with half the participants accredited, its kept pool built at
 * once (what the payments keep row by row), then every lottery call over a real listening server:
 * 'Configurar sorteio', a game of 6 products (about 60 000 tickets at 1M lines), its draws, the
 * audit list, each draw's checks, a page of holders and the tickets' file; the same for a game of
 * 60 products (about 600 000 tickets) and for the accredited. Each call's time against its goal
 * (0.2 s at 60 000 tickets, 0.5 s at 600 000), next to the pool recomputed from the orders as it
 * was before the kept pool (one SQL query, the old way's floor) as a ratio, and the slowest
 * /api/health answer while it runs against the idle one (goal: under 50 ms more). On SQLite, and
 * on PostgreSQL when DATABASE_URL names a server.
 *
 *   npm run bench:lottery --workspace bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:lottery --workspace bench
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import { PAID_STATES } from '@balcao/contract';
import type { LotteryDrawDto, LotteryGameDto } from '@balcao/contract';
import type { Database } from '@balcao/api/src/db/types.ts';
import { rebuildPool } from '@balcao/api/src/modules/lottery/kept-pool.ts';
import { startBenchApp } from './bench-app.ts';
import {
  firstId,
  generate,
  LINES_PER_ORDER,
  ORDERS,
  PARTICIPANTS,
  type Dialect,
} from './sales-fixture.ts';

const SMALL_GAME = 6;
const BIG_GAME = 60;
const PRIZES = 4;
const HEALTH_EXTRA_MS = 50;

/** Half the participants accredited (a badge printed), over the fixture's five days. */
async function accredit(db: Kysely<Database>, eventId: number): Promise<void> {
  const user = await firstId(db, 'users', sql`username like 'vendedor%'`);
  await sql`insert into check_ins (participant_id, event_id, user_id, desk, created_at)
    select id, event_id, ${user}, 'bench', '2026-11-20T10:00:00.000Z'
    from participants where event_id = ${eventId} and id % 2 = 0`.execute(db);
}

/** The pool as the lottery read it before the kept pool, every request: its one SQL query. */
function recomputedFromOrders(db: Kysely<Database>, eventId: number, productIds: number[]) {
  const asOf = new Date().toISOString();
  if (productIds.length === 0) {
    return db
      .selectFrom('participants')
      .select(['participants.id as participantId', 'participants.name as name'])
      .where('participants.event_id', '=', eventId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('check_ins')
            .select('check_ins.id')
            .whereRef('check_ins.participant_id', '=', 'participants.id')
            .where('check_ins.created_at', '<=', asOf),
        ),
      )
      .execute();
  }
  return db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('participants', 'participants.id', 'orders.participant_id')
    .select([
      'orders.id as orderId',
      'orders.participant_id as participantId',
      'participants.name as name',
      'order_items.product_id as productId',
      'order_items.quantity as quantity',
    ])
    .where('orders.event_id', '=', eventId)
    .where('orders.state', 'in', PAID_STATES)
    .where('orders.paid_at', '<=', asOf)
    .where('orders.refunded_at', 'is', null)
    .where('order_items.product_id', 'in', productIds)
    .execute();
}

// The client in a worker thread (plain JavaScript): the call and the /api/health probe beside it
// do not share the server's event loop, so reading a 10 MB answer does not delay the probe and
// every wait measured is the server's own.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { base, token } = workerData;
const agent = new http.Agent({ keepAlive: true });
function call(method, url, body, keepBody) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers = url === '/api/health' ? {} : { authorization: 'Bearer ' + token };
    if (data) headers['content-type'] = 'application/json';
    const req = http.request(base + url, { method, agent, headers }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => { bytes += chunk.length; if (keepBody) chunks.push(chunk); });
      res.on('end', () => resolve({ status: res.statusCode, bytes, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}
parentPort.on('message', async ({ method, url, body, idleMs }) => {
  try {
    let running = true;
    let slowest = 0;
    const probe = (async () => {
      while (running) {
        const asked = performance.now();
        await call('GET', '/api/health');
        slowest = Math.max(slowest, performance.now() - asked);
      }
    })();
    const started = performance.now();
    const answer = url
      ? await call(method, url, body, true)
      : (await new Promise((resolve) => setTimeout(resolve, idleMs)), { status: 200, bytes: 0, text: '' });
    const ms = performance.now() - started;
    running = false;
    await probe;
    // A big file's text is not sent back (only its bytes).
    parentPort.postMessage({ ...answer, text: answer.bytes > 1e6 ? '' : answer.text, ms, slowest });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

interface Answer {
  status: number;
  text: string;
  bytes: number;
  /** The call's time, from the client. */
  ms: number;
  /** The slowest /api/health answer while it ran. */
  slowest: number;
}

function lotteryClient(base: string, token: string) {
  const worker = new Worker(CLIENT, { eval: true, workerData: { base, token } });
  worker.unref();
  return {
    ask: (request: { method?: string; url?: string; body?: unknown; idleMs?: number }) =>
      new Promise<Answer>((resolve, reject) => {
        worker.once('message', (message: Answer & { error?: string }) =>
          message.error ? reject(new Error(message.error)) : resolve(message),
        );
        worker.postMessage(request);
      }),
    close: () => worker.terminate(),
  };
}

async function main(): Promise<void> {
  const postgresServer = process.env.DATABASE_URL;
  const dialect: Dialect = postgresServer ? 'postgres' : 'sqlite';
  // BENCH_KEEP (a SQLite file) or BENCH_KEEP_PG (a database name on the PostgreSQL server) keeps
  // the generated event for the next run, which reuses it (migrated to the latest schema).
  const keep = (postgresServer ? process.env.BENCH_KEEP_PG : process.env.BENCH_KEEP) || undefined;
  const bench = await startBenchApp({ postgresServer, keep });
  let client: ReturnType<typeof lotteryClient> | undefined;
  try {
    const { id: eventId, kept } = await bench.eventNamed('Evento do benchmark do sorteio');
    if (kept) {
      console.log(`${dialect}: reusing the event kept in ${keep}`);
    } else {
      const began = performance.now();
      await generate(bench.db, dialect, eventId);
      await accredit(bench.db, eventId);
      const generated = performance.now();
      await rebuildPool(bench.db, eventId);
      // PostgreSQL: vacuumed as autovacuum would after the bulk insert, so the pool's index-only
      // scans do not visit the heap (a product's 5 000 lines: 17 ms unvacuumed, 3 ms vacuumed).
      await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(bench.db);
      console.log(
        `${dialect}: ${ORDERS} orders, ${ORDERS * LINES_PER_ORDER} order lines, ${PARTICIPANTS / 2} accredited, generated in ${((generated - began) / 1000).toFixed(1)} s; kept pool built in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
      );
    }

    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;
    const asker = lotteryClient(base, bench.token);
    client = asker;
    const idle = (await asker.ask({ idleMs: 1000 })).slowest;
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}; /api/health idle: slowest ${idle.toFixed(1)} ms over 1 s`,
    );
    console.log(
      'call                                              ms   ÷ old pool   health max (ms)       KB   goal',
    );
    // The old way's floor for the game on screen: its pool's one query, run directly.
    let baseline = Number.NaN;
    const line = (name: string, ms: number, slowest: number, bytes: number, goal: number) =>
      console.log(
        `${name.padEnd(46)} ${ms.toFixed(0).padStart(6)} ${(ms / baseline).toFixed(2).padStart(12)} ${slowest.toFixed(0).padStart(17)} ${(bytes / 1024).toFixed(0).padStart(8)}   ${ms <= goal && slowest <= idle + HEALTH_EXTRA_MS ? 'ok' : 'ACIMA DA META'} (${goal} ms; health ≤ idle + ${HEALTH_EXTRA_MS} ms)`,
      );
    const measure = async (
      name: string,
      goal: number,
      method: string,
      url: string,
      body?: unknown,
    ) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { status, text, bytes, ms, slowest } = await asker.ask({ method, url, body });
      if (status !== 200) throw new Error(`${method} ${url}: ${status} ${text}`);
      line(name, ms, slowest, bytes, goal);
      return text;
    };

    {
      // 'Configurar sorteio' before: every product's sales grouped from the event's lines.
      const started = performance.now();
      await bench.db
        .selectFrom('orders')
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select((eb) => [
          'order_items.product_id',
          eb.fn.sum('order_items.quantity').as('sold'),
          eb.fn.count('orders.participant_id').distinct().as('participants'),
        ])
        .where('orders.event_id', '=', eventId)
        .where('orders.state', 'in', ['PAGO', 'ENTREGUE'])
        .groupBy('order_items.product_id')
        .execute();
      baseline = performance.now() - started;
      console.log(
        `produtos: its sales grouped from the orders as before: ${baseline.toFixed(0)} ms`,
      );
    }
    await measure('GET /api/sorteio/produtos', 200, 'GET', '/api/sorteio/produtos');
    const product0 = await firstId(bench.db, 'products', sql`name like 'Produto %'`);
    const games: [string, number[], number][] = [
      [`${SMALL_GAME} produtos`, [...Array(SMALL_GAME).keys()].map((i) => product0 + i), 200],
      [`${BIG_GAME} produtos`, [...Array(BIG_GAME).keys()].map((i) => product0 + i), 500],
      ['credenciados', [], 200],
    ];
    // BENCH_LOTTERY_GAMES (e.g. '60 produtos'): only the games whose label holds it.
    const only = process.env.BENCH_LOTTERY_GAMES;
    for (const [label, products, goal] of games.filter(
      ([label]) => !only || label.includes(only),
    )) {
      const query = () => recomputedFromOrders(bench.db, eventId, products);
      await query();
      const started = performance.now();
      await query();
      baseline = performance.now() - started;
      console.log(
        `${label}: the pool's query as before the kept pool (every call, from the orders): ${baseline.toFixed(0)} ms`,
      );
      const game = JSON.parse(
        await measure(`novo (${label})`, goal, 'POST', `/api/sorteio/${eventId}/novo`, {
          products,
          prizesCount: PRIZES,
        }),
      ) as LotteryGameDto;
      console.log(`  ${label}: ${game.poolSize} bilhetes`);
      let winners: number[] = [];
      for (let prize = 1; prize <= PRIZES; prize++) {
        const drawn = JSON.parse(
          await measure(
            `sortear ${prize}º (${label})`,
            goal,
            'POST',
            `/api/sorteio/atualizar/${game.id}`,
            {
              winners,
            },
          ),
        ) as LotteryDrawDto;
        winners = drawn.game.winners.map((winner) => winner.participantId);
      }
      await measure(`GET sorteio (${label})`, goal, 'GET', `/api/sorteio/${game.id}`);
      await measure(`auditoria (${label})`, goal, 'GET', `/api/sorteio/${game.id}/auditoria`);
      for (let prize = 1; prize <= PRIZES; prize++) {
        const checks = JSON.parse(
          await measure(
            `auditoria ${prize}º prêmio (${label})`,
            goal,
            'GET',
            `/api/sorteio/${game.id}/auditoria/${prize}`,
          ),
        ) as {
          storedPoolMatches: boolean;
          recomputedPoolMatches: boolean;
          winningTicket: string;
          participantId: number;
        };
        if (
          !checks.storedPoolMatches ||
          !checks.recomputedPoolMatches ||
          !checks.winningTicket.startsWith(`p${checks.participantId}`)
        ) {
          console.log(`  ${prize}º prêmio: as conferências NÃO batem`);
        }
      }
      await measure(
        `participantes, 1ª página (${label})`,
        goal,
        'GET',
        `/api/sorteio/${game.id}/auditoria/1/participantes?quantidade=100`,
      );
      await measure(
        `bilhetes (${label})`,
        goal,
        'GET',
        `/api/sorteio/${game.id}/auditoria/1/bilhetes`,
      );
    }
  } finally {
    await client?.close();
    await bench.close();
  }
}

await main();
