import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, type OrderDto, type PaymentMethodDto } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  orderOf,
  printedText,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
  openDrawer,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
let customer: { id: number; cpf: string };
let shirt: { id: number; name: string };
let seller: StoreClerk;
let cashier: StoreClerk;
let courier: StoreClerk;
let cash: number;

beforeAll(async () => {
  t = await startTestApp();
  const eventId = await selectNewEvent(t.db);
  customer = await createParticipant(t.db, eventId, { name: 'Joana Lima' });
  const clothes = await createCategory(t.db, 'Produto');
  shirt = await createProduct(t.db, { categoryId: clothes, priceCents: 5000, inventory: 100 });
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  courier = await storeClerk(t, ['Delivery'], { remoteAddress: '10.0.0.20' });
  const methods = (await cashier.call('GET', '/api/carrinho/pagamento')).json<PaymentMethodDto[]>();
  cash = methods.find((method) => method.descricao === 'Dinheiro')!.id_forma_pagamento;
});
afterAll(() => t.close());

/** Two shirts (R$ 100,00), finalized for the customer and paid in cash. */
async function paidOrder(): Promise<number> {
  const id = await seller.newCart();
  orderOf(await seller.update(id, [{ produto_id: shirt.id, desconto: 0, quantidade: 2 }]));
  orderOf(await seller.finalize(id, customer.cpf));
  orderOf(await cashier.pay(id, [{ id_forma_pagamento: cash, valor: 100 }]));
  return id;
}

const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('delivery (Expedição)', () => {
  it('lists paid orders awaiting delivery, oldest payment first, and filters by CPF prefix', async () => {
    const first = await paidOrder();
    t.clock.advance(60);
    const second = await paidOrder();
    const unpaid = await seller.newCart();

    const listed = (await courier.call('GET', '/api/carrinho/entregar')).json<OrderDto[]>();
    const ids = listed.map((order) => order.id);
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids).not.toContain(unpaid);
    expect(listed.every((order) => order.estadoPedido === 'PAGO')).toBe(true);

    const prefix = customer.cpf.slice(0, 4);
    const byCpf = (await courier.call('GET', `/api/carrinho/entregar?cpf=${prefix}`)).json<
      OrderDto[]
    >();
    expect(byCpf.map((order) => order.id)).toEqual(expect.arrayContaining([first, second]));
    const other = (await courier.call('GET', '/api/carrinho/entregar?cpf=000')).json<OrderDto[]>();
    expect(other.map((order) => order.id)).not.toContain(first);
  });

  it('delivers a paid order once, recording who, where and when, and drops it from the list', async () => {
    const id = await paidOrder();
    const delivered = orderOf(await courier.call('POST', `/api/carrinho/entregar/${id}`));
    expect(delivered).toMatchObject({
      estadoPedido: 'ENTREGUE',
      expedidor: courier.username,
      data_entrega: t.clock.now().toISOString(),
    });
    expect(delivered.history.at(-1)).toEqual({
      action: 'entregar',
      from: 'PAGO',
      to: 'ENTREGUE',
      user: courier.username,
      desk: '10.0.0.20',
      at: t.clock.now().toISOString(),
    });

    expect(errorOf(await courier.call('POST', `/api/carrinho/entregar/${id}`))).toEqual({
      status: 409,
      body: { error: 'conflict', error_description: ORDER_TRANSITIONS.entregar.refusal },
    });
    const listed = (await courier.call('GET', '/api/carrinho/entregar')).json<OrderDto[]>();
    expect(listed.map((order) => order.id)).not.toContain(id);
  });

  it('refuses to deliver an unpaid order or an unknown one', async () => {
    const id = await seller.newCart();
    orderOf(await seller.update(id, [{ produto_id: shirt.id, desconto: 0, quantidade: 1 }]));
    expect(errorOf(await courier.call('POST', `/api/carrinho/entregar/${id}`)).status).toBe(409);
    expect(errorOf(await courier.call('POST', '/api/carrinho/entregar/999999'))).toEqual({
      status: 404,
      body: { error: 'not_found', error_description: 'Pedido não encontrado.' },
    });
  });

  it('keeps delivery to the delivery desks: a cashier is refused with 403', async () => {
    const id = await paidOrder();
    expect((await cashier.call('POST', `/api/carrinho/entregar/${id}`)).statusCode).toBe(403);
  });

  it('prints the delivery receipt (Expedição) only once delivered', async () => {
    const id = await paidOrder();
    expect(errorOf(await courier.call('GET', `/api/carrinho/imprimir/expedicao/${id}`))).toEqual({
      status: 409,
      body: { error: 'conflict', error_description: 'O pedido ainda não foi entregue.' },
    });
    orderOf(await courier.call('POST', `/api/carrinho/entregar/${id}`));
    const response = await courier.call('GET', `/api/carrinho/imprimir/expedicao/${id}`);
    const { filename } = response.json<{ filename: string }>();
    expect(filename).toMatch(/^expedicao-.*\.pdf$/);
    const text = await printedText(t.db, filename);
    for (const expected of [String(id), 'Joana Lima', shirt.name, courier.username]) {
      expect(text).toContain(expected);
    }
  });
});
