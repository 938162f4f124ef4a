import { describe, expect, it } from 'vitest';
import { tagSheetCount } from './product-tags.ts';

describe('tagSheetCount', () => {
  it('divides the quantity by 3, rounding up', () => {
    expect(tagSheetCount(0)).toBe(0);
    expect(tagSheetCount(1)).toBe(1);
    expect(tagSheetCount(3)).toBe(1);
    expect(tagSheetCount(4)).toBe(2);
    expect(tagSheetCount(7)).toBe(3);
    expect(tagSheetCount(9)).toBe(3);
  });

  it('refuses negative and fractional quantities', () => {
    expect(() => tagSheetCount(-1)).toThrow(RangeError);
    expect(() => tagSheetCount(1.5)).toThrow(RangeError);
  });
});
