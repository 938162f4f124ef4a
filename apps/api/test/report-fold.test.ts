import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '@balcao/contract';
import { foldSales } from '../src/modules/reports/index.ts';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  openDrawer,
  orderOf,
  paymentMethodIds,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
import {
  startTestApp,
  type TestContext,
  secondInstance,
  type SecondInstance,
} from './helpers/test-app.ts';

/**
 * The reports' summaries take the sales in batches (docs/reports-api.md, 'Pre-aggregation'): a
 * payment or refund only marks its order, and the fold (in the background, and before every
 * report) adds it. A report must still hold every sale committed before it was asked, each once.
 */
let t: TestContext;
/** On PostgreSQL, another API instance with its own pool, folding at the same time. */
let second: SecondInstance | undefined;
let eventId: number;
let seller: StoreClerk;
let cashier: StoreClerk;
let reporter: StoreClerk;
let manager: StoreClerk;
let productId: number;
let card: number;

beforeAll(async () => {
  t = await startTestApp();
  second = await secondInstance(t);
  eventId = await selectNewEvent(t.db);
  productId = (
    await createProduct(t.db, { categoryId: await createCategory(t.db), priceCents: 1234 })
  ).id;
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  reporter = await storeClerk(t, ['Report']);
  manager = await storeClerk(t, ['System']);
  card = (await paymentMethodIds(cashier))('Cartão de crédito');
});

afterAll(async () => {
  await second?.close();
  await t.close();
});

/** A paid order of `quantidade` units (R$ 12,34 each) for a new participant; its id. */
async function paidOrder(quantidade = 1, name?: string): Promise<number> {
  const person = await createParticipant(t.db, eventId, name ? { name } : {});
  const order = await finalizedOrder(seller, person.cpf, [
    { produto_id: productId, quantidade, desconto: 0 },
  ]);
  orderOf(
    await cashier.pay(order.id, [{ id_forma_pagamento: card, valor: (1234 * quantidade) / 100 }]),
  );
  return order.id;
}

const report = async (path: string, query = '') => {
  const response = await reporter.call('GET', `/api/reports/${path}?eventId=${eventId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportResult>();
};
const marked = async () =>
  (
    await t.db
      .selectFrom('orders')
      .select(['id', 'report_sign'])
      .where('report_sign', '<>', 0)
      .orderBy('id')
      .execute()
  ).map((order) => [order.id, order.report_sign]);
const summaryRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('report_sales')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the sales reach the reports through the fold', () => {
  it('a payment marks its order and writes no summary; the next report holds it, to the centavo', async () => {
    const before = await report('vendas/por_pagamentos');
    const rows = await summaryRows();
    const id = await paidOrder(3);
    expect(await marked()).toEqual([[id, 1]]);
    expect(await summaryRows()).toBe(rows);

    const after = await report('vendas/por_pagamentos');
    expect(after.totals.total).toBeCloseTo((before.totals.total ?? 0) + 37.02, 2);
    expect(after.totals.pagamentos).toBe((before.totals.pagamentos ?? 0) + 1);
    expect(await marked()).toEqual([]);
    // A second read folds nothing more: the sale counts once.
    expect((await report('vendas/por_pagamentos')).totals).toEqual(after.totals);
  });

  it('a refund before the fold nets to nothing; after it, the next report gives the sale back', async () => {
    const before = (await report('vendas/por_produtos')).totals;
    const quick = await paidOrder(1);
    orderOf(await manager.call('POST', `/api/carrinho/estornar/${quick}`, { motivo: 'Desistiu' }));
    expect(await marked()).toEqual([]);
    expect((await report('vendas/por_produtos')).totals).toEqual(before);

    const kept = await paidOrder(2);
    const sold = (await report('vendas/por_produtos')).totals;
    expect(sold.pedidos).toBe(before.pedidos! + 1);
    expect(sold.quantidade).toBe(before.quantidade! + 2);
    orderOf(await manager.call('POST', `/api/carrinho/estornar/${kept}`, { motivo: 'Troca' }));
    expect(await marked()).toEqual([[kept, -1]]);
    expect((await report('vendas/por_produtos')).totals).toEqual(before);
  });

  it('many sales folded by two instances and a report at once count each sale exactly once', async () => {
    const before = (await report('vendas/por_produtos')).totals;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await paidOrder(1 + (i % 3)));
    const units = ids.reduce((sum, _, i) => sum + 1 + (i % 3), 0);
    // Batches of FOLD_BATCH in real use; here the folds race over the same marks.
    const folds = await Promise.all([
      foldSales(t.db),
      foldSales(second?.db ?? t.db),
      foldSales(t.db, { wait: false }),
      report('vendas/por_produtos'),
    ]);
    const folded = (folds.slice(0, 3) as number[]).reduce((sum, n) => sum + n, 0);
    expect(folded).toBe(12);
    expect(await marked()).toEqual([]);
    const after = (await report('vendas/por_produtos')).totals;
    expect(after.pedidos).toBe(before.pedidos! + 12);
    expect(after.quantidade).toBe(before.quantidade! + units);
    expect(after.total).toBeCloseTo(before.total! + (units * 1234) / 100, 2);
  });

  it("a buyer's first sale adds a row to 'Compradores por Produto', and their refund removes it", async () => {
    const buyers = async () => (await report('compradores/por_produto')).total_linhas;
    const rows = await buyers();
    const one = await paidOrder(1, 'Compradora Única');
    expect(await buyers()).toBe(rows! + 1);
    orderOf(await manager.call('POST', `/api/carrinho/estornar/${one}`, { motivo: 'Erro' }));
    expect(await buyers()).toBe(rows);
  });

  it('anonymizing a buyer whose sale is not folded yet leaves no row under the old name', async () => {
    const person = await createParticipant(t.db, eventId, { name: 'Nome A Apagar' });
    const order = await finalizedOrder(seller, person.cpf, [
      { produto_id: productId, quantidade: 1, desconto: 0 },
    ]);
    orderOf(await cashier.pay(order.id, [{ id_forma_pagamento: card, valor: 12.34 }]));
    expect(await marked()).toEqual([[order.id, 1]]);
    const erased = await manager.call('POST', `/api/participants/${person.id}/anonymize`);
    expect(erased.statusCode, erased.body).toBe(200);
    const rows = (await report('compradores/por_produto', '&por_pagina=1000')).rows;
    expect(rows.some((row) => String(row.nome).includes('Nome A Apagar'))).toBe(false);
    expect(rows.some((row) => row.cpf === person.cpf)).toBe(false);
    const stored = await t.db
      .selectFrom('report_buyers')
      .select('customer_name')
      .where('customer_name', 'like', '%Apagar%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('every instance folds in the background without any report being read', async () => {
    const background = await startTestApp({ config: { reportFoldInterval: 20 } });
    try {
      const event = await selectNewEvent(background.db);
      const product = await createProduct(background.db, {
        categoryId: await createCategory(background.db),
        priceCents: 500,
      });
      const person = await createParticipant(background.db, event);
      const till = await openDrawer(await storeClerk(background, ['Store', 'Checkout']));
      const order = await finalizedOrder(till, person.cpf, [
        { produto_id: product.id, quantidade: 1, desconto: 0 },
      ]);
      const method = (await paymentMethodIds(till))('Cartão de crédito');
      orderOf(await till.pay(order.id, [{ id_forma_pagamento: method, valor: 5 }]));
      await expect
        .poll(
          async () =>
            (
              await background.db
                .selectFrom('report_payments')
                .select('total_cents')
                .where('event_id', '=', event)
                .execute()
            ).map((row) => Number(row.total_cents)),
          { timeout: 5000 },
        )
        .toEqual([500]);
    } finally {
      await background.close();
    }
  });
});
