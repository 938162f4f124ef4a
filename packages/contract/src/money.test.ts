import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashChange, exactCents, formatMoney, parseMoney, toCents, typedCents } from './money.ts';

describe('money', () => {
  it('formats cents as pt-BR reais', () => {
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(123456)).toBe('R$ 1.234,56');
    expect(formatMoney(-990)).toBe('-R$ 9,90');
  });

  it("gives the till's change only when what was received covers the cash part", () => {
    expect(cashChange(15530, 20000)).toBe(4470);
    expect(cashChange(15530, 15530)).toBe(0);
    expect(cashChange(15530, 15529)).toBeNull();
  });

  it('takes numbers of reais only with whole cents', () => {
    expect(exactCents(10.1)).toBe(1010);
    expect(exactCents(0.29)).toBe(29);
    expect(exactCents(1_000_000)).toBe(100_000_000);
    expect(exactCents(0.001)).toBeNull();
    expect(exactCents(Infinity)).toBeNull();
    expect(exactCents(Number.NaN)).toBeNull();
  });

  it('reads prices as typed or imported', () => {
    expect(parseMoney('R$ 1.234,56')).toBe(123456);
    expect(parseMoney('1234,5')).toBe(123450);
    expect(parseMoney('1234.56')).toBe(123456);
    expect(parseMoney('R$99')).toBe(9900);
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });

  it('round-trips any amount through its display text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(parseMoney(formatMoney(cents))).toBe(cents);
      }),
    );
  });

  it('converts reais to cents without floating-point drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
  });
});

describe('typedCents', () => {
  it("reads a money field's digits as cents, whatever mask surrounds them", () => {
    expect(typedCents('4050')).toBe(4050);
    expect(typedCents('R$ 1.234,56')).toBe(123456);
    expect(typedCents('R$ 0,005')).toBe(5);
    expect(typedCents('R$ ')).toBeNull();
    expect(typedCents('12345678901234')).toBe(2345678901234);
  });
});
