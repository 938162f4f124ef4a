import {
  COURSEWARE_STATUS_LABELS,
  coursewareDisplaySerial,
  parseCoursewareCode,
  type CoursewareStatus,
  type ParticipantDto,
} from '@balcao/contract';

/** A code field takes the QR's id or the series printed on the label. */
export const COURSEWARE_CODE_PLACEHOLDER = 'QR Code ou série (01-001-000005)';

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

/** Whether a typed or scanned code (QR id or printed series) names the participant's courseware. */
export function isHeldCourseware(
  code: string,
  held: Pick<ParticipantDto, 'coursewareId' | 'coursewareSerial'>,
): boolean {
  const typed = parseCoursewareCode(code);
  if (!typed) return false;
  if ('id' in typed) return typed.id === held.coursewareId;
  const own = parseCoursewareCode(held.coursewareSerial ?? '');
  return (
    own !== null &&
    'series' in own &&
    own.series.courseSerial === typed.series.courseSerial &&
    own.series.centerSerial === typed.series.centerSerial &&
    own.series.serial === typed.series.serial
  );
}
