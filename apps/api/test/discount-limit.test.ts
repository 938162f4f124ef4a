import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountOverLimitMessage, type OrderDto, type UserRow } from '@balcao/contract';
import { bearer, login } from './helpers/fixtures.ts';
import {
  createCategory,
  createProduct,
  orderOf,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
import { ADMIN_PASSWORD, startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
let shirt: { id: number; name: string };
let mug: { id: number; name: string };
let cashier: StoreClerk;
let manager: StoreClerk;
let adminAuth: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  await selectNewEvent(t.db);
  const clothes = await createCategory(t.db, 'Produto');
  shirt = await createProduct(t.db, { categoryId: clothes, priceCents: 5000, inventory: 100 });
  mug = await createProduct(t.db, { categoryId: clothes, priceCents: 1999, inventory: 100 });
  cashier = await storeClerk(t, ['StoreCheckout']);
  manager = await storeClerk(t, ['StoreCheckout']);
  adminAuth = bearer(
    (await login(t.app, { username: t.config.adminUser, password: ADMIN_PASSWORD })).access_token,
  );
});
afterAll(() => t.close());

/** Sets a user's 'Desconto máximo (%)' through the Usuários table, as an administrator does. */
function setLimit(userId: number, limit: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/users/update/${userId}`,
    headers: { ...adminAuth, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `data[${userId}][maxDiscount]=${limit}`,
  });
}

const lines = (shirtPercent: number, quantity = 1) => ({
  items: [
    { produto_id: shirt.id, desconto: shirtPercent, quantidade: quantity },
    { produto_id: mug.id, desconto: 0, quantidade: 1 },
  ],
});

async function discountAudit(orderId: number) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['username', 'entity', 'entity_id', 'before', 'after'])
    .where('action', '=', 'desconto')
    .where('entity_id', '=', String(orderId))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    before: row.before && JSON.parse(row.before),
    after: row.after && JSON.parse(row.after),
  }));
}

describe('discount limit per user', () => {
  it('is 100 % until an administrator lowers it; the user reads it', async () => {
    const limit = await cashier.call('GET', '/api/carrinho/desconto-maximo');
    expect(limit.statusCode).toBe(200);
    expect(limit.json()).toEqual({ desconto_maximo: 100 });

    const saved = await setLimit(cashier.userId, '10');
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: UserRow[] }>().data[0]?.maxDiscount).toBe(10);
    expect((await cashier.call('GET', '/api/carrinho/desconto-maximo')).json()).toEqual({
      desconto_maximo: 10,
    });

    const bad = await setLimit(cashier.userId, '101');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('O desconto máximo deve ser um número inteiro de 0 a 100.');
  });

  it('refuses a line discount over the limit with 403 naming it, and keeps the order as it was', async () => {
    await setLimit(cashier.userId, '10');
    const id = await cashier.newCart();
    orderOf(await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(0)));

    const over = await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(10.5));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      error: 'forbidden',
      error_description: discountOverLimitMessage(10),
    });
    expect(over.json().error_description).toBe('Desconto acima do seu limite de 10%.');
    const info = (await cashier.call('GET', `/api/carrinho/info/${id}`)).json<OrderDto>();
    expect(info.items.map((item) => item.desconto)).toEqual([0, 0]);
    expect(await discountAudit(id)).toEqual([]);

    const within = orderOf(await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(10)));
    expect(within.total).toBe(64.99);
  });

  it("lets a cashier change the quantity of a line someone else discounted beyond the cashier's limit", async () => {
    await setLimit(cashier.userId, '10');
    const id = await manager.newCart();
    orderOf(await manager.call('POST', `/api/carrinho/atualizar/${id}`, lines(50)));
    const fewer = await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(50, 2));
    expect(fewer.statusCode).toBe(200);
    const raised = await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(60, 2));
    expect(raised.statusCode).toBe(403);
  });

  it('records every discount given in the audit: who, order, line and percentage', async () => {
    await setLimit(cashier.userId, '20');
    const id = await cashier.newCart();
    orderOf(await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(0)));
    orderOf(await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(15)));
    // Unchanged discounts (a quantity change) are no new discount.
    orderOf(await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(15, 3)));
    orderOf(await cashier.call('POST', `/api/carrinho/atualizar/${id}`, lines(5, 3)));
    const audit = await discountAudit(id);
    expect(audit).toHaveLength(2);
    expect(audit).toMatchObject([
      {
        username: cashier.username,
        entity: 'orders',
        entity_id: String(id),
        before: { desconto: 0 },
        after: { produto_id: shirt.id, produto: shirt.name, desconto: 15 },
      },
      {
        username: cashier.username,
        entity: 'orders',
        entity_id: String(id),
        before: { desconto: 15 },
        after: { produto_id: shirt.id, produto: shirt.name, desconto: 5 },
      },
    ]);
  });
});
