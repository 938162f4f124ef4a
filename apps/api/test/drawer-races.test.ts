import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawerSessionDto } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  paymentMethodIds,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * A cashier closes the drawer while payments into it are still arriving (real concurrent requests,
 * several connections on PostgreSQL): each payment is counted in the closing or belongs to no
 * drawer, and the closing's stored figures are what the drawer holds.
 */
const ROUNDS = 4;
const PAYMENTS = 30;

let t: TestContext;
let seller: StoreClerk;
let customerCpf: string;
let productId: number;
let pix: number;

beforeAll(async () => {
  t = await startTestApp();
  const eventId = await selectNewEvent(t.db);
  customerCpf = (await createParticipant(t.db, eventId)).cpf;
  productId = (
    await createProduct(t.db, {
      categoryId: await createCategory(t.db),
      priceCents: 5000,
      inventory: 100_000,
    })
  ).id;
  seller = await storeClerk(t, ['Store']);
  pix = (await paymentMethodIds(seller))('PIX');
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the drawer's payment rows add up to, in cents. */
async function tiedToDrawer(sessionId: number): Promise<number> {
  const rows = await t.db
    .selectFrom('order_payments')
    .select('amount_cents')
    .where('drawer_session_id', '=', sessionId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.amount_cents), 0);
}

async function storedReceived(sessionId: number): Promise<number> {
  const rows = await t.db
    .selectFrom('drawer_counts')
    .select('received_cents')
    .where('session_id', '=', sessionId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.received_cents), 0);
}

describe('closing a drawer while payments into it arrive', () => {
  it(`counts every payment tied to the drawer in its closing (${ROUNDS} rounds of ${PAYMENTS})`, async () => {
    const outcomes: { tied: number; stored: number; late: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const cashier = await storeClerk(t, ['Checkout']);
      const orders: number[] = [];
      for (let i = 0; i < PAYMENTS; i++) {
        const order = await finalizedOrder(seller, customerCpf, [
          { produto_id: productId, desconto: 0, quantidade: 1 },
        ]);
        orders.push(order.id);
      }
      const opened = await cashier.call('POST', '/api/caixa/abrir', { troco: 0 });
      const sessionId = opened.json<DrawerSessionDto>().id;

      const payments = orders.map(async (id, index) => {
        await sleep(index * 8);
        return cashier.pay(id, [{ id_forma_pagamento: pix, valor: 50 }]);
      });
      const closing = (async () => {
        await sleep(90);
        return cashier.call('POST', '/api/caixa/fechar', { contado: [] });
      })();
      const [closed, ...paid] = await Promise.all([closing, ...payments]);
      expect(closed.statusCode, closed.body).toBe(200);
      for (const response of paid) expect(response.statusCode, response.body).toBe(200);

      const stored = await storedReceived(sessionId);
      const answered = closed
        .json<DrawerSessionDto>()
        .formas.find((forma) => forma.id_forma_pagamento === pix)!;
      expect(answered.recebido * 100).toBe(stored);
      const late = await t.db
        .selectFrom('order_payments')
        .select('id')
        .where('order_id', 'in', orders)
        .where('drawer_session_id', 'is', null)
        .execute();
      outcomes.push({ tied: await tiedToDrawer(sessionId), stored, late: late.length });
    }
    // Every round: what the drawer holds is what its closing stored (and both sides happened).
    expect(outcomes.map(({ tied, stored }) => tied - stored)).toEqual(Array(ROUNDS).fill(0));
    expect(outcomes.every(({ late }) => late < PAYMENTS)).toBe(true);
  }, 120_000);
});
