import { describe, expect, it } from 'vitest';
import { coursewareDisplaySerial, parseCoursewareCode } from './courseware.ts';

describe('coursewareDisplaySerial', () => {
  it('pads course to 2, center to 3 and courseware to 6 digits', () => {
    expect(coursewareDisplaySerial(1, 3, 42)).toBe('01-003-000042');
    expect(coursewareDisplaySerial(12, 345, 678901)).toBe('12-345-678901');
  });

  it('keeps serials longer than their width whole', () => {
    expect(coursewareDisplaySerial(123, 4567, 1234567)).toBe('123-4567-1234567');
  });
});

describe('parseCoursewareCode', () => {
  const series = (courseSerial: number, centerSerial: number, serial: number) => ({
    series: { courseSerial, centerSerial, serial },
  });

  it('reads the printed series with or without dashes, and the QR id', () => {
    expect(parseCoursewareCode('01-001-000005')).toEqual(series(1, 1, 5));
    expect(parseCoursewareCode(' 01001000005 ')).toEqual(series(1, 1, 5));
    expect(parseCoursewareCode('123-1001-1234567')).toEqual(series(123, 1001, 1234567));
    const id = '3f2a9c4e-8b1d-4e6f-9a7b-2c5d8e1f0a3b';
    expect(parseCoursewareCode(id)).toEqual({ id });
  });

  it('reads nothing else', () => {
    for (const code of ['', 'abc', '0100100005', '01-001', '01--5', '01-001-00000x']) {
      expect(parseCoursewareCode(code), code).toBeNull();
    }
  });
});
