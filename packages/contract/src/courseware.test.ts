import { describe, expect, it } from 'vitest';
import { coursewareDisplaySerial } from './courseware.ts';

describe('coursewareDisplaySerial', () => {
  it('pads course to 2, center to 3 and courseware to 6 digits', () => {
    expect(coursewareDisplaySerial(1, 3, 42)).toBe('01-003-000042');
    expect(coursewareDisplaySerial(12, 345, 678901)).toBe('12-345-678901');
  });

  it('keeps serials longer than their width whole', () => {
    expect(coursewareDisplaySerial(123, 4567, 1234567)).toBe('123-4567-1234567');
  });
});
