import type { ReportFilter } from '@balcao/contract';
import { parseWallClock } from '../../dates.ts';
import { invalidRequest } from '../../http/api-error.ts';

/** What a report request asks for, read and checked: instants are ISO UTC, ready to compare. */
export interface ReportFilters {
  eventId: number;
  /** Inclusive. */
  from: string | null;
  /** Exclusive: 'fim 18:00' counts up to 17:59:59. */
  until: string | null;
  categoryId?: number;
  centerId?: number;
  productId?: number;
  courseId?: number;
  /** `busca`, trimmed: the rows whose name or CPF contains it (reports with `search`). */
  search?: string;
}

export interface ReportQuery extends Partial<Record<ReportFilter, number>> {
  eventId: number;
  inicio?: string;
  fim?: string;
  busca?: string;
}

function instant(text: string | undefined, label: string, zone: string): string | null {
  if (text === undefined || text.trim() === '') return null;
  const parsed = parseWallClock(text, zone);
  if (!parsed) throw invalidRequest(`Data ${label} inválida: use AAAA-MM-DD HH:mm.`);
  return parsed;
}

/** 'inicio' (inclusive) and 'fim' (exclusive), wall clock in the event zone, as ISO instants. */
export function readPeriod(
  query: { inicio?: string; fim?: string },
  zone: string,
): { from: string | null; until: string | null } {
  const from = instant(query.inicio, 'inicial', zone);
  const until = instant(query.fim, 'final', zone);
  if (from && until && from >= until) {
    throw invalidRequest('A data inicial deve ser anterior à data final.');
  }
  return { from, until };
}

/** The query string as filters; 'inicio'/'fim' are wall clock in the event zone. */
export function readFilters(query: ReportQuery, zone: string): ReportFilters {
  const { from, until } = readPeriod(query, zone);
  return {
    eventId: query.eventId,
    categoryId: query.categoryId,
    centerId: query.centerId,
    productId: query.productId,
    courseId: query.courseId,
    search: query.busca?.trim() || undefined,
    from,
    until,
  };
}
