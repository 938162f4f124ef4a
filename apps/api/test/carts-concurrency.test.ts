import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockShortageMessage } from '@balcao/contract';
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
import {
  startTestApp,
  type TestContext,
  secondInstance,
  type SecondInstance,
} from './helpers/test-app.ts';

/**
 * 50 cashiers pay 50 finalized orders at once, each wanting one of the last K units. Exactly K
 * must be paid and the inventory must end at 0. On PostgreSQL the payments are split between two
 * API instances (two connection pools), as behind a load balancer.
 */
const BUYERS = 50;
const UNITS = 7;

let t: TestContext;
let second: SecondInstance | undefined;
let seller: StoreClerk;
let cashiers: StoreClerk[];
let customerCpf: string;
let categoryId: number;
let cash: number;

beforeAll(async () => {
  t = await startTestApp();
  second = await secondInstance(t);
  const eventId = await selectNewEvent(t.db);
  customerCpf = (await createParticipant(t.db, eventId)).cpf;
  categoryId = await createCategory(t.db);
  seller = await storeClerk(t, ['Store']);
  cashiers = [
    await openDrawer(await storeClerk(t, ['Checkout'])),
    await openDrawer(await storeClerk(t, ['StoreCheckout'])),
  ];
  const methods = await cashiers[0]!.call('GET', '/api/carrinho/pagamento');
  cash = methods.json<{ id_forma_pagamento: number }[]>()[0]!.id_forma_pagamento;
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

interface SaleOutcome {
  initial: number;
  sold: number;
  final: number;
}

/** What a sale of single units must never do; empty when the stock was kept honestly. */
function stockViolations({ initial, sold, final }: SaleOutcome): string[] {
  const violations: string[] = [];
  if (sold > initial) violations.push(`vendeu ${sold} de ${initial} unidades`);
  if (final < 0) violations.push(`estoque negativo: ${final}`);
  if (final !== initial - sold) violations.push(`estoque ${final} ≠ ${initial} − ${sold}`);
  return violations;
}

/** BUYERS finalized orders of one unit each of a product that has `units` left. */
async function ordersForLastUnits(units: number) {
  const product = await createProduct(t.db, { categoryId, priceCents: 2500, inventory: BUYERS });
  const ids: number[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const id = await seller.newCart();
    orderOf(await seller.update(id, [{ produto_id: product.id, desconto: 0, quantidade: 1 }]));
    orderOf(await seller.finalize(id, customerCpf));
    ids.push(id);
  }
  // Only now the stock runs low: every order was built while units were available.
  await t.db
    .updateTable('products')
    .set({ inventory: units })
    .where('id', '=', product.id)
    .execute();
  return { product, ids };
}

/** Resolves once every one of `parties` callers is waiting: they all read before anyone writes. */
function barrier(parties: number): () => Promise<void> {
  let waiting = 0;
  let release!: () => void;
  const allThere = new Promise<void>((resolve) => (release = resolve));
  return () => {
    if (++waiting === parties) release();
    return allThere;
  };
}

describe(`${BUYERS} concurrent payments for the last ${UNITS} units`, () => {
  it('sells exactly the units there are; the others get 409 naming the product and stay payable', async () => {
    const { product, ids } = await ordersForLastUnits(UNITS);
    const responses = await Promise.all(
      ids.map((id, index) => {
        const cashier = cashiers[index % cashiers.length]!;
        if (second && index % 2 === 1) {
          return second.app.inject({
            method: 'POST',
            url: `/api/carrinho/pagamento/${id}`,
            headers: cashier.headers,
            payload: { pagamentos: [{ id_forma_pagamento: cash, valor: 25 }] },
          });
        }
        return cashier.pay(id, [{ id_forma_pagamento: cash, valor: 25 }]);
      }),
    );

    const paid = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(paid).toHaveLength(UNITS);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        error_description: stockShortageMessage(product.name, 0),
      });
    }
    const final = await inventoryOf(t.db, product.id);
    expect(stockViolations({ initial: UNITS, sold: paid.length, final })).toEqual([]);
    expect(final).toBe(0);

    const states = await t.db
      .selectFrom('orders')
      .select(['state'])
      .select((eb) => eb.fn.countAll<number>().as('orders'))
      .where('id', 'in', ids)
      .groupBy('state')
      .orderBy('state')
      .execute();
    expect(states.map((row) => [row.state, Number(row.orders)])).toEqual([
      ['AGUARDANDO_PAGAMENTO', BUYERS - UNITS],
      ['PAGO', UNITS],
    ]);
    const movements = await t.db
      .selectFrom('stock_movements')
      .select('inventory_after')
      .where('product_id', '=', product.id)
      .where('reason', 'like', 'Venda:%')
      .orderBy('inventory_after', 'desc')
      .execute();
    expect(movements.map((row) => row.inventory_after)).toEqual(
      Array.from({ length: UNITS }, (_, i) => UNITS - 1 - i),
    );
    const payments = await t.db
      .selectFrom('order_payments')
      .select('order_id')
      .where('order_id', 'in', ids)
      .execute();
    expect(payments).toHaveLength(UNITS);
  });

  it('control: the same race through an unguarded read-then-write oversells, and the check sees it', async () => {
    const product = await createProduct(t.db, { categoryId, inventory: UNITS });
    const everyoneRead = barrier(BUYERS);
    const sales = await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        const { inventory } = await t.db
          .selectFrom('products')
          .select('inventory')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow();
        await everyoneRead();
        if (inventory < 1) return false;
        await t.db
          .updateTable('products')
          .set({ inventory: inventory - 1 })
          .where('id', '=', product.id)
          .execute();
        return true;
      }),
    );
    const outcome = {
      initial: UNITS,
      sold: sales.filter(Boolean).length,
      final: await inventoryOf(t.db, product.id),
    };
    expect(outcome.sold).toBe(BUYERS);
    expect(stockViolations(outcome)).toContain(`vendeu ${BUYERS} de ${UNITS} unidades`);
  });

  it('control: the guarded update under the same interleaving sells exactly the units', async () => {
    const product = await createProduct(t.db, { categoryId, inventory: UNITS });
    const everyoneRead = barrier(BUYERS);
    const sales = await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        await t.db
          .selectFrom('products')
          .select('inventory')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow();
        await everyoneRead();
        const result = await t.db
          .updateTable('products')
          .set((eb) => ({ inventory: eb('inventory', '-', 1) }))
          .where('id', '=', product.id)
          .where('inventory', '>=', 1)
          .executeTakeFirst();
        return result.numUpdatedRows === 1n;
      }),
    );
    const outcome = {
      initial: UNITS,
      sold: sales.filter(Boolean).length,
      final: await inventoryOf(t.db, product.id),
    };
    expect(stockViolations(outcome)).toEqual([]);
    expect(outcome.sold).toBe(UNITS);
  });
});
