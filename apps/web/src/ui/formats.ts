import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formatMoney, toCents } from '@balcao/contract';

dayjs.extend(customParseFormat);

/** SPEC.md section 9: date-times show as DD/MM/YYYY HH:mm:ss. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
/** Event inicio/fim on the wire and in the editor (SPEC.md section 3). */
export const EVENT_DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** An ISO instant as 'DD/MM/YYYY HH:mm:ss'; text that is not ISO is shown as it came. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_TIME_FORMAT) : value;
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
