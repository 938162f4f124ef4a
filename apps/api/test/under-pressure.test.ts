import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodDto } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  orderOf,
  selectNewEvent,
  storeClerk,
} from './helpers/store.ts';
import { httpCall, startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/** Keeps the event loop busy in `stretchMs` stretches, giving it one turn between each. */
async function busy(stretchMs: number, rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const until = Date.now() + stretchMs;
    while (Date.now() < until); // busy, like a heavy request
    await nextTurn();
  }
}

const OVERLOADED = {
  error: 'service_unavailable',
  error_description: 'O servidor está sobrecarregado. Tente novamente em alguns segundos.',
};

describe('truly saturated (3 s of 300 ms stalls, limit 100 ms)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ config: { maxEventLoopDelay: 100 } });
  });
  afterAll(() => t.close());

  const events = () => t.app.inject({ method: 'GET', url: '/api/events/list' });

  it('answers 503 in Portuguese while the event loop is saturated, and serves again after', async () => {
    expect((await events()).statusCode).toBe(401); // served: it only lacks a token
    await busy(300, 10);
    const refused = await events();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(OVERLOADED);
    expect(refused.headers['retry-after']).toBe('5');
    await sleep(1200);
    expect((await events()).statusCode).toBe(401);
  });
});

describe('limit 1,000 ms', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ config: { maxEventLoopDelay: 1000 } });
  });
  afterAll(() => t.close());

  it('serves every request while its stalls (200 ms) stay under the limit: no false "sobrecarregado"', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      await busy(200, 1);
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/events/list' })).statusCode);
    }
    expect(statuses.filter((status) => status === 503)).toEqual([]);
  });

  it('serves right after one long job: a stall with an idle loop around it is no overload', async () => {
    await sleep(2100);
    await busy(1200, 1);
    await sleep(30); // the probe's verdict on the window the stall ended in
    expect((await t.app.inject({ method: 'GET', url: '/api/events/list' })).statusCode).toBe(401);
  });

  it('still takes a payment at the till while it sheds everything else', async () => {
    const eventId = await selectNewEvent(t.db);
    const customer = await createParticipant(t.db, eventId);
    const product = await createProduct(t.db, {
      categoryId: await createCategory(t.db),
      priceCents: 5000,
      inventory: 10,
    });
    const seller = await storeClerk(t, ['Store']);
    const cashier = await storeClerk(t, ['Checkout']);
    const methods = (await cashier.call('GET', '/api/carrinho/pagamento')).json<
      PaymentMethodDto[]
    >();
    const cart = await seller.newCart();
    orderOf(await seller.update(cart, [{ produto_id: product.id, desconto: 0, quantidade: 1 }]));
    orderOf(await seller.finalize(cart, customer.cpf));

    await busy(1200, 2); // 2.4 s of stalls past the limit: everything but money is shed
    await sleep(30); // the probe's verdict on the window the stall ended in
    const [other, payment] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/events/list' }),
      cashier.pay(cart, [{ id_forma_pagamento: methods[0]!.id_forma_pagamento, valor: 50 }]),
    ]);
    expect(other.json()).toEqual(OVERLOADED);
    expect(orderOf(payment).estadoPedido).toBe('PAGO');
  });
});

describe('a paused process (a VM or a starved CPU), limit 500 ms', { timeout: 90_000 }, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess(database.url, { MAX_EVENT_LOOP_DELAY_MS: '500' });
  });
  afterAll(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    await database.drop();
  });

  it('serves the requests that waited through the pause, and logs no overload', async () => {
    await sleep(2100); // idle, as a desk server mostly is
    server.child.kill('SIGSTOP');
    // Sent while the process is stopped: on waking its timer reports the 1.5 s gap first, then
    // these arrive, exactly when a late timer alone would have refused them.
    const waiting = Array.from({ length: 5 }, () =>
      httpCall(server.url, 'GET', '/api/events/list'),
    );
    await sleep(1500);
    server.child.kill('SIGCONT');
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([
      401, 401, 401, 401, 401,
    ]);
    expect(server.output()).not.toContain('sobrecarregado');
  });
});
