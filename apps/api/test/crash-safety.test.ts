import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CASHIER_PERMISSIONS,
  SELLER_PERMISSIONS,
  orderAmounts,
  toReais,
  withCheckDigits,
  type CartUpdateItem,
  type OrderDto,
  type PaymentMethodDto,
  type TokenResponse,
} from '@balcao/contract';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/auth/seed.ts';
import { createUser } from './helpers/fixtures.ts';
import {
  freePort,
  httpCall,
  startServerProcess,
  type HttpAnswer,
  type ServerProcess,
} from './helpers/server-process.ts';
import { createCategory, createProduct, selectNewEvent } from './helpers/store.ts';
import { ADMIN_PASSWORD } from './helpers/test-app.ts';
import { sqliteIntegrity } from './helpers/sqlite-integrity.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * Crash safety (issue 17): paid orders from concurrent clients against the real server process
 * (main.ts), which is killed with SIGKILL twice at moments drawn from a printed seed and started
 * again; clients retry what got no answer (a payment with its same Idempotency-Key). Afterwards
 * every payment answered 2xx is there exactly once, payments equal totals, stock + sold = initial,
 * and SQLite's integrity_check is ok after each kill.
 *
 *   CRASH_SEED=123 CRASH_ORDERS=200 npx vitest run test/crash-safety.test.ts
 */
const ORDERS = Number(process.env.CRASH_ORDERS ?? 1000);
const CLIENTS = 12;
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CPF = withCheckDigits('529982247');

/** mulberry32: a small seeded generator, so a seed replays the same orders and kill points. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Prices and stock; the last product runs out mid-way, so refusals for stock happen too. */
const CATALOG = [
  { priceCents: 1_990, inventory: 5_000 },
  { priceCents: 4_990, inventory: 5_000 },
  { priceCents: 1_250, inventory: 5_000 },
  { priceCents: 999, inventory: 5_000 },
  { priceCents: 15_000, inventory: 5_000 },
  { priceCents: 3_333, inventory: 40 },
];
const DISCOUNTS = [0, 0, 5, 10, 12.5];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const databases: TestDatabase[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const database of databases) await database.drop();
});

interface Paid {
  orderId: number;
  totalCents: number;
  items: CartUpdateItem[];
  answer: OrderDto;
  key: string;
  body: unknown;
  /** The payment got no answer at least once and was sent again with the same key. */
  retried: boolean;
}

describe('crash safety', () => {
  it(`keeps every paid order of ${ORDERS} through two SIGKILLs`, async () => {
    console.log(
      `crash-safety: semente ${SEED} (CRASH_SEED=${SEED} repete os pedidos e as paradas)`,
    );
    const database = await createTestDatabase();
    databases.push(database);
    const sqliteFile = database.url.startsWith('sqlite:') ? database.url.slice(7) : undefined;

    // The event, products and the cashier, written directly as the other API tests do.
    const setup = openDatabase(database.url);
    await migrateToLatest(setup.db, setup.dialect);
    await seed(setup.db, { adminUser: 'admin', adminPassword: ADMIN_PASSWORD, now: new Date() });
    const eventId = await selectNewEvent(setup.db);
    const stamp = new Date().toISOString();
    await setup.db
      .insertInto('participants')
      .values({
        event_id: eventId,
        cpf: CPF,
        name: 'Cliente da queda',
        status: 'OK',
        date_created: stamp,
        date_updated: stamp,
      })
      .execute();
    const categoryId = await createCategory(setup.db);
    const products: ((typeof CATALOG)[number] & { id: number; name: string })[] = [];
    for (const entry of CATALOG) {
      products.push({ ...entry, ...(await createProduct(setup.db, { categoryId, ...entry })) });
    }
    const cashier = await createUser(setup.db, {
      permissions: [...new Set([...SELLER_PERMISSIONS, ...CASHIER_PERMISSIONS])],
    });
    await setup.db.destroy();

    const port = await freePort();
    let server = await startServerProcess(database.url, {}, port);
    servers.push(server);
    const token = JSON.parse(
      (
        await httpCall(server.url, 'POST', '/api/token', {
          body: { grant_type: 'password', username: cashier.username, password: cashier.password },
        })
      ).body,
    ) as TokenResponse;
    const call = (method: 'GET' | 'POST', path: string, body?: unknown, key?: string) =>
      httpCall(server.url, method, path, {
        token: token.access_token,
        body,
        headers: key ? { 'idempotency-key': key } : {},
      });
    expect((await call('POST', '/api/caixa/abrir', { troco: 0 })).status).toBe(200);
    const methods = JSON.parse(
      (await call('GET', '/api/carrinho/pagamento')).body,
    ) as PaymentMethodDto[];
    const methodId = methods[0]!.id_forma_pagamento;

    // The kills: after a seeded number of paid orders (one in each half), plus a seeded delay.
    const draw = generator(SEED);
    const killAt = [
      Math.floor(ORDERS * (0.1 + 0.3 * draw())),
      Math.floor(ORDERS * (0.55 + 0.3 * draw())),
    ];
    const killDelays = killAt.map(() => Math.floor(draw() * 50));
    console.log(`crash-safety: SIGKILL após ${killAt.join(' e ')} pagamentos (+${killDelays} ms)`);
    let up: Promise<void> = Promise.resolve();
    const crashes: Promise<void>[] = [];
    const integrity: string[] = [];
    let networkFailures = 0;
    let failuresAtKill = 0;

    const crash = (delay: number) => {
      let back!: () => void;
      up = new Promise((resolve) => (back = resolve));
      return (async () => {
        try {
          await sleep(delay);
          const before = networkFailures;
          server.child.kill('SIGKILL');
          expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
          if (sqliteFile) integrity.push(sqliteIntegrity(sqliteFile));
          server = await startServerProcess(database.url, {}, port);
          servers.push(server);
          failuresAtKill += networkFailures - before;
        } finally {
          back();
        }
      })();
    };

    /** A call sent again, after the server is back, for as long as it gets no answer. */
    const untilAnswered = async (send: () => Promise<HttpAnswer>) => {
      let retried = false;
      for (let tries = 0; tries < 20; tries++) {
        const answer = await send();
        if (answer.status !== 0) return { ...answer, retried };
        networkFailures++;
        retried = true;
        await up;
        await sleep(20);
      }
      throw new Error('o servidor não voltou a responder');
    };
    const expectStatus = (what: string, answer: HttpAnswer, status = 200) => {
      if (answer.status !== status) {
        throw new Error(`${what}: esperava ${status}, veio ${answer.status} ${answer.body}`);
      }
    };
    /** A refusal for stock; a product with none left is not offered again. */
    const soldOut = new Set<string>();
    const outOfStock = (answer: HttpAnswer) => {
      const refused = /Estoque insuficiente para (.*): (\d+) disponíve(?:l|is)\./.exec(answer.body);
      if (answer.status !== 409 || !refused) return false;
      if (refused[2] === '0') soldOut.add(refused[1]!);
      return true;
    };

    const paid: Paid[] = [];
    let refusedForStock = 0;
    const sell = async (ticket: number) => {
      for (let attempt = 0; ; attempt++) {
        const pick = generator(SEED ^ Math.imul(ticket + 1, 0x9e3779b1) ^ (attempt * 7919));
        const selling = products.filter((product) => !soldOut.has(product.name));
        const first = Math.floor(pick() * selling.length);
        const second = (first + 1 + Math.floor(pick() * (selling.length - 1))) % selling.length;
        const chosen = pick() < 0.5 ? [selling[first]!] : [selling[first]!, selling[second]!];
        const items = chosen.map((product) => ({
          produto_id: product.id,
          quantidade: 1 + Math.floor(pick() * 3),
          desconto: DISCOUNTS[Math.floor(pick() * DISCOUNTS.length)]!,
        }));
        const totalCents = orderAmounts(
          items.map((item, index) => ({
            unitPrice: chosen[index]!.priceCents,
            quantity: item.quantidade,
            discountPercent: item.desconto,
          })),
        ).net;

        const created = await untilAnswered(() => call('POST', '/api/carrinho/novo'));
        expectStatus('novo', created);
        const id = (JSON.parse(created.body) as { id: number }).id;
        const updated = await untilAnswered(() =>
          call('POST', `/api/carrinho/atualizar/${id}`, { items }),
        );
        if (outOfStock(updated)) {
          refusedForStock++;
          continue;
        }
        expectStatus('atualizar', updated);
        expect((JSON.parse(updated.body) as OrderDto).total).toBe(toReais(totalCents));
        const finalized = await untilAnswered(() =>
          call('POST', `/api/carrinho/finalizar/${id}`, { id_cliente: CPF }),
        );
        // Finalized before the answer was lost: the retry finds it done, which is fine.
        if (!(finalized.retried && finalized.status === 409)) expectStatus('finalizar', finalized);

        const key = `queda-${SEED}-${ticket}-${attempt}`;
        const body = { pagamentos: [{ id_forma_pagamento: methodId, valor: toReais(totalCents) }] };
        const payment = await untilAnswered(() =>
          call('POST', `/api/carrinho/pagamento/${id}`, body, key),
        );
        if (outOfStock(payment)) {
          refusedForStock++;
          continue;
        }
        expectStatus(`pagamento ${id}`, payment);
        const answer = JSON.parse(payment.body) as OrderDto;
        expect(answer).toMatchObject({ id, estadoPedido: 'PAGO', total: toReais(totalCents) });
        paid.push({ orderId: id, totalCents, items, answer, key, body, retried: payment.retried });
        const kill = killAt.indexOf(paid.length);
        if (kill >= 0) crashes.push(crash(killDelays[kill]!));
        return;
      }
    };

    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let ticket = next++; ticket < ORDERS; ticket = next++) await sell(ticket);
      }),
    );
    await Promise.all(crashes);
    const seconds = (Date.now() - started) / 1000;
    const retriedPayments = paid.filter((order) => order.retried);
    console.log(
      `crash-safety: ${paid.length} pedidos pagos em ${seconds.toFixed(1)} s, ` +
        `${crashes.length} quedas, ${failuresAtKill} chamadas sem resposta nas quedas, ` +
        `${retriedPayments.length} pagamentos repetidos com a mesma chave, ` +
        `${refusedForStock} recusas por estoque`,
    );
    expect(crashes).toHaveLength(2);
    // Each kill cut requests in flight: the test really crashed mid-work.
    expect(failuresAtKill).toBeGreaterThanOrEqual(2);
    expect(paid).toHaveLength(ORDERS);

    // Clients sending a payment again with its key (after a crash, or late) get the first answer
    // and pay nothing twice.
    const replayed = [...retriedPayments, ...paid.filter((_, index) => index % 50 === 0)];
    for (const order of replayed) {
      const again = await call(
        'POST',
        `/api/carrinho/pagamento/${order.orderId}`,
        order.body,
        order.key,
      );
      expectStatus('pagamento repetido', again);
      expect(JSON.parse(again.body)).toEqual(order.answer);
    }

    // A graceful stop, then the database as the server left it.
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    if (sqliteFile) integrity.push(sqliteIntegrity(sqliteFile));
    expect(integrity).toEqual(sqliteFile ? ['ok', 'ok', 'ok'] : []);

    const { db } = openDatabase(database.url);
    try {
      const paidRows = await db
        .selectFrom('orders')
        .select(['id', 'total_cents'])
        .where('state', '=', 'PAGO')
        .orderBy('id')
        .execute();
      // Exactly the orders answered 2xx are paid: none lost, none paid without the client knowing.
      expect(paidRows.map((row) => row.id)).toEqual(
        paid.map((order) => order.orderId).sort((a, b) => a - b),
      );
      const expectedTotal = new Map(paid.map((order) => [order.orderId, order.totalCents]));
      for (const row of paidRows) expect(row.total_cents).toBe(expectedTotal.get(row.id));

      const payments = await db
        .selectFrom('order_payments')
        .select(['order_id', 'amount_cents', 'drawer_session_id'])
        .execute();
      expect(payments).toHaveLength(ORDERS); // one payment row per order: none twice
      for (const payment of payments) {
        expect(payment.amount_cents).toBe(expectedTotal.get(payment.order_id));
        expect(payment.drawer_session_id).not.toBeNull();
      }
      const payTransitions = await db
        .selectFrom('order_transitions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('action', '=', 'pagar')
        .executeTakeFirstOrThrow();
      expect(Number(payTransitions.count)).toBe(ORDERS);
      const keys = await db
        .selectFrom('idempotency_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(keys.count)).toBe(ORDERS);

      // Stock + sold = initial, by the clients' count and by the database's.
      const soldByClients = new Map<number, number>();
      for (const order of paid) {
        for (const item of order.items) {
          soldByClients.set(
            item.produto_id,
            (soldByClients.get(item.produto_id) ?? 0) + item.quantidade,
          );
        }
      }
      for (const product of products) {
        const row = await db
          .selectFrom('products')
          .select('inventory')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow();
        const sold = await db
          .selectFrom('order_items')
          .innerJoin('orders', 'orders.id', 'order_items.order_id')
          .select(sql<number>`coalesce(sum(order_items.quantity), 0)`.as('units'))
          .where('orders.state', '=', 'PAGO')
          .where('order_items.product_id', '=', product.id)
          .executeTakeFirstOrThrow();
        const moved = await db
          .selectFrom('stock_movements')
          .select(sql<number>`coalesce(sum(delta), 0)`.as('delta'))
          .where('product_id', '=', product.id)
          .executeTakeFirstOrThrow();
        const soldUnits = soldByClients.get(product.id) ?? 0;
        expect(row.inventory + soldUnits).toBe(product.inventory);
        expect(Number(sold.units)).toBe(soldUnits);
        expect(Number(moved.delta)).toBe(-soldUnits);
        expect(row.inventory).toBeGreaterThanOrEqual(0);
      }
    } finally {
      await db.destroy();
    }
  }, 600_000);
});
