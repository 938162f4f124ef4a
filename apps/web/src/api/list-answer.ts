/** docs/table-protocol.md's list answers, as the tables and the lookups read them. */

/** A list answer: `{data, recordsTotal?, recordsFiltered?}` (a bare array is read too). */
export interface ListAnswer<Row> {
  data: Row[];
  recordsTotal?: number;
  recordsFiltered?: number;
  /** Totals some lists add (participants: `confirmed`, `badgePrints`). */
  [extra: string]: unknown;
}

export function rowsOf<Row>(body: unknown): Row[] {
  if (Array.isArray(body)) return body as Row[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Row[]) : [];
}
