import {
  COURSEWARE_STATUS_LABELS,
  coursewareDisplaySerial,
  type CoursewareStatus,
} from '@balcao/contract';

type SerialParts =
  { serial?: unknown; course?: unknown; center?: unknown } | Record<string, unknown>;

function serialOf(ref: unknown): number {
  const value = typeof ref === 'object' && ref !== null ? (ref as { serial?: unknown }).serial : 0;
  return Number(value ?? 0);
}

/** '01-003-000042' (SPEC.md section 3). */
export function displaySerial(row: SerialParts): string {
  const { course, center, serial } = row as {
    serial?: unknown;
    course?: unknown;
    center?: unknown;
  };
  return coursewareDisplaySerial(serialOf(course), serialOf(center), Number(serial ?? 0));
}

export function coursewareStatusLabel(status: unknown): string {
  return COURSEWARE_STATUS_LABELS[status as CoursewareStatus] ?? String(status ?? '');
}
