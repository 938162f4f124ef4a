import { describe, expect, it } from 'vitest';
import { drawerExpected } from './drawer.ts';

describe('drawerExpected', () => {
  it('adds the float on cash only and takes refunds off', () => {
    expect(drawerExpected(5000, 0, 10000, true)).toBe(15000);
    expect(drawerExpected(5000, 2000, 10000, false)).toBe(3000);
    expect(drawerExpected(2000, 2000, 10000, true)).toBe(10000);
  });
});
