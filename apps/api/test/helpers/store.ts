import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  CartUpdateItem,
  OrderDto,
  PaymentEntry,
  PaymentMethodDto,
  Permission,
} from '@balcao/contract';
import type { Database } from '../../src/db/types.ts';
import type { ProductType } from '../../src/db/tables/products.ts';
import { bearer, createEvent, createUser, login, uniqueName } from './fixtures.ts';
import { readPdf } from './pdf-text.ts';
import type { TestContext } from './test-app.ts';

const STAMP = '2025-03-01T12:00:00.000Z';

export async function createCategory(
  db: Kysely<Database>,
  type: ProductType = 'Produto',
  name = uniqueName('Categoria '),
): Promise<number> {
  const { id } = await db
    .insertInto('product_categories')
    .values({ name, type, date_created: STAMP, date_updated: STAMP })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface ProductFixture {
  categoryId: number;
  priceCents?: number;
  inventory?: number;
  name?: string;
  codTotvs?: string | null;
}

export async function createProduct(db: Kysely<Database>, fixture: ProductFixture) {
  const name = fixture.name ?? uniqueName('Produto ');
  const { id } = await db
    .insertInto('products')
    .values({
      name,
      category_id: fixture.categoryId,
      price_cents: fixture.priceCents ?? 1000,
      inventory: fixture.inventory ?? 100,
      cod_totvs: fixture.codTotvs ?? null,
      date_created: STAMP,
      date_updated: STAMP,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

export async function inventoryOf(db: Kysely<Database>, productId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('inventory')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.inventory;
}

/** A new event, made the selected one (the store sells in the selected event). */
export async function selectNewEvent(db: Kysely<Database>): Promise<number> {
  await db.updateTable('events').set({ selected: false }).execute();
  return createEvent(db, { selected: true });
}

/** Runs `check` while another event is the selected one, then selects the previous one again. */
export async function whileAnotherEventSelected(
  db: Kysely<Database>,
  check: () => Promise<void>,
): Promise<void> {
  const selected = await db
    .selectFrom('events')
    .select('id')
    .where('selected', '=', true)
    .executeTakeFirstOrThrow();
  await selectNewEvent(db);
  try {
    await check();
  } finally {
    await db.updateTable('events').set({ selected: false }).execute();
    await db.updateTable('events').set({ selected: true }).where('id', '=', selected.id).execute();
  }
}

/** A signed-in store user calling the cart API with JSON, as the SPA does. */
export interface StoreClerk {
  userId: number;
  username: string;
  /** The bearer header, for calling another app instance as this clerk. */
  headers: Record<string, string>;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** POST /api/carrinho/novo; fails the test unless 200. */
  newCart(): Promise<number>;
  update(id: number, items: CartUpdateItem[]): Promise<LightMyRequestResponse>;
  finalize(id: number, idCliente: string | number): Promise<LightMyRequestResponse>;
  pay(id: number, pagamentos: PaymentEntry[], key?: string): Promise<LightMyRequestResponse>;
}

export async function storeClerk(
  t: TestContext,
  permissions: readonly Permission[],
  options: { categoryIds?: readonly number[]; remoteAddress?: string } = {},
): Promise<StoreClerk> {
  const user = await createUser(t.db, { permissions });
  for (const category_id of options.categoryIds ?? []) {
    await t.db
      .insertInto('user_product_categories')
      .values({ user_id: user.id, category_id })
      .execute();
  }
  const auth = bearer((await login(t.app, user)).access_token);
  const call: StoreClerk['call'] = (method, url, payload, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...auth, ...headers },
      remoteAddress: options.remoteAddress ?? '10.0.0.7',
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    userId: user.id,
    username: user.username,
    headers: auth,
    call,
    async newCart() {
      const response = await call('POST', '/api/carrinho/novo');
      if (response.statusCode !== 200) throw new Error(`novo: ${response.body}`);
      return response.json<{ id: number }>().id;
    },
    update: (id, items) => call('POST', `/api/carrinho/atualizar/${id}`, { items }),
    finalize: (id, idCliente) =>
      call('POST', `/api/carrinho/finalizar/${id}`, { id_cliente: idCliente }),
    pay: (id, pagamentos, key) =>
      call(
        'POST',
        `/api/carrinho/pagamento/${id}`,
        { pagamentos },
        key === undefined ? {} : { 'idempotency-key': key },
      ),
  };
}

/** Fails the test with the body unless the answer is 200; returns the order. */
export function orderOf(response: LightMyRequestResponse): OrderDto {
  if (response.statusCode !== 200) {
    throw new Error(`esperava 200, veio ${response.statusCode}: ${response.body}`);
  }
  return response.json<OrderDto>();
}

/** The payment methods as `clerk` reads them (GET /api/carrinho/pagamento): an id by 'descricao'. */
export async function paymentMethodIds(clerk: StoreClerk): Promise<(descricao: string) => number> {
  const methods = (await clerk.call('GET', '/api/carrinho/pagamento')).json<PaymentMethodDto[]>();
  return (descricao) => {
    const method = methods.find((candidate) => candidate.descricao === descricao);
    if (!method) throw new Error(`sem a forma de pagamento ${descricao}`);
    return method.id_forma_pagamento;
  };
}

/**
 * A new cart of `seller` with these items, finalized for the customer (CPF or participant id);
 * fails the test unless each step answers 200. Returns the finalized order (not paid).
 */
export async function finalizedOrder(
  seller: StoreClerk,
  customer: string | number,
  items: CartUpdateItem[],
): Promise<OrderDto> {
  const id = await seller.newCart();
  orderOf(await seller.update(id, items));
  return orderOf(await seller.finalize(id, customer));
}

/** The text of a document the print queue answered as `{filename}` (no printer mapped). */
export async function printedText(db: Kysely<Database>, filename: string): Promise<string> {
  const file = await db
    .selectFrom('print_files')
    .select('content')
    .where('filename', '=', filename)
    .executeTakeFirstOrThrow();
  return (await readPdf(Buffer.from(file.content))).pages.map((page) => page.text).join('\n');
}

/** Opens `cashier`'s drawer with no float (cash needs an open drawer); fails the test unless 200. */
export async function openDrawer(cashier: StoreClerk): Promise<StoreClerk> {
  const response = await cashier.call('POST', '/api/caixa/abrir', { troco: 0 });
  if (response.statusCode !== 200) throw new Error(`abrir caixa: ${response.body}`);
  return cashier;
}
