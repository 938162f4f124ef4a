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
import { startTestApp, type TestContext } from './helpers/test-app.ts';

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

describe('truly saturated (stalls of 300 ms, limit 100 ms)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ config: { maxEventLoopDelay: 100 } });
  });
  afterAll(() => t.close());

  const events = () => t.app.inject({ method: 'GET', url: '/api/events/list' });

  it('answers 503 in Portuguese while the event loop is saturated, and serves again after', async () => {
    expect((await events()).statusCode).toBe(401); // served: it only lacks a token
    await busy(300, 6);
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

    await busy(1200, 2); // stalls past the limit: everything but money is shed
    const [other, payment] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/events/list' }),
      cashier.pay(cart, [{ id_forma_pagamento: methods[0]!.id_forma_pagamento, valor: 50 }]),
    ]);
    expect(other.json()).toEqual(OVERLOADED);
    expect(orderOf(payment).estadoPedido).toBe('PAGO');
  });
});
