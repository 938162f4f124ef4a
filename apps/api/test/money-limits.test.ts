import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TOO_LARGE, PAYMENT_TOO_LARGE, type DrawerSessionDto } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  orderOf,
  paymentMethodIds,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * Amounts the API accepts fit its columns on both databases: an order and a payment are at most
 * R$ 1.000.000,00 (a pt-BR 400 names the limit), and a drawer that took more than PostgreSQL's
 * integer holds (R$ 21.474.836,47) still closes.
 */
let t: TestContext;
let seller: StoreClerk;
let cashier: StoreClerk;
let customerCpf: string;
let million: { id: number; name: string };
let cheap: { id: number; name: string };
let cash: number;

beforeAll(async () => {
  t = await startTestApp();
  const eventId = await selectNewEvent(t.db);
  customerCpf = (await createParticipant(t.db, eventId)).cpf;
  const categoryId = await createCategory(t.db);
  million = await createProduct(t.db, { categoryId, priceCents: 100_000_000, inventory: 1000 });
  cheap = await createProduct(t.db, { categoryId, priceCents: 1000, inventory: 1000 });
  seller = await storeClerk(t, ['Store']);
  cashier = await storeClerk(t, ['Checkout']);
  cash = (await paymentMethodIds(seller))('Dinheiro');
});
afterAll(() => t.close());

const refusal = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('money limits', () => {
  it('refuses a cart above R$ 1.000.000,00 with a 400 naming the limit, changing nothing', async () => {
    const id = await seller.newCart();
    orderOf(await seller.update(id, [{ produto_id: cheap.id, desconto: 0, quantidade: 2 }]));
    const tooBig = await seller.update(id, [
      { produto_id: million.id, desconto: 0, quantidade: 22 },
    ]);
    expect(refusal(tooBig)).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: ORDER_TOO_LARGE },
    });
    expect(ORDER_TOO_LARGE).toBe('O total do pedido não pode passar de R$ 1.000.000,00.');
    // A discount does not lift the limit: the lines' prices are what is bounded.
    const discounted = await seller.update(id, [
      { produto_id: million.id, desconto: 100, quantidade: 30 },
    ]);
    expect(discounted.statusCode).toBe(400);
    const order = orderOf(await seller.call('GET', `/api/carrinho/info/${id}`));
    expect(order.total).toBe(20);
    // Exactly the limit is fine.
    const atLimit = orderOf(
      await seller.update(id, [{ produto_id: million.id, desconto: 0, quantidade: 1 }]),
    );
    expect(atLimit.total).toBe(1_000_000);
  });

  it('refuses merging carts whose lines add up past the limit', async () => {
    const carts: number[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await finalizedOrder(seller, customerCpf, [
        { produto_id: million.id, desconto: 0, quantidade: 1 },
      ]);
      carts.push(order.id);
    }
    const merged = await seller.call('POST', '/api/carrinho/unificar', {
      id_cliente: customerCpf,
      carrinhos: carts,
    });
    expect(refusal(merged)).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: ORDER_TOO_LARGE },
    });
  });

  it('refuses a payment line above R$ 1.000.000,00', async () => {
    const order = await finalizedOrder(seller, customerCpf, [
      { produto_id: cheap.id, desconto: 0, quantidade: 1 },
    ]);
    const response = await cashier.pay(order.id, [
      { id_forma_pagamento: cash, valor: 1_000_000.01 },
    ]);
    expect(refusal(response)).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: PAYMENT_TOO_LARGE },
    });
  });

  it('closes a drawer that took and counted more than R$ 21.474.836,47', async () => {
    const till = await storeClerk(t, ['Checkout']);
    expect((await till.call('POST', '/api/caixa/abrir', { troco: 0 })).statusCode).toBe(200);
    for (let i = 0; i < 22; i++) {
      const order = await finalizedOrder(seller, customerCpf, [
        { produto_id: million.id, desconto: 0, quantidade: 1 },
      ]);
      const paid = orderOf(
        await till.pay(order.id, [{ id_forma_pagamento: cash, valor: 1_000_000 }]),
      );
      expect(paid.estadoPedido).toBe('PAGO');
    }
    const current = (await till.call('GET', '/api/caixa/atual')).json<{
      sessao: DrawerSessionDto;
    }>();
    expect(current.sessao.esperado).toBe(22_000_000);

    const contado = Array.from({ length: 3 }, () => ({
      id_forma_pagamento: cash,
      valor: 10_000_000,
    }));
    const closed = await till.call('POST', '/api/caixa/fechar', { contado });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<DrawerSessionDto>()).toMatchObject({
      esperado: 22_000_000,
      contado: 30_000_000,
      diferenca: 8_000_000,
    });
    // The cashier is not stuck: a new drawer opens.
    expect((await till.call('POST', '/api/caixa/abrir', { troco: 0 })).statusCode).toBe(200);
  });
});
