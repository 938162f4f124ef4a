import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, type OrderDto } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  openDrawer,
  orderOf,
  paymentMethodIds,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { openMigratedTo } from './helpers/test-database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

// Issue 23, item 13: an Idempotency-Key is its sender's own.
let t: TestContext;
let seller: StoreClerk;
let ana: StoreClerk;
let bruno: StoreClerk;
let cash: number;
let product: { id: number };
let customers: { cpf: string }[];

beforeAll(async () => {
  t = await startTestApp();
  const eventId = await selectNewEvent(t.db);
  product = await createProduct(t.db, {
    categoryId: await createCategory(t.db),
    priceCents: 2000,
    inventory: 1000,
  });
  customers = [
    await createParticipant(t.db, eventId, { name: 'Cliente da Ana' }),
    await createParticipant(t.db, eventId, { name: 'Cliente do Bruno' }),
  ];
  seller = await storeClerk(t, ['Store']);
  ana = await openDrawer(await storeClerk(t, ['Checkout']));
  bruno = await openDrawer(await storeClerk(t, ['Checkout']));
  cash = (await paymentMethodIds(ana))('Dinheiro');
});
afterAll(() => t.close());

const orderFor = async (customer: { cpf: string }): Promise<OrderDto> =>
  finalizedOrder(seller, customer.cpf, [{ produto_id: product.id, quantidade: 1, desconto: 0 }]);
const pay = (clerk: StoreClerk, order: OrderDto, key: string) =>
  clerk.pay(order.id, [{ id_forma_pagamento: cash, valor: 20 }], key);
const paymentsOf = async (orderId: number) =>
  (await t.db.selectFrom('order_payments').select('id').where('order_id', '=', orderId).execute())
    .length;

describe('Idempotency-Key per user', () => {
  it("never answers a second cashier with the first one's stored order", async () => {
    const [anaCustomer] = customers;
    const order = await orderFor(anaCustomer!);
    const first = orderOf(await pay(ana, order, 'caixa-1'));
    // Bruno sends the same key and body: his own outcome (the order is paid already), not Ana's answer.
    const second = await pay(bruno, order, 'caixa-1');
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toEqual({
      error: 'conflict',
      error_description: ORDER_TRANSITIONS.pagar.refusal,
    });
    expect(second.body).not.toContain(anaCustomer!.cpf);
    expect(await paymentsOf(order.id)).toBe(1);
    // Ana's retry still gets her first answer.
    expect(orderOf(await pay(ana, order, 'caixa-1'))).toEqual(first);
  });

  it('lets two cashiers use the same key for their own payments, each replayed to its sender', async () => {
    const [anaOrder, brunoOrder] = [await orderFor(customers[0]!), await orderFor(customers[1]!)];
    const [a, b] = await Promise.all([
      pay(ana, anaOrder, 'mesma-chave'),
      pay(bruno, brunoOrder, 'mesma-chave'),
    ]);
    expect(orderOf(a)).toMatchObject({ id: anaOrder.id, estadoPedido: 'PAGO' });
    expect(orderOf(b)).toMatchObject({ id: brunoOrder.id, estadoPedido: 'PAGO' });
    expect(await paymentsOf(anaOrder.id)).toBe(1);
    expect(await paymentsOf(brunoOrder.id)).toBe(1);
    expect(orderOf(await pay(ana, anaOrder, 'mesma-chave')).id).toBe(anaOrder.id);
    expect(orderOf(await pay(bruno, brunoOrder, 'mesma-chave')).id).toBe(brunoOrder.id);
    // Within one user the key still means one request: another order with it is refused.
    const other = await orderFor(customers[0]!);
    const reused = await pay(ana, other, 'mesma-chave');
    expect(reused.statusCode).toBe(409);
    expect(await paymentsOf(other.id)).toBe(0);
  });
});

describe('migration 20261125130000_idempotency_keys_per_user', () => {
  it('keeps the stored answers, each with its user and the order it answered', async () => {
    const old = await openMigratedTo('20261125110000_report_shards');
    const { db, dialect } = old;
    try {
      const stamp = '2026-11-25T10:00:00.000Z';
      const { id: userId } = await db
        .insertInto('users')
        .values({
          username: 'caixa',
          name: 'Caixa',
          password_hash: 'x',
          date_created: stamp,
          date_updated: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: eventId } = await db
        .insertInto('events')
        .values({ name: 'Evento antigo', date_created: stamp, date_updated: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: orderId } = await db
        .insertInto('orders')
        .values({ event_id: eventId, state: 'PAGO', created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = JSON.stringify({ id: orderId, estadoPedido: 'PAGO', cpf: null });
      await sql`insert into idempotency_keys
          (key, user_id, request_hash, status_code, response, created_at)
        values ('antiga', ${userId}, 'hash', 200, ${response}, ${stamp})`.execute(db);

      expect(await migrateToLatest(db, dialect)).toContain(
        '20261125130000_idempotency_keys_per_user',
      );

      expect(await db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([
        {
          user_id: userId,
          key: 'antiga',
          order_id: orderId,
          request_hash: 'hash',
          status_code: 200,
          response,
          created_at: stamp,
        },
      ]);
    } finally {
      await old.close();
    }
  });
});
