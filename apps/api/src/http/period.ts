import { parseWallClock } from '../dates.ts';
import { invalidRequest } from './api-error.ts';

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
