import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SOLD_STATES, type ReportResult } from '@balcao/contract';
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
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * A period's buyers ('Compradores por Produto' with inicio/fim) is summed from report_buyer_slots'
 * UTC days and hours and the lines of its partial hours (docs/reports-api.md, 'Pre-aggregation').
 * Whatever the period, it must answer what the paid lines of that period say, row for row.
 * The event's zone is America/Sao_Paulo (UTC-3): a local day spans two UTC days.
 */
let t: TestContext;
let eventId: number;
let reporter: StoreClerk;

/** Minutes after the clock's start (2025-03-10 12:00 UTC, 09:00 local) of each sale. */
const SALES: {
  at: number;
  buyer: number;
  items: [product: number, quantity: number, discount: number][];
  refund?: 'folded' | 'at once';
}[] = [
  { at: 0, buyer: 0, items: [[0, 2, 10]] }, // 03-10 09:00 local
  { at: 40, buyer: 0, items: [[0, 1, 0]] }, // the same buyer and product, the same UTC hour
  {
    at: 65,
    buyer: 1,
    items: [
      [0, 1, 0],
      [1, 3, 0],
    ],
  },
  { at: 185, buyer: 0, items: [[1, 1, 0]], refund: 'folded' },
  { at: 710, buyer: 2, items: [[1, 2, 5]] }, // 03-10 20:50 local
  { at: 870, buyer: 0, items: [[0, 1, 0]] }, // 03-10 23:30 local, 03-11 02:30 UTC
  { at: 910, buyer: 1, items: [[0, 2, 0]] }, // 03-11 00:10 local
  { at: 1320, buyer: 2, items: [[0, 1, 0]], refund: 'at once' },
  { at: 1340, buyer: 2, items: [[1, 1, 0]] }, // 03-11 07:20 local
  {
    at: 1820,
    buyer: 0,
    items: [
      [0, 1, 0],
      [1, 1, 0],
    ],
  }, // 03-11 15:20 local
  { at: 2220, buyer: 1, items: [[1, 4, 0]] }, // 03-11 22:00 local, 03-12 01:00 UTC
  { at: 2745, buyer: 2, items: [[0, 1, 0]] }, // 03-12 10:45 local
  { at: 3255, buyer: 0, items: [[0, 2, 0]] }, // 03-12 19:15 local
];

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  const category = await createCategory(t.db, 'Produto', 'Período');
  const products = [
    (await createProduct(t.db, { categoryId: category, priceCents: 1000, name: 'Boné' })).id,
    (await createProduct(t.db, { categoryId: category, priceCents: 350, name: 'Agenda' })).id,
  ];
  const buyers = [];
  for (const name of ['Clara', 'Davi', 'Elisa']) {
    buyers.push((await createParticipant(t.db, eventId, { name })).cpf);
  }
  let minutes = 0;
  for (const sale of SALES) {
    t.clock.advance((sale.at - minutes) * 60);
    minutes = sale.at;
    // Signed in at the sale's time: a token of the day before has expired.
    const seller = await storeClerk(t, ['Store']);
    const cashier = await openDrawer(await storeClerk(t, ['Checkout']));
    const card = (await paymentMethodIds(cashier))('Cartão de crédito');
    reporter = await storeClerk(t, ['Report', 'Participant']);
    const order = await finalizedOrder(
      seller,
      buyers[sale.buyer]!,
      sale.items.map(([product, quantidade, desconto]) => ({
        produto_id: products[product]!,
        quantidade,
        desconto,
      })),
    );
    orderOf(await cashier.pay(order.id, [{ id_forma_pagamento: card, valor: order.total }]));
    // Folded by a report before the refund: the fold takes it back from the summaries.
    if (sale.refund === 'folded') await figures({});
    if (sale.refund) {
      const manager = await storeClerk(t, ['System']);
      orderOf(
        await manager.call('POST', `/api/carrinho/estornar/${order.id}`, { motivo: 'Desistiu' }),
      );
    }
  }
}, 180_000); // a sign-in per sale: slow on a busy machine
