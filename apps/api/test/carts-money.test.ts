import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAmounts, toCents, type PaymentMethodDto } from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  orderOf,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
  openDrawer,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * Totals through the API, for random carts: what the server answers and charges is the contract's
 * `orderAmounts`, in whole cents, never negative, and only the exact total closes the order.
 */
const PRICES = [1, 99, 1999, 5000, 12_345, 99_999];
const RUNS = 25;

let t: TestContext;
let products: { id: number; priceCents: number }[];
let seller: StoreClerk;
let cashier: StoreClerk;
let customerCpf: string;
let cash: number;
let card: number;

beforeAll(async () => {
  t = await startTestApp();
  const eventId = await selectNewEvent(t.db);
  customerCpf = (await createParticipant(t.db, eventId)).cpf;
  const categoryId = await createCategory(t.db);
  products = [];
  for (const priceCents of PRICES) {
    const { id } = await createProduct(t.db, { categoryId, priceCents, inventory: 1_000_000 });
    products.push({ id, priceCents });
  }
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  const methods = (await cashier.call('GET', '/api/carrinho/pagamento')).json<PaymentMethodDto[]>();
  [cash, card] = methods.map((method) => method.id_forma_pagamento) as [number, number];
});
afterAll(() => t.close());

/** Percent with up to 2 decimals, 0–100, as the SPA sends it. */
const percent = fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100);
const cart = fc.uniqueArray(
  fc.record({
    index: fc.integer({ min: 0, max: PRICES.length - 1 }),
    quantidade: fc.integer({ min: 1, max: 40 }),
    desconto: percent,
  }),
  { minLength: 1, maxLength: PRICES.length, selector: (line) => line.index },
);

/** Reais on the wire that are a whole number of cents. */
const isCents = (reais: number) => Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6;

describe('order totals through the API', () => {
  it('answers the contract orderAmounts in whole cents, never negative', async () => {
    await fc.assert(
      fc.asyncProperty(cart, async (lines) => {
        const items = lines.map(({ index, quantidade, desconto }) => ({
          produto_id: products[index]!.id,
          quantidade,
          desconto,
        }));
        const expected = orderAmounts(
          lines.map(({ index, quantidade, desconto }) => ({
            unitPrice: products[index]!.priceCents,
            quantity: quantidade,
            discountPercent: desconto,
          })),
        );
        const order = orderOf(await seller.update(await seller.newCart(), items));
        expect(toCents(order.total)).toBe(expected.net);
        expect(order.total).toBeGreaterThanOrEqual(0);
        expect(isCents(order.total)).toBe(true);
        order.items.forEach((item, i) => {
          expect(toCents(item.total)).toBe(expected.lines[i]!.net);
          expect(toCents(item.valor_desconto)).toBe(expected.lines[i]!.discount);
          expect(item.total).toBeGreaterThanOrEqual(0);
          expect(isCents(item.valor_desconto) && isCents(item.total)).toBe(true);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('closes an order only with payments that add up to its total exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        cart,
        fc.integer({ min: -500, max: 500 }).filter((off) => off !== 0),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (lines, offCents, split) => {
          const id = await seller.newCart();
          const items = lines.map(({ index, quantidade, desconto }) => ({
            produto_id: products[index]!.id,
            quantidade,
            desconto,
          }));
          const total = toCents(orderOf(await seller.update(id, items)).total);
          orderOf(await seller.finalize(id, customerCpf));
          const payIn = (cents: number) => {
            const first = Math.round(cents * split);
            return [
              { id_forma_pagamento: cash, valor: first / 100 },
              { id_forma_pagamento: card, valor: (cents - first) / 100 },
            ].filter((entry) => entry.valor > 0);
          };
          if (total + offCents >= 0) {
            const wrong = await cashier.pay(id, payIn(total + offCents));
            expect(wrong.statusCode).toBe(400);
          }
          const paid = orderOf(await cashier.pay(id, payIn(total)));
          expect(paid.estadoPedido).toBe('PAGO');
          expect(paid.payments.reduce((sum, entry) => sum + toCents(entry.valor), 0)).toBe(total);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
