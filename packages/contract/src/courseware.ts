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

/** SPEC.md section 3: courseware status values and labels. Only PRINTED is returnable. */
export const COURSEWARE_STATUSES = [
  'ISSUED',
  'PRINTED',
  'ASSOCIATED',
  'RETURNED',
  'EXCHANGED',
  'CANCELED',
] as const;
export type CoursewareStatus = (typeof COURSEWARE_STATUSES)[number];

export const COURSEWARE_STATUS_LABELS: Record<CoursewareStatus, string> = {
  ISSUED: 'Emitido',
  PRINTED: 'Impresso',
  ASSOCIATED: 'Associado',
  RETURNED: 'Devolvido',
  EXCHANGED: 'Trocado',
  CANCELED: 'Cancelado',
};

/** A courseware code (its id) is a 36-character UUID. */
export const COURSEWARE_CODE_LENGTH = 36;
/** The most labels one print call renders (a page of the table holds 100); the SPA prints more in batches of it. */
export const LABELS_PER_PRINT_MAX = 100;

/** The three serials a printed series names. */
export interface CoursewareSeries {
  courseSerial: number;
  centerSerial: number;
  serial: number;
}

/**
 * What a clerk typed or scanned where a courseware is asked: the QR's UUID, or the series printed
 * on the label, with dashes ('01-001-000005', any widths) or without ('01001000005', exactly
 * 2 + 3 + 6 digits, as there is no other way to split it). Anything else is null.
 */
export function parseCoursewareCode(
  code: string,
): { id: string } | { series: CoursewareSeries } | null {
  const text = code.trim();
  if (text.length === COURSEWARE_CODE_LENGTH) return { id: text };
  const parts =
    /^(\d{1,9})-(\d{1,9})-(\d{1,9})$/.exec(text) ?? /^(\d{2})(\d{3})(\d{6})$/.exec(text);
  if (!parts) return null;
  const [courseSerial, centerSerial, serial] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  return { series: { courseSerial, centerSerial, serial } };
}

export const COURSEWARE_CODE_MESSAGE =
  'Informe o QR Code da apostila (36 caracteres) ou a série impressa na etiqueta (ex.: 01-001-000005).';

/** Courseware creation by quantity: 'Quantidade', 1 to 100, default 10. */
export const COURSEWARE_QUANTITY = { min: 1, max: 100, default: 10 } as const;
export const COURSEWARE_QUANTITY_MESSAGE = 'Escolha um valor de 1 a 100';

/** Wire shape of a courseware (SPEC.md section 3). */
export interface CoursewareDto {
  id: string;
  serial: number;
  course: { id: number; serial: number; name: string };
  center: { id: number; serial: number; name: string };
  /** The participant it is linked to, if any. */
  subscription: { id: number; name: string; cpf: string } | null;
  prints: number;
  status: CoursewareStatus;
  completeSerial: string;
  dateCreated: string;
  dateUpdated: string;
}
