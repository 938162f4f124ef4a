import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASH_NEEDS_OPEN_DRAWER,
  DRAWER_ALREADY_OPEN,
  DRAWER_NOT_OPEN,
  type DrawerSessionDto,
} from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  orderOf,
  paymentMethodIds,
  printedText,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
let eventId: number;
let customer: { id: number; cpf: string };
let product: { id: number; name: string };
let seller: StoreClerk;
let manager: StoreClerk;
let reports: StoreClerk;
let cash: number;
let pix: number;
let card: number;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  customer = await createParticipant(t.db, eventId);
  product = await createProduct(t.db, {
    categoryId: await createCategory(t.db),
    priceCents: 1000,
    inventory: 1000,
  });
  seller = await storeClerk(t, ['Store']);
  manager = await storeClerk(t, ['System']);
  reports = await storeClerk(t, ['Report']);
  const id = await paymentMethodIds(seller);
  cash = id('Dinheiro');
  pix = id('PIX');
  card = id('Cartão de crédito');
});
afterAll(() => t.close());

/** An order of `units` × R$ 10,00 paid by `cashier` with the given split. */
async function sale(cashier: StoreClerk, units: number, split: [number, number][]) {
  const { id } = await finalizedOrder(seller, customer.cpf, [
    { produto_id: product.id, desconto: 0, quantidade: units },
  ]);
  const pagamentos = split.map(([method, valor]) => ({ id_forma_pagamento: method, valor }));
  orderOf(await cashier.pay(id, pagamentos));
  return id;
}

const method = (session: DrawerSessionDto, methodId: number) =>
  session.formas.find((forma) => forma.id_forma_pagamento === methodId)!;

describe('cash drawer (caixa)', () => {
  it('opens once, expects float + payments − refunds per method, stores the count and prints', async () => {
    const cashier = await storeClerk(t, ['Checkout']);
    expect((await cashier.call('GET', '/api/caixa/atual')).json()).toEqual({ sessao: null });

    const opened = (
      await cashier.call('POST', '/api/caixa/abrir', { troco: 100 })
    ).json<DrawerSessionDto>();
    expect(opened).toMatchObject({
      operador: cashier.username,
      eventId,
      troco: 100,
      fechamento: null,
    });
    expect(method(opened, cash).esperado).toBe(100);
    expect(method(opened, pix).esperado).toBe(0);
    const again = await cashier.call('POST', '/api/caixa/abrir', { troco: 50 });
    expect({ status: again.statusCode, body: again.json() }).toMatchObject({
      status: 409,
      body: { error_description: DRAWER_ALREADY_OPEN },
    });

    await sale(cashier, 3, [[cash, 30]]);
    await sale(cashier, 5, [
      [cash, 20],
      [pix, 30],
    ]);
    const refunded = await sale(cashier, 2, [[card, 20]]);
    orderOf(await manager.call('POST', `/api/carrinho/estornar/${refunded}`, { motivo: 'Troca' }));

    const current = (await cashier.call('GET', '/api/caixa/atual')).json<{
      sessao: DrawerSessionDto;
    }>().sessao;
    expect(method(current, cash)).toMatchObject({ recebido: 50, estornado: 0, esperado: 150 });
    expect(method(current, pix)).toMatchObject({ recebido: 30, esperado: 30 });
    expect(method(current, card)).toMatchObject({ recebido: 20, estornado: 20, esperado: 0 });
    expect(current.esperado).toBe(180);

    const closed = (
      await cashier.call('POST', '/api/caixa/fechar', {
        contado: [
          { id_forma_pagamento: cash, valor: 145.5 },
          { id_forma_pagamento: pix, valor: 30 },
        ],
      })
    ).json<DrawerSessionDto>();
    expect(closed).toMatchObject({
      fechamento: t.clock.now().toISOString(),
      esperado: 180,
      contado: 175.5,
      diferenca: -4.5,
    });
    expect(method(closed, cash)).toMatchObject({ esperado: 150, contado: 145.5, diferenca: -4.5 });
    expect(method(closed, card)).toMatchObject({ esperado: 0, contado: 0, diferenca: 0 });

    const { filename } = closed.impressao as { filename: string };
    const text = await printedText(t.db, filename);
    for (const expected of ['Fechamento de Caixa', cashier.username, 'R$ 150,00', 'R$ 145,50']) {
      expect(text).toContain(expected);
    }

    // Closed: nothing open any more, and a later refund does not change the stored figures.
    expect((await cashier.call('GET', '/api/caixa/atual')).json()).toEqual({ sessao: null });
    const second = await cashier.call('POST', '/api/caixa/fechar', { contado: [] });
    expect(second.json()).toMatchObject({ error_description: DRAWER_NOT_OPEN });
    const sessions = (await reports.call('GET', `/api/caixa/sessoes?eventId=${eventId}`)).json<
      DrawerSessionDto[]
    >();
    const stored = sessions.find((session) => session.id === closed.id)!;
    expect({ ...stored, impressao: closed.impressao }).toEqual(closed);
  });

  it('refuses cash from a cashier without an open drawer; other methods go in no drawer', async () => {
    const cashier = await storeClerk(t, ['Checkout']);
    const { id: unpaid } = await finalizedOrder(seller, customer.cpf, [
      { produto_id: product.id, desconto: 0, quantidade: 2 },
    ]);
    for (const pagamentos of [
      [{ id_forma_pagamento: cash, valor: 20 }],
      [
        { id_forma_pagamento: pix, valor: 10 },
        { id_forma_pagamento: cash, valor: 10 },
      ],
    ]) {
      const refused = await cashier.pay(unpaid, pagamentos);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 409,
        body: { error: 'conflict', error_description: CASH_NEEDS_OPEN_DRAWER },
      });
    }
    const order = orderOf(await cashier.call('GET', `/api/carrinho/info/${unpaid}`));
    expect({ state: order.estadoPedido, payments: order.payments }).toEqual({
      state: 'AGUARDANDO_PAGAMENTO',
      payments: [],
    });

    const id = await sale(cashier, 1, [[pix, 10]]);
    const payment = await t.db
      .selectFrom('order_payments')
      .select('drawer_session_id')
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(payment.drawer_session_id).toBeNull();

    // With the drawer open, cash is taken; after closing it, refused again.
    await cashier.call('POST', '/api/caixa/abrir', { troco: 0 });
    orderOf(await cashier.pay(unpaid, [{ id_forma_pagamento: cash, valor: 20 }]));
    await cashier.call('POST', '/api/caixa/fechar', { contado: [] });
    const { id: later } = await finalizedOrder(seller, customer.cpf, [
      { produto_id: product.id, desconto: 0, quantidade: 1 },
    ]);
    expect((await cashier.pay(later, [{ id_forma_pagamento: cash, valor: 10 }])).statusCode).toBe(
      409,
    );
  });

  it('refuses a float with more than 2 decimals and keeps the sessions list to Report', async () => {
    const cashier = await storeClerk(t, ['Checkout']);
    const response = await cashier.call('POST', '/api/caixa/abrir', { troco: 10.001 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_description: 'Valor de troco inválido: 10.001.',
    });
    expect((await cashier.call('GET', `/api/caixa/sessoes?eventId=${eventId}`)).statusCode).toBe(
      403,
    );
  });
});
