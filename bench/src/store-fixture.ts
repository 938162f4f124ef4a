import type { Kysely } from 'kysely';
import { CASH_METHOD_NAME, orderAmounts, toReais, withCheckDigits } from '@balcao/contract';
import type { Database } from '@balcao/api/src/db/types.ts';

const PRODUCTS = 20;
const PRICE_CENTS = 4_990;
/** Customers the orders are spread over: a desk serves a queue of different people, and the
 * buyers' report keeps a row per (product, buyer), so one customer would make every sale share it. */
const CUSTOMERS = 1_000;

/** The CPF of the customer of order `i`. */
export const customerCpf = (i: number): string =>
  withCheckDigits(String(100_000_000 + (i % CUSTOMERS) * 7_919).slice(0, 9));

/** Every order: one unit of one product and two of the next at 10 % off. */
export const ORDER_TOTAL = toReais(
  orderAmounts([
    { unitPrice: PRICE_CENTS, quantity: 1, discountPercent: 0 },
    { unitPrice: PRICE_CENTS, quantity: 2, discountPercent: 10 },
  ]).net,
);

/**
 * What the store benchmarks sell: the event selected, 1 000 customers, 20 products with stock to
 * spare (in a new product category, named uniquely when a kept database already has one);
 * returns the cart lines of order `i` (spread over the products) and its payment body.
 */
export async function prepareStore(db: Kysely<Database>, eventId: number, category = 'Bench') {
  const stamp = new Date().toISOString();
  await db.updateTable('events').set({ selected: true }).where('id', '=', eventId).execute();
  await db
    .insertInto('participants')
    .values(
      Array.from({ length: CUSTOMERS }, (_, i) => ({
        event_id: eventId,
        cpf: customerCpf(i),
        name: `Cliente ${i} do bench`,
        status: 'OK',
        date_created: stamp,
        date_updated: stamp,
      })),
    )
    .execute();
  const { id: categoryId } = await db
    .insertInto('product_categories')
    .values({ name: category, type: 'Produto', date_created: stamp, date_updated: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const products = await db
    .insertInto('products')
    .values(
      Array.from({ length: PRODUCTS }, (_, i) => ({
        name: `Produto ${i}`,
        category_id: categoryId,
        price_cents: PRICE_CENTS,
        inventory: 10_000_000,
        date_created: stamp,
        date_updated: stamp,
      })),
    )
    .returning('id')
    .execute();
  // A card: cash needs the cashier's open drawer, which the benches' cashiers do not open.
  const method = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('name', '<>', CASH_METHOD_NAME)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  return {
    adminId: admin.id,
    methodId: method.id,
    items: (i: number) => [
      { produto_id: products[i % PRODUCTS]!.id, desconto: 0, quantidade: 1 },
      { produto_id: products[(i + 1) % PRODUCTS]!.id, desconto: 10, quantidade: 2 },
    ],
    payment: { pagamentos: [{ id_forma_pagamento: method.id, valor: ORDER_TOTAL }] },
  };
}
