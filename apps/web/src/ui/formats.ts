import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatMoney, toCents } from '@balcao/contract';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The one zone every date and time on screen shows in: the event's (GET /api/config's timeZone,
 * set at startup by app/config), as the PDFs and 'Lista de Presença' show them. Until it is known
 * (or when the server is out of reach at start), the browser's.
 */
let displayZone: string | null = null;

export function setDisplayTimeZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: zone });
    displayZone = zone || null;
  } catch {
    // A zone this browser does not know: its own, rather than no date at all.
    displayZone = null;
  }
}

/** An instant (ISO text with Z or an offset, or a Date) in the display zone. */
function inDisplayZone(value: string | Date): dayjs.Dayjs {
  const parsed = dayjs(value);
  return displayZone && parsed.isValid() ? parsed.tz(displayZone) : parsed;
}

/** ISO text that names an instant: 'Z' or an offset. A bare '2026-11-23' is a calendar date. */
const INSTANT = /(?:Z|[+-]\d{2}:?\d{2})$/;

/** SPEC.md section 9: date-times show as DD/MM/YYYY HH:mm:ss. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
/** Event inicio/fim on the wire and in the editor (SPEC.md section 3). */
export const EVENT_DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/**
 * An ISO instant as 'DD/MM/YYYY HH:mm:ss' in the event's zone; text that is not ISO is shown as it
 * came.
 */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const parsed = INSTANT.test(value) ? inDisplayZone(value) : dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_TIME_FORMAT) : value;
}

/** An instant's calendar date, 'DD/MM/YYYY', in the event's zone. */
export function formatDate(value: string | Date): string {
  const parsed = inDisplayZone(value);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY') : '';
}

/** An instant's time of day in the event's zone: 'HH:mm', or 'HH:mm:ss' with `seconds`. */
export function formatTime(value: string | Date, seconds = false): string {
  const parsed = inDisplayZone(value);
  return parsed.isValid() ? parsed.format(seconds ? 'HH:mm:ss' : 'HH:mm') : '';
}

/** An instant as 'DD/MM/YYYY HH:mm' in the event's zone, as the date-time fields take it. */
export function formatEventDateTime(value: string | Date): string {
  const parsed = inDisplayZone(value);
  return parsed.isValid() ? parsed.format(EVENT_DATE_TIME_FORMAT) : '';
}

/** A typed 'DD/MM/YYYY HH:mm' (the event's wall clock) as the ISO instant; null if not a date. */
export function eventInstantOf(text: string): string | null {
  if (!parseEventDateTime(text)) return null;
  const parsed = displayZone
    ? dayjs.tz(text, EVENT_DATE_TIME_FORMAT, displayZone)
    : dayjs(text, EVENT_DATE_TIME_FORMAT, true);
  return parsed.toISOString();
}

/** 'DD/MM/YYYY HH:mm' read strictly; null when it is not a real date-time. */
export function parseEventDateTime(text: string): dayjs.Dayjs | null {
  const parsed = dayjs(text, EVENT_DATE_TIME_FORMAT, true);
  return parsed.isValid() ? parsed : null;
}

/** 'DD/MM/YYYY HH:mm' as 'YYYY-MM-DD HH:mm', so it sorts; other text is kept. */
export function eventDateSortKey(value: unknown): string {
  if (typeof value !== 'string') return '';
  const parsed = parseEventDateTime(value);
  return parsed ? parsed.format('YYYY-MM-DD HH:mm') : value;
}

/** Reais from the wire as 'R$ 1.234,56'. */
export function formatReais(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatMoney(toCents(value)) : '';
}

export function formatYesNo(value: unknown): string {
  return value ? 'Sim' : 'Não';
}
