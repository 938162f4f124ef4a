import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_REGISTERED_MESSAGE,
  ORDER_TRANSITIONS,
  UNIFY_NEEDS_TWO,
  UNIFY_OTHER_EVENT,
  maskCpf,
  stockShortageMessage,
  unifyOtherCustomerMessage,
  type CartUpdateItem,
  type PaymentMethodDto,
} from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  inventoryOf,
  orderOf,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
  openDrawer,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
let eventId: number;
let customer: { id: number; cpf: string };
let other: { id: number; cpf: string };
let shirt: { id: number; name: string };
let mug: { id: number; name: string };
let rare: { id: number; name: string };
let seller: StoreClerk;
let cashier: StoreClerk;
let cash: number;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  customer = await createParticipant(t.db, eventId, { name: 'Ana Prado' });
  other = await createParticipant(t.db, eventId, { name: 'Bruno Reis' });
  const clothes = await createCategory(t.db, 'Produto');
  shirt = await createProduct(t.db, { categoryId: clothes, priceCents: 5000, inventory: 100 });
  mug = await createProduct(t.db, { categoryId: clothes, priceCents: 2000, inventory: 100 });
  rare = await createProduct(t.db, { categoryId: clothes, priceCents: 1000, inventory: 3 });
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  const methods = (await cashier.call('GET', '/api/carrinho/pagamento')).json<PaymentMethodDto[]>();
  cash = methods.find((method) => method.descricao === 'Dinheiro')!.id_forma_pagamento;
});
afterAll(() => t.close());

async function cart(items: CartUpdateItem[], cpf?: string): Promise<number> {
  const id = await seller.newCart();
  orderOf(await seller.update(id, items));
  if (cpf) orderOf(await seller.finalize(id, cpf));
  return id;
}

const unify = (idCliente: string | number, carrinhos: number[]) =>
  seller.call('POST', '/api/carrinho/unificar', { id_cliente: idCliente, carrinhos });

const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  description: (response.json() as { error_description?: string }).error_description,
});

describe('unifying a customer’s carts', () => {
  it('adds the quantities into the first cart, for the customer, and removes the others', async () => {
    const first = await cart(
      [
        { produto_id: shirt.id, desconto: 10, quantidade: 1 },
        { produto_id: mug.id, desconto: 0, quantidade: 1 },
      ],
      customer.cpf,
    );
    const second = await cart([
      { produto_id: mug.id, desconto: 50, quantidade: 2 },
      { produto_id: rare.id, desconto: 0, quantidade: 1 },
    ]);

    const merged = orderOf(await unify(customer.cpf, [first, second]));
    expect(merged).toMatchObject({
      id: first,
      estadoPedido: 'AGUARDANDO_PAGAMENTO',
      cpf: maskCpf(customer.cpf), // the cashier lacks Participant (issue #17)
      nome: 'Ana Prado',
      // 45,00 (shirt at 10 %) + 60,00 (3 mugs at the first cart's 0 %) + 10,00
      total: 115,
    });
    expect(
      merged.items.map((item) => [item.id_produto, item.quantidade, item.desconto, item.total]),
    ).toEqual([
      [shirt.id, 1, 10, 45],
      [mug.id, 3, 0, 60],
      [rare.id, 1, 0, 10],
    ]);

    const removed = orderOf(await seller.call('GET', `/api/carrinho/info/${second}`));
    expect(removed.estadoPedido).toBe('REMOVIDO');
    expect(removed.history.at(-1)).toMatchObject({
      action: 'unificar',
      from: 'CARRINHO',
      to: 'REMOVIDO',
      user: seller.username,
    });
    // The merged order is paid like any other.
    const paid = orderOf(await cashier.pay(first, [{ id_forma_pagamento: cash, valor: 115 }]));
    expect(paid.estadoPedido).toBe('PAGO');
  });

  it('finalizes a first cart that had no customer yet, by participant id', async () => {
    const first = await cart([{ produto_id: shirt.id, desconto: 0, quantidade: 1 }]);
    const second = await cart([{ produto_id: shirt.id, desconto: 0, quantidade: 2 }], customer.cpf);
    const merged = orderOf(await unify(customer.id, [first, second]));
    expect(merged).toMatchObject({ estadoPedido: 'AGUARDANDO_PAGAMENTO', total: 150 });
    expect(merged.history.at(-1)).toMatchObject({
      action: 'finalizar',
      to: 'AGUARDANDO_PAGAMENTO',
    });
  });

  it('refuses, changing nothing, what cannot be merged', async () => {
    const mine = await cart([{ produto_id: shirt.id, desconto: 0, quantidade: 1 }], customer.cpf);
    const theirs = await cart([{ produto_id: mug.id, desconto: 0, quantidade: 1 }], other.cpf);
    const loose = await cart([{ produto_id: mug.id, desconto: 0, quantidade: 1 }]);
    const paid = await cart([{ produto_id: mug.id, desconto: 0, quantidade: 1 }], customer.cpf);
    orderOf(await cashier.pay(paid, [{ id_forma_pagamento: cash, valor: 20 }]));
    const stockA = await cart([{ produto_id: rare.id, desconto: 0, quantidade: 2 }]);
    const stockB = await cart([{ produto_id: rare.id, desconto: 0, quantidade: 2 }]);

    expect(errorOf(await unify(customer.cpf, [mine]))).toEqual({
      status: 400,
      description: UNIFY_NEEDS_TWO,
    });
    expect(errorOf(await unify(customer.cpf, [mine, mine]))).toEqual({
      status: 400,
      description: UNIFY_NEEDS_TWO,
    });
    expect(errorOf(await unify('123.456.789-00', [mine, loose]))).toEqual({
      status: 400,
      description: 'cpf invalido',
    });
    expect(errorOf(await unify(999999, [mine, loose]))).toEqual({
      status: 404,
      description: NOT_REGISTERED_MESSAGE,
    });
    expect(errorOf(await unify(customer.cpf, [mine, 999999]))).toEqual({
      status: 404,
      description: 'Pedido não encontrado.',
    });
    expect(errorOf(await unify(customer.cpf, [mine, theirs]))).toEqual({
      status: 409,
      description: unifyOtherCustomerMessage(theirs),
    });
    expect(errorOf(await unify(customer.cpf, [mine, paid]))).toEqual({
      status: 409,
      description: ORDER_TRANSITIONS.unificar.refusal,
    });
    expect(errorOf(await unify(customer.cpf, [stockA, stockB]))).toEqual({
      status: 409,
      description: stockShortageMessage(rare.name, await inventoryOf(t.db, rare.id)),
    });

    const elsewhere = await selectNewEvent(t.db);
    await createParticipant(t.db, elsewhere, { cpf: customer.cpf, name: 'Ana Prado' });
    const later = await seller.newCart();
    expect(errorOf(await unify(customer.cpf, [mine, later]))).toEqual({
      status: 409,
      description: UNIFY_OTHER_EVENT,
    });
    await t.db.updateTable('events').set({ selected: false }).execute();
    await t.db.updateTable('events').set({ selected: true }).where('id', '=', eventId).execute();

    for (const id of [mine, loose, stockA, stockB]) {
      const order = orderOf(await seller.call('GET', `/api/carrinho/info/${id}`));
      expect(order.estadoPedido, `pedido ${id}`).not.toBe('REMOVIDO');
    }
    const stillMine = orderOf(await seller.call('GET', `/api/carrinho/info/${mine}`));
    expect(stillMine.items.map((item) => item.quantidade)).toEqual([1]);
  });

  it('answers two desks merging the same carts in opposite orders with 200 and 409, never 500', async () => {
    const other = await storeClerk(t, ['Store']);
    const statuses: number[][] = [];
    for (let trial = 0; trial < 10; trial++) {
      const a = await cart([{ produto_id: shirt.id, desconto: 0, quantidade: 1 }], customer.cpf);
      const b = await cart([{ produto_id: mug.id, desconto: 0, quantidade: 1 }], customer.cpf);
      const answers = await Promise.all([
        unify(customer.cpf, [a, b]),
        other.call('POST', '/api/carrinho/unificar', {
          id_cliente: customer.cpf,
          carrinhos: [b, a],
        }),
      ]);
      statuses.push(answers.map((answer) => answer.statusCode).sort());
      const refused = answers.find((answer) => answer.statusCode !== 200);
      if (refused) {
        expect(refused.json()).toMatchObject({
          error_description: ORDER_TRANSITIONS.unificar.refusal,
        });
      }
    }
    expect(statuses).toEqual(Array(10).fill([200, 409]));
  });
});
