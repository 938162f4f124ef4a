import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoodConfigDto, FoodSalesDto } from '@balcao/contract';
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
  openDrawer,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
let eventId: number;
let customer: { cpf: string };
let food: number;
let drinks: number;
let merch: number;
let meal: { id: number };
let soda: { id: number };
let shirt: { id: number };
let seller: StoreClerk;
let cashier: StoreClerk;
let admin: StoreClerk;
let cash: number;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  customer = await createParticipant(t.db, eventId);
  food = await createCategory(t.db);
  drinks = await createCategory(t.db);
  merch = await createCategory(t.db);
  meal = await createProduct(t.db, { categoryId: food, priceCents: 2000, inventory: 1000 });
  soda = await createProduct(t.db, { categoryId: drinks, priceCents: 500, inventory: 1000 });
  shirt = await createProduct(t.db, { categoryId: merch, priceCents: 5000, inventory: 1000 });
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  admin = await storeClerk(t, ['System']);
  cash = (await paymentMethodIds(cashier))('Dinheiro');
});
afterAll(() => t.close());

async function order(items: [number, number][], paid: boolean): Promise<number> {
  const lines = items.map(([produto_id, quantidade]) => ({ produto_id, quantidade, desconto: 0 }));
  const placed = await finalizedOrder(seller, customer.cpf, lines);
  if (paid) {
    orderOf(await cashier.pay(placed.id, [{ id_forma_pagamento: cash, valor: placed.total }]));
  }
  return placed.id;
}

const config = (body: Partial<FoodConfigDto>) =>
  admin.call('POST', '/api/alimentos/config', {
    offset: 0,
    target: 0,
    refreshInterval: 30,
    categoryIds: [],
    ...body,
  });
const sales = async () => (await admin.call('GET', '/api/alimentos/vendidos')).json<FoodSalesDto>();

describe('food panel (Configurar alimentos)', () => {
  it('starts with defaults and keeps what is saved', async () => {
    expect((await admin.call('GET', '/api/alimentos/config')).json()).toEqual({
      offset: 0,
      target: 0,
      refreshInterval: 30,
      categoryIds: [],
    });
    const saved = await config({
      offset: 5,
      target: 300,
      refreshInterval: 10,
      categoryIds: [food],
    });
    expect(saved.statusCode).toBe(200);
    expect((await admin.call('GET', '/api/alimentos/config')).json()).toEqual({
      offset: 5,
      target: 300,
      refreshInterval: 10,
      categoryIds: [food],
    });
  });

  it('counts units of food categories in paid orders of the selected event, plus the offset', async () => {
    await config({ offset: 5, target: 300, refreshInterval: 10, categoryIds: [food, drinks] });
    expect(await sales()).toMatchObject({ eventId, sold: 0, total: 5, target: 300 });

    await order(
      [
        [meal.id, 3],
        [soda.id, 2],
        [shirt.id, 4],
      ],
      true,
    );
    await order([[meal.id, 7]], false); // awaiting payment: not sold yet
    const refunded = await order([[meal.id, 10]], true);
    expect(await sales()).toMatchObject({ sold: 15, total: 20 });

    const manager = await storeClerk(t, ['System']);
    orderOf(await manager.call('POST', `/api/carrinho/estornar/${refunded}`, { motivo: 'Teste' }));
    expect(await sales()).toMatchObject({ sold: 5, offset: 5, total: 10, refreshInterval: 10 });

    await config({ offset: -2, target: 300, refreshInterval: 10, categoryIds: [food] });
    expect(await sales()).toMatchObject({ sold: 3, total: 1 });
  });

  it('counts nothing for another selected event', async () => {
    await selectNewEvent(t.db);
    expect(await sales()).toMatchObject({ sold: 0, total: -2 });
  });

  it('refuses bad settings with a reason, and other permissions', async () => {
    const bad = await config({ refreshInterval: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request' });
    const negative = await config({ target: -1 });
    expect(negative.statusCode).toBe(400);
    const unknown = await config({ categoryIds: [999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error_description: 'Categoria não encontrada: 999999.',
    });
    expect((await seller.call('GET', '/api/alimentos/config')).statusCode).toBe(403);
    expect((await seller.call('GET', '/api/alimentos/vendidos')).statusCode).toBe(403);
  });

  it('lists the product categories to choose from', async () => {
    const categories = (await admin.call('GET', '/api/alimentos/categorias')).json<
      { id: number }[]
    >();
    expect(categories.map((category) => category.id)).toEqual(
      expect.arrayContaining([food, drinks, merch]),
    );
  });
});
