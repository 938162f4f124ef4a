/**
 * The store's money path under a queue of cashiers: payments per second
 * (POST /api/carrinho/pagamento/{id} on finalized orders, BENCH_CLIENTS concurrent clients) and
 * whole orders per second (novo → atualizar → finalizar → pagar), through the real app, next to
 * two bare Fastify routes on the same database: one calling the payment's own service function
 * (the same statements, without authentication, hooks, schemas or serialization: the budget's
 * "bare route doing the same query"), and one making only the minimal writes by hand. On SQLite, and
 * also on PostgreSQL when DATABASE_URL names a server (a fresh database is created there).
 *
 *   npm run bench:store --workspace bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:store --workspace bench
 */
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { payOrder } from '@balcao/api/src/modules/orders/payments.ts';
import { foldSales } from '@balcao/api/src/modules/reports/index.ts';
import { finalizeCart, newCart, updateCart } from '@balcao/api/src/modules/orders/service.ts';
import { startBenchApp, type BenchApp } from './bench-app.ts';
import { concurrently as runConcurrently, inTurns, show, type Timing } from './concurrently.ts';
import { customerCpf, ORDER_TOTAL, prepareStore } from './store-fixture.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
/** Payments made one at a time afterwards: the latency a lone cashier sees, without a queue. */
const SOLO = 200;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const concurrently = (count: number, call: (i: number) => Promise<number>, clients = CLIENTS) =>
  runConcurrently(count, call, clients);

/**
 * Every statement the PostgreSQL pool sends (BEGIN and COMMIT included) is one round trip: counted
 * here so the bench can print the statements one payment costs; `BENCH_LOG_QUERIES=1` lists them.
 */
const sent: string[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  const [statement] = args;
  const text =
    typeof statement === 'string' ? statement : String((statement as pg.QueryConfig)?.text);
  const begin = performance.now();
  const result = query.apply(this, args);
  if (result instanceof Promise) {
    const at = sent.push(text) - 1;
    void result.then(
      () => (sent[at] = `${(performance.now() - begin).toFixed(2)} ms  ${text}`),
      () => {},
    );
  } else sent.push(text);
  return result;
} as typeof pg.Client.prototype.query;

/** The statements `call` sent to PostgreSQL (none on SQLite). */
async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  await call();
  return sent.splice(0);
}

async function storeBench(label: string, bench: BenchApp): Promise<void> {
  const { app, db, token } = bench;
  const headers = { authorization: `Bearer ${token}` };
  const eventId = await bench.newEvent('Evento da loja');
  const { adminId, methodId, items, payment } = await prepareStore(db, eventId);
  const admin = { id: adminId };
  const method = { id: methodId };

  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  /** novo → atualizar → finalizar; returns the order id. */
  const finalizedOrder = async (i: number) => {
    const { id } = (await post('/api/carrinho/novo')).json<{ id: number }>();
    const updated = await post(`/api/carrinho/atualizar/${id}`, { items: items(i) });
    const finalized = await post(`/api/carrinho/finalizar/${id}`, { id_cliente: customerCpf(i) });
    if (updated.statusCode !== 200 || finalized.statusCode !== 200) {
      throw new Error(`preparo do pedido ${id}: ${updated.body} ${finalized.body}`);
    }
    return id;
  };
  const prepare = async (count: number) => {
    const ids: number[] = [];
    await concurrently(count, async (i) => {
      ids[i] = await finalizedOrder(i);
      return 200;
    });
    return ids;
  };

  const bare = Fastify({ logger: false });
  // The payment's own service, as the route calls it (with an idempotency key), and nothing else.
  const actor = { id: admin.id, username: 'admin', desk: '127.0.0.1' };
  /**
   * What `PRAGMA secure_delete` (on in the server: an erased CPF leaves no copy in free pages,
   * issue 23) costs a payment: the payment's service one at a time, in turns of 10 with the pragma
   * off and on, so both see the same load; p50 of each and their ratio.
   */
  const secureDeleteCost = async (ids: number[]) => {
    const times = { off: [] as number[], on: [] as number[] };
    for (let turn = 0; turn < ids.length; turn += 20) {
      for (const [mode, offset] of [
        ['off', 0],
        ['on', 10],
      ] as const) {
        await sql`pragma secure_delete = ${sql.raw(mode)}`.execute(db);
        for (const id of ids.slice(turn + offset, turn + offset + 10)) {
          const begin = performance.now();
          await payOrder(db, new Date(), actor, id, payment.pagamentos, `apagar-${id}`);
          times[mode].push(performance.now() - begin);
        }
      }
    }
    await sql`pragma secure_delete = on`.execute(db);
    const p50 = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    console.log(
      `  secure_delete (${ids.length} pagamentos pelo serviço, um por vez, em turnos): ` +
        `p50 desligado ${p50(times.off).toFixed(2)} ms, ligado ${p50(times.on).toFixed(2)} ms, ` +
        `razão ${(p50(times.on) / p50(times.off)).toFixed(2)}x`,
    );
  };
  bare.post<{ Params: { id: string } }>('/service/pagamento/:id', (request) =>
    payOrder(
      db,
      new Date(),
      actor,
      Number(request.params.id),
      payment.pagamentos,
      `bare-${request.params.id}`,
    ),
  );
  // The other cart calls' services, likewise (novo, atualizar, finalizar).
  bare.post('/service/novo', () => newCart(db, new Date(), actor));
  bare.post<{ Params: { id: string }; Body: { items: Parameters<typeof updateCart>[4] } }>(
    '/service/atualizar/:id',
    (request) => updateCart(db, new Date(), actor, Number(request.params.id), request.body.items),
  );
  bare.post<{ Params: { id: string }; Body: { id_cliente: string } }>(
    '/service/finalizar/:id',
    (request) =>
      finalizeCart(db, new Date(), actor, Number(request.params.id), request.body.id_cliente),
  );
  // The minimal writes by hand: no reports, audit, coupons, idempotency or DTO.
  bare.post<{ Params: { id: string } }>('/pay/:id', async (request) => {
    const id = Number(request.params.id);
    const at = new Date().toISOString();
    return db.transaction().execute(async (trx) => {
      const paid = await trx
        .updateTable('orders')
        .set({ state: 'PAGO', cashier_id: admin.id, paid_at: at, updated_at: at })
        .where('id', '=', id)
        .where('state', '=', 'AGUARDANDO_PAGAMENTO')
        .executeTakeFirst();
      if (paid.numUpdatedRows === 0n) throw new Error('pedido fora de AGUARDANDO_PAGAMENTO');
      await trx
        .insertInto('order_payments')
        .values({
          order_id: id,
          payment_method_id: method.id,
          amount_cents: Math.round(ORDER_TOTAL * 100),
          user_id: admin.id,
          created_at: at,
        })
        .execute();
      const lines = await trx
        .selectFrom('order_items')
        .select(['product_id', 'quantity'])
        .where('order_id', '=', id)
        .orderBy('product_id')
        .execute();
      for (const line of lines) {
        const taken = await trx
          .updateTable('products')
          .set((eb) => ({ inventory: eb('inventory', '-', line.quantity) }))
          .where('id', '=', line.product_id)
          .where('inventory', '>=', line.quantity)
          .returning('inventory')
          .executeTakeFirst();
        if (!taken) throw new Error('estoque');
        await trx
          .insertInto('stock_movements')
          .values({
            product_id: line.product_id,
            user_id: admin.id,
            delta: -line.quantity,
            inventory_after: taken.inventory,
            reason: `Venda: pedido ${id}`,
            created_at: at,
          })
          .execute();
      }
      await trx
        .insertInto('order_transitions')
        .values({
          order_id: id,
          action: 'pagar',
          from_state: 'AGUARDANDO_PAGAMENTO',
          to_state: 'PAGO',
          user_id: admin.id,
          desk: request.ip,
          created_at: at,
        })
        .execute();
      return { id };
    });
  });
  await bare.ready();

  /**
   * Each cart call of a lone seller and cashier (no queue), through the API and through the bare
   * route calling the same service, taken in turns order by order: p50 of each and their ratio.
   */
  const cartCalls = async (orders: number) => {
    const calls = ['novo', 'atualizar', 'finalizar', 'pagamento'] as const;
    const spent = { api: new Map<string, number[]>(), bare: new Map<string, number[]>() };
    const timed = async (
      side: 'api' | 'bare',
      call: string,
      send: () => Promise<LightMyRequestResponse>,
    ) => {
      const begin = performance.now();
      const answer = await send();
      const list = spent[side].get(call) ?? [];
      list.push(performance.now() - begin);
      spent[side].set(call, list);
      if (answer.statusCode !== 200) throw new Error(`${side} ${call}: ${answer.body}`);
      return answer;
    };
    for (let i = 0; i < orders; i++) {
      for (const side of ['api', 'bare'] as const) {
        const prefix = side === 'api' ? '/api/carrinho' : '/service';
        const target = side === 'api' ? app : bare;
        // The payment carries an Idempotency-Key, as the cashier's page sends it.
        const send = (call: string, id?: number, payload?: object) => () =>
          target.inject({
            method: 'POST',
            url: `${prefix}/${call}${id === undefined ? '' : `/${id}`}`,
            headers:
              call === 'pagamento' ? { ...headers, 'idempotency-key': `carrinho-${id}` } : headers,
            ...(payload ? { payload } : {}),
          });
        const created = await timed(side, 'novo', send('novo'));
        const { id } = created.json<{ id: number }>();
        await timed(side, 'atualizar', send('atualizar', id, { items: items(i) }));
        await timed(side, 'finalizar', send('finalizar', id, { id_cliente: customerCpf(i) }));
        await timed(side, 'pagamento', send('pagamento', id, payment));
      }
    }
    const p50 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    console.log(`  Cada chamada do carrinho, um vendedor e um caixa (${orders} pedidos, p50):`);
    for (const call of calls) {
      const api = p50(spent.api.get(call)!);
      const service = p50(spent.bare.get(call)!);
      console.log(
        `    ${call}: API ${api.toFixed(2)} ms, rota pura com o mesmo serviço ${service.toFixed(2)} ms, ` +
          `razão ${(api / service).toFixed(2)}x`,
      );
    }
  };

  try {
    console.log(`\n${label}: ${ORDERS} pedidos, ${CLIENTS} clientes simultâneos`);
    const forApi = await prepare(ORDERS + SOLO + 1);
    const forService = await prepare(ORDERS + SOLO + 1);
    const forBare = await prepare(ORDERS + SOLO + 1);
    const payReal = (offset: number) => async (i: number) => {
      const id = forApi[offset + i]!;
      const response = await app.inject({
        method: 'POST',
        url: `/api/carrinho/pagamento/${id}`,
        headers: { ...headers, 'idempotency-key': `bench-${id}` },
        payload: payment,
      });
      return response.statusCode;
    };
    const payService = (offset: number) => async (i: number) => {
      const id = forService[offset + i]!;
      return (await bare.inject({ method: 'POST', url: `/service/pagamento/${id}` })).statusCode;
    };
    const payBare = (offset: number) => async (i: number) => {
      const id = forBare[offset + i]!;
      const response = await bare.inject({ method: 'POST', url: `/pay/${id}`, payload: payment });
      return response.statusCode;
    };
    // The budget's headline: a payment against the writes it cannot do without (≤ 2×); then what
    // the API layer adds to the same service.
    const ratios = (real: Timing, service: Timing, minimal: Timing) => {
      const toMinimal = minimal.perSecond / real.perSecond;
      console.log(
        `  Razão tempo por pagamento, real/escritas mínimas: ${toMinimal.toFixed(2)}x ` +
          `(meta ≤ 2x: ${toMinimal <= 2 ? 'ok' : 'ACIMA DA META'}; p99 ` +
          `${(real.p99 / minimal.p99).toFixed(2)}x); real/rota pura com o mesmo serviço: ` +
          `${(service.perSecond / real.perSecond).toFixed(2)}x (p99 ` +
          `${(real.p99 / service.p99).toFixed(2)}x)`,
      );
    };
    /**
     * The three kinds of payment in turns (concurrently.ts, inTurns), then the fold of the sales
     * still outside the reports' summaries (it also ran in the background meanwhile): its whole
     * time is added to the real payments' and to the same service's, as if each had made it alone.
     */
    const payInTurns = async (count: number, offset: number, clients: number) => {
      const timings = await inTurns(
        count,
        { real: payReal(offset), service: payService(offset), minimal: payBare(offset) },
        clients,
      );
      const begin = performance.now();
      const folded = await foldSales(db);
      const spent = performance.now() - begin;
      console.log(`    (soma aos relatórios ao fim: ${folded} pedidos em ${spent.toFixed(1)} ms)`);
      const withFold = (timing: Timing) => ({
        ...timing,
        perSecond: count / (count / timing.perSecond + spent / 1000),
      });
      return { ...timings, real: withFold(timings.real), service: withFold(timings.service) };
    };
    if (label === 'PostgreSQL') {
      const realStatements = await statementsOf(() => payReal(ORDERS + SOLO)(0));
      const serviceStatements = await statementsOf(() => payService(ORDERS + SOLO)(0));
      const bareStatements = await statementsOf(() => payBare(ORDERS + SOLO)(0));
      console.log(
        `  Idas e voltas ao PostgreSQL por pagamento: real ${realStatements.length}, ` +
          `mesmo serviço ${serviceStatements.length}, escritas mínimas ${bareStatements.length}`,
      );
      if (process.env.BENCH_LOG_QUERIES === '1') {
        for (const statement of realStatements) console.log(`    ${statement.slice(0, 160)}`);
      }
    }
    const { real, service, minimal: baseline } = await payInTurns(ORDERS, 0, CLIENTS);
    show('POST /api/carrinho/pagamento/{id}', real, 'pagamentos/s');
    show('Rota Fastify pura (o mesmo serviço payOrder)', service, 'pagamentos/s');
    show('Rota Fastify pura (escritas mínimas)', baseline, 'pagamentos/s');
    ratios(real, service, baseline);
    console.log(`  Um caixa por vez (${SOLO} pagamentos, sem fila):`);
    const solo = await payInTurns(SOLO, ORDERS, 1);
    const { real: soloReal, service: soloService, minimal: soloBare } = solo;
    // What any signed-in call costs before its own work: token, user and permissions lookups.
    const signedInFloor = await concurrently(
      SOLO,
      async () =>
        (await app.inject({ method: 'GET', url: '/api/carrinho/pagamento', headers })).statusCode,
      1,
    );
    show('POST /api/carrinho/pagamento/{id}', soloReal, 'pagamentos/s');
    show('Rota Fastify pura (o mesmo serviço payOrder)', soloService, 'pagamentos/s');
    show('Rota Fastify pura (escritas mínimas)', soloBare, 'pagamentos/s');
    show('GET /api/carrinho/pagamento (piso de uma rota autenticada)', signedInFloor);
    ratios(soloReal, soloService, soloBare);
    const whole = await concurrently(ORDERS, async (i) => {
      const id = await finalizedOrder(i);
      const paid = await post(`/api/carrinho/pagamento/${id}`, payment);
      return paid.statusCode;
    });
    show('Pedido inteiro (novo → atualizar → finalizar → pagar)', whole, 'pedidos/s');
    await cartCalls(SOLO);
    if (label === 'SQLite') await secureDeleteCost(await prepare(SOLO));
  } finally {
    await bare.close();
  }
}

async function main(): Promise<void> {
  const sqlite = await startBenchApp();
  try {
    await storeBench('SQLite', sqlite);
  } finally {
    await sqlite.close();
  }
  const server = process.env.DATABASE_URL;
  if (server && /^postgres(ql)?:\/\//.test(server)) {
    const postgres = await startBenchApp({ postgresServer: server });
    try {
      await storeBench('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  } else {
    console.log('\nPostgreSQL: defina DATABASE_URL=postgres://... para medir também.');
  }
}

await main();
