import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUPON_EXPIRATION_PAST,
  COUPON_FILL_FIELDS,
  COUPON_NO_ALLOWED_PRODUCT,
  COUPON_NO_CATEGORY,
  COUPON_PERCENT_OVER_100,
  COUPON_START_BEFORE_NOW,
  couponLinePercent,
  couponState,
  formatCouponCode,
  normalizeCouponCode,
  validateCouponTemplate,
  type CouponTemplateInput,
} from './coupons.ts';

const now = new Date('2026-11-23T12:00:30.000Z');
const products = [
  { id: 1, type: 'Produto' as const },
  { id: 2, type: 'Curso' as const },
];
const valid: CouponTemplateInput = {
  name: 'Black Friday',
  value: 10,
  categories: ['Produto'],
  startDate: null,
  expirationDate: '2026-12-31T23:59:59.999Z',
  whiteList: [],
  blackList: [],
  propagate: false,
};

describe('coupon rules', () => {
  it('shows invalidated, used, expired (after the UTC instant) or available', () => {
    const coupon = { isValid: true, isUsed: false, expirationDate: '2026-11-23T23:59:59.999Z' };
    expect(couponState(coupon, new Date('2026-11-23T23:59:59.999Z'))).toBe('available');
    expect(couponState(coupon, new Date('2026-11-24T00:00:00.000Z'))).toBe('expired');
    expect(couponState({ ...coupon, isUsed: true }, now)).toBe('used');
    expect(couponState({ ...coupon, isValid: false, isUsed: true }, now)).toBe('invalidated');
  });

  it('gives 0 outside the categories and follows the lists inside', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom('Produto' as const, 'Curso' as const),
        fc.uniqueArray(fc.integer({ min: 1, max: 20 })),
        fc.uniqueArray(fc.integer({ min: 1, max: 20 })),
        (productId, type, whiteList, blackList) => {
          const rule = { value: 15, categories: ['Produto' as const], whiteList, blackList };
          const expected =
            type !== 'Produto'
              ? 0
              : whiteList.length > 0
                ? whiteList.includes(productId)
                  ? 15
                  : 0
                : blackList.includes(productId)
                  ? 0
                  : 15;
          expect(couponLinePercent({ productId, type }, rule)).toBe(expected);
        },
      ),
    );
  });

  it('codes print in groups of 4 and read back typed any way', () => {
    expect(formatCouponCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normalizeCouponCode(' abcd-efgh jkmn-pqrs ')).toBe('ABCDEFGHJKMNPQRS');
  });

  it('validates a template form with SPEC messages', () => {
    expect(validateCouponTemplate(valid, now, products)).toBeNull();
    expect(validateCouponTemplate({ ...valid, name: ' ' }, now, products)).toBe(COUPON_FILL_FIELDS);
    expect(validateCouponTemplate({ ...valid, value: 100.01 }, now, products)).toBe(
      COUPON_PERCENT_OVER_100,
    );
    expect(validateCouponTemplate({ ...valid, categories: [] }, now, products)).toBe(
      COUPON_NO_CATEGORY,
    );
    expect(
      validateCouponTemplate({ ...valid, startDate: '2026-11-23T11:59:00.000Z' }, now, products),
    ).toBe(COUPON_START_BEFORE_NOW);
    expect(
      validateCouponTemplate({ ...valid, startDate: '2026-11-23T12:00:00.000Z' }, now, products),
    ).toBeNull();
    expect(
      validateCouponTemplate(
        { ...valid, expirationDate: '2026-11-23T12:00:00.000Z' },
        now,
        products,
      ),
    ).toBe(COUPON_EXPIRATION_PAST);
    expect(validateCouponTemplate({ ...valid, blackList: [{ id: 1 }] }, now, products)).toBe(
      COUPON_NO_ALLOWED_PRODUCT,
    );
  });
});
