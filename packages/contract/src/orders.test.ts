import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  couponPercentFor,
  isValidDiscountPercent,
  lineAmounts,
  orderAmounts,
  paymentsCloseOrder,
  paymentsRemaining,
  stockShortageMessage,
} from './orders.ts';

const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 100_000_000 }),
  quantity: fc.integer({ min: 0, max: 1_000 }),
  discountPercent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
});

describe('order money math', () => {
  it('rounds a line discount half-up to the cent and caps it at the line', () => {
    expect(lineAmounts({ unitPrice: 1000, quantity: 3, discountPercent: 10 })).toEqual({
      gross: 3000,
      discount: 300,
      net: 2700,
    });
    // 333 × 12.5 % = 41.625 cents → 42
    expect(lineAmounts({ unitPrice: 333, quantity: 1, discountPercent: 12.5 }).discount).toBe(42);
    expect(lineAmounts({ unitPrice: 999, quantity: 2, discountPercent: 100 }).net).toBe(0);
    expect(lineAmounts({ unitPrice: 999, quantity: 2, discountPercent: 250 }).net).toBe(0);
  });

  it('keeps every amount an integer number of cents, never negative, and adds up', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const amounts = orderAmounts(lines);
        for (const computed of [amounts, ...amounts.lines]) {
          for (const value of [computed.gross, computed.discount, computed.net]) {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(computed.gross - computed.discount).toBe(computed.net);
          expect(computed.discount).toBeLessThanOrEqual(computed.gross);
        }
        expect(amounts.net).toBe(amounts.lines.reduce((sum, l) => sum + l.net, 0));
      }),
    );
  });

  it('closes an order only when the payments equal the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 5 }),
        (total, split) => {
          const exact = [...split.slice(0, -1)];
          const rest = total - exact.reduce((sum, v) => sum + v, 0);
          if (rest > 0) {
            expect(paymentsCloseOrder(total, [...exact, rest])).toBe(true);
            expect(paymentsRemaining(total, [...exact, rest])).toBe(0);
            expect(paymentsCloseOrder(total, [...exact, rest - 1])).toBe(false);
            expect(paymentsCloseOrder(total, [...exact, rest + 1])).toBe(false);
          }
        },
      ),
    );
    expect(paymentsCloseOrder(0, [])).toBe(true);
    expect(paymentsCloseOrder(100, [100, 0])).toBe(false);
  });

  it('refuses discounts outside 0–100 %', () => {
    expect(isValidDiscountPercent(0)).toBe(true);
    expect(isValidDiscountPercent(100)).toBe(true);
    expect(isValidDiscountPercent(-0.01)).toBe(false);
    expect(isValidDiscountPercent(100.01)).toBe(false);
    expect(isValidDiscountPercent(Number.NaN)).toBe(false);
  });
});

describe('coupon percent per item', () => {
  it('follows SPEC.md: no lists all, blacklist zero, whitelist only listed', () => {
    expect(couponPercentFor(1, { value: 10, whiteList: [], blackList: [] })).toBe(10);
    expect(couponPercentFor(1, { value: 10, whiteList: [], blackList: [1] })).toBe(0);
    expect(couponPercentFor(2, { value: 10, whiteList: [], blackList: [1] })).toBe(10);
    expect(couponPercentFor(1, { value: 10, whiteList: [1], blackList: [] })).toBe(10);
    expect(couponPercentFor(2, { value: 10, whiteList: [1], blackList: [] })).toBe(0);
  });
});

describe('order state machine', () => {
  it('lets only carts and unpaid orders be edited or removed, and only paid ones refunded', () => {
    expect(canTransition('CARRINHO', 'finalizar')).toBe(true);
    expect(canTransition('AGUARDANDO_PAGAMENTO', 'finalizar')).toBe(false);
    expect(canTransition('AGUARDANDO_PAGAMENTO', 'pagar')).toBe(true);
    expect(canTransition('CARRINHO', 'pagar')).toBe(false);
    expect(canTransition('PAGO', 'remover')).toBe(false);
    expect(canTransition('PAGO', 'entregar')).toBe(true);
    expect(canTransition('ENTREGUE', 'entregar')).toBe(false);
    expect(canTransition('ENTREGUE', 'estornar')).toBe(true);
    expect(canTransition('ESTORNADO', 'estornar')).toBe(false);
    expect(canTransition('REMOVIDO', 'atualizar')).toBe(false);
  });
});

describe('stock shortage message', () => {
  it('says disponível for one and disponíveis for more (or none)', () => {
    expect(stockShortageMessage('Camiseta', 1)).toBe(
      'Estoque insuficiente para Camiseta: 1 disponível.',
    );
    expect(stockShortageMessage('Camiseta', 2)).toBe(
      'Estoque insuficiente para Camiseta: 2 disponíveis.',
    );
    expect(stockShortageMessage('Caneca', 0)).toBe(
      'Estoque insuficiente para Caneca: 0 disponíveis.',
    );
  });
});
