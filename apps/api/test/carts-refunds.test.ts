import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_OTHER_EVENT,
  ORDER_TRANSITIONS,
  REFUND_REASON_REQUIRED,
  type OrderDto,
  type PaymentMethodDto,
} from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  inventoryOf,
  orderOf,
  selectNewEvent,
  whileAnotherEventSelected,
  storeClerk,
  type StoreClerk,
  openDrawer,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
let customer: { id: number; cpf: string };
let shirt: { id: number; name: string };
let mug: { id: number; name: string };
let seller: StoreClerk;
let cashier: StoreClerk;
let courier: StoreClerk;
let manager: StoreClerk;
let cash: number;

beforeAll(async () => {
  t = await startTestApp();
  const eventId = await selectNewEvent(t.db);
  customer = await createParticipant(t.db, eventId, { name: 'Rita Alves' });
  const clothes = await createCategory(t.db, 'Produto');
  shirt = await createProduct(t.db, { categoryId: clothes, priceCents: 5000, inventory: 100 });
  mug = await createProduct(t.db, { categoryId: clothes, priceCents: 2000, inventory: 100 });
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  courier = await storeClerk(t, ['Delivery']);
  manager = await storeClerk(t, ['System'], { remoteAddress: '10.0.0.30' });
  const methods = (await cashier.call('GET', '/api/carrinho/pagamento')).json<PaymentMethodDto[]>();
  cash = methods.find((method) => method.descricao === 'Dinheiro')!.id_forma_pagamento;
});
afterAll(() => t.close());

/** Two shirts and three mugs (R$ 160,00), paid in cash. */
async function paidOrder(): Promise<number> {
  const id = await seller.newCart();
  orderOf(
    await seller.update(id, [
      { produto_id: shirt.id, desconto: 0, quantidade: 2 },
      { produto_id: mug.id, desconto: 0, quantidade: 3 },
    ]),
  );
  orderOf(await seller.finalize(id, customer.cpf));
  orderOf(await cashier.pay(id, [{ id_forma_pagamento: cash, valor: 160 }]));
  return id;
}

const refund = (id: number, motivo?: string, key?: string) =>
  manager.call(
    'POST',
    `/api/carrinho/estornar/${id}`,
    motivo === undefined ? {} : { motivo },
    key === undefined ? {} : { 'idempotency-key': key },
  );

const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

const refundMovements = (id: number) =>
  t.db
    .selectFrom('stock_movements')
    .select(['product_id', 'delta'])
    .where('reason', '=', `Estorno: pedido ${id}`)
    .orderBy('product_id')
    .execute();

describe('paid orders and refunds (Pedidos pagos)', () => {
  it('refunds a paid order: ESTORNADO with who, when and why, every unit back in stock', async () => {
    const id = await paidOrder();
    const [shirts, mugs] = [await inventoryOf(t.db, shirt.id), await inventoryOf(t.db, mug.id)];

    const refunded = orderOf(await refund(id, '  Cliente desistiu  '));
    expect(refunded).toMatchObject({
      estadoPedido: 'ESTORNADO',
      motivo_estorno: 'Cliente desistiu',
    });
    expect(refunded.history.at(-1)).toEqual({
      action: 'estornar',
      from: 'PAGO',
      to: 'ESTORNADO',
      user: manager.username,
      desk: '10.0.0.30',
      at: t.clock.now().toISOString(),
    });
    expect(await inventoryOf(t.db, shirt.id)).toBe(shirts + 2);
    expect(await inventoryOf(t.db, mug.id)).toBe(mugs + 3);
    expect(await refundMovements(id)).toEqual(
      [
        { product_id: shirt.id, delta: 2 },
        { product_id: mug.id, delta: 3 },
      ].sort((a, b) => a.product_id - b.product_id),
    );
  });

  it('refunds a delivered order too, and refuses a second refund without returning stock twice', async () => {
    const id = await paidOrder();
    orderOf(await courier.call('POST', `/api/carrinho/entregar/${id}`));
    expect(orderOf(await refund(id, 'Defeito')).history.at(-1)).toMatchObject({
      from: 'ENTREGUE',
      to: 'ESTORNADO',
    });
    const shirts = await inventoryOf(t.db, shirt.id);
    expect(errorOf(await refund(id, 'Defeito'))).toEqual({
      status: 409,
      body: { error: 'conflict', error_description: ORDER_TRANSITIONS.estornar.refusal },
    });
    expect(await inventoryOf(t.db, shirt.id)).toBe(shirts);
    expect(await refundMovements(id)).toHaveLength(2);
  });

  it('refuses to refund or deliver an order of another event than the selected one', async () => {
    const id = await paidOrder();
    const shirts = await inventoryOf(t.db, shirt.id);
    await whileAnotherEventSelected(t.db, async () => {
      const otherEvent = {
        status: 409,
        body: { error: 'conflict', error_description: ORDER_OTHER_EVENT },
      };
      expect(errorOf(await refund(id, 'Outro evento'))).toEqual(otherEvent);
      expect(errorOf(await courier.call('POST', `/api/carrinho/entregar/${id}`))).toEqual(
        otherEvent,
      );
    });
    expect(orderOf(await seller.call('GET', `/api/carrinho/info/${id}`)).estadoPedido).toBe('PAGO');
    expect(await inventoryOf(t.db, shirt.id)).toBe(shirts);
  });

  it('refuses to refund an order that was never paid, and asks for a reason', async () => {
    const id = await seller.newCart();
    orderOf(await seller.update(id, [{ produto_id: shirt.id, desconto: 0, quantidade: 1 }]));
    expect(errorOf(await refund(id, 'Teste')).status).toBe(409);
    const paid = await paidOrder();
    for (const motivo of [undefined, '   ']) {
      expect(errorOf(await refund(paid, motivo))).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: REFUND_REASON_REQUIRED },
      });
    }
    expect(orderOf(await manager.call('GET', `/api/carrinho/info/${paid}`)).estadoPedido).toBe(
      'PAGO',
    );
  });

  it('answers a retried refund with the same Idempotency-Key once, returning stock once', async () => {
    const id = await paidOrder();
    const shirts = await inventoryOf(t.db, shirt.id);
    const first = orderOf(await refund(id, 'Duplicado', `estorno-${id}`));
    const again = orderOf(await refund(id, 'Duplicado', `estorno-${id}`));
    expect(again).toEqual(first);
    expect(await inventoryOf(t.db, shirt.id)).toBe(shirts + 2);
    expect(await refundMovements(id)).toHaveLength(2);

    const other = await paidOrder();
    expect(errorOf(await refund(other, 'Duplicado', `estorno-${id}`))).toEqual({
      status: 409,
      body: {
        error: 'conflict',
        error_description: 'Esta Idempotency-Key já foi usada em outro pagamento.',
      },
    });
  });

  it('answers two keyed refunds arriving at once with one refund', async () => {
    const id = await paidOrder();
    const mugs = await inventoryOf(t.db, mug.id);
    const [a, b] = await Promise.all([
      refund(id, 'Duplo clique', `duplo-${id}`),
      refund(id, 'Duplo clique', `duplo-${id}`),
    ]);
    expect(orderOf(a)).toEqual(orderOf(b));
    expect(await inventoryOf(t.db, mug.id)).toBe(mugs + 3);
    expect(await refundMovements(id)).toHaveLength(2);
  });

  it('keeps refunds to System: a cashier is refused with 403', async () => {
    const id = await paidOrder();
    expect(
      (await cashier.call('POST', `/api/carrinho/estornar/${id}`, { motivo: 'x' })).statusCode,
    ).toBe(403);
  });

  it('lists paid, delivered and refunded orders (flagged), newest payment first, by CPF prefix', async () => {
    const paid = await paidOrder();
    t.clock.advance(60);
    const delivered = await paidOrder();
    orderOf(await courier.call('POST', `/api/carrinho/entregar/${delivered}`));
    t.clock.advance(60);
    const refunded = await paidOrder();
    orderOf(await refund(refunded, 'Desistência'));
    const open = await seller.newCart();

    const listed = (await manager.call('GET', '/api/carrinho/pagos')).json<OrderDto[]>();
    const ids = listed.map((order) => order.id);
    expect(ids).not.toContain(open);
    expect(ids.indexOf(refunded)).toBeLessThan(ids.indexOf(delivered));
    expect(ids.indexOf(delivered)).toBeLessThan(ids.indexOf(paid));
    const byId = new Map(listed.map((order) => [order.id, order]));
    expect(byId.get(paid)?.estadoPedido).toBe('PAGO');
    expect(byId.get(delivered)?.estadoPedido).toBe('ENTREGUE');
    expect(byId.get(refunded)).toMatchObject({
      estadoPedido: 'ESTORNADO',
      motivo_estorno: 'Desistência',
    });

    const prefix = customer.cpf.slice(0, 3);
    const filtered = (await manager.call('GET', `/api/carrinho/pagos?cpf=${prefix}`)).json<
      OrderDto[]
    >();
    expect(filtered.map((order) => order.id)).toEqual(expect.arrayContaining([paid, refunded]));
    const none = (await manager.call('GET', '/api/carrinho/pagos?cpf=0000000')).json<OrderDto[]>();
    expect(none.map((order) => order.id)).not.toContain(paid);
  });
});
