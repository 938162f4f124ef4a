/**
 * Courseware (apostila) display serial, SPEC.md section 3: course serial padded to 2 digits,
 * center serial to 3 and the courseware's own serial to 6, joined by hyphens: '01-003-000042'.
 * The hyphen keeps the three parts readable on a label and in a table, and is never part of a
 * serial itself. Longer serials are kept whole, never cut.
 */
export const COURSEWARE_SERIAL_SEPARATOR = '-';

export function coursewareDisplaySerial(
  courseSerial: number,
  centerSerial: number,
  coursewareSerial: number,
): string {
  return [
    String(courseSerial).padStart(2, '0'),
    String(centerSerial).padStart(3, '0'),
    String(coursewareSerial).padStart(6, '0'),
  ].join(COURSEWARE_SERIAL_SEPARATOR);
}
