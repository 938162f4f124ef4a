import type { ReportFilter } from '@balcao/contract';
import { readPeriod } from '../../http/period.ts';

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

/** What a paged report was asked for, checked (routes.ts). */
export interface PageRequest {
  page: number;
  size: number;
  /** A column key of the report, or null for its own order. */
  order: string | null;
  descending: boolean;
}

export interface ReportQuery extends Partial<Record<ReportFilter, number>> {
  eventId: number;
  inicio?: string;
  fim?: string;
  busca?: string;
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
