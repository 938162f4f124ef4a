import type { Kysely } from 'kysely';
import {
  CERTIFICATE_NOT_EARNED,
  CERTIFICATE_RULE_MESSAGES,
  type CertificateCandidateDto,
  type CertificateEligibilityDto,
  type CertificateRuleDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { formatDateInZone } from '../../dates.ts';
import { conflict } from '../../http/api-error.ts';
import { requireEvent } from '../events/index.ts';
import { eventRule } from './rule.ts';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60_000;
/** As 'Lista de Presença': a mistyped end (next year) must not make a day per day of it. */
const MAX_EVENT_DAYS = 62;

/** 'YYYY-MM-DD' of an instant on the zone's calendar: one key per day present. */
function dayKey(instant: string, zone: string): string {
  const [day, month, year] = formatDateInZone(instant, zone).split('/');
  return `${year}-${month}-${day}`;
}

function eventDays(inicio: string | null, fim: string | null, zone: string): string[] {
  if (!inicio || !fim) return [];
  const first = Date.parse(`${dayKey(inicio, zone)}T00:00:00Z`);
  const last = Date.parse(`${dayKey(fim, zone)}T00:00:00Z`);
  const days: string[] = [];
  for (let day = first; day <= last && days.length < MAX_EVENT_DAYS; day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

/** 'DD/MM/YYYY', or 'DD/MM/YYYY a DD/MM/YYYY' over several days, from 'YYYY-MM-DD' keys. */
function datesText(days: readonly string[]): string {
  const shown = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return '';
  return first === last ? shown(first) : `${shown(first)} a ${shown(last)}`;
}

/** One participant as the issuing sees them: who, their days, and whether they earn one. */
export interface Candidate extends CertificateCandidateDto {
  /** What the certificate prints as dates: the event's, else the days they were present. */
  dates: string;
}

export interface Eligibility {
  rule: CertificateRuleDto;
  event: { id: number; name: string; course: string | null };
  days: string[];
  candidates: Candidate[];
}

/**
 * Who earns a certificate under the event's saved rule, from what the desks recorded: the
 * check-ins ('Lista de Presença', badge prints online and offline), one day each per calendar day
 * in the event's zone, and the badge flag for 'accredited'. The anonymized are left out.
 */
export async function eligibility(db: Db, zone: string, eventId: number): Promise<Eligibility> {
  const event = await requireEvent(db, eventId);
  const rule = await eventRule(db, eventId);
  if (!rule.saved) throw conflict(CERTIFICATE_RULE_MESSAGES.noRule);
  const course = event.course_id
    ? await db
        .selectFrom('courses')
        .select('name')
        .where('id', '=', event.course_id)
        .executeTakeFirst()
    : undefined;
  const people = await db
    .selectFrom('participants')
    .leftJoin('certificates', (join) =>
      join
        .onRef('certificates.participant_id', '=', 'participants.id')
        .on('certificates.event_id', '=', eventId),
    )
    .select(['participants.id', 'participants.name', 'participants.badge', 'certificates.code'])
    .where('participants.event_id', '=', eventId)
    .where('participants.anonymized_at', 'is', null)
    .orderBy('participants.name')
    .orderBy('participants.id')
    .execute();
  const checkIns = await db
    .selectFrom('check_ins')
    .select(['participant_id', 'created_at'])
    .where('event_id', '=', eventId)
    .execute();
  const daysOf = new Map<number, Set<string>>();
  for (const checkIn of checkIns) {
    const days = daysOf.get(checkIn.participant_id) ?? new Set<string>();
    days.add(dayKey(checkIn.created_at, zone));
    daysOf.set(checkIn.participant_id, days);
  }
  const days = eventDays(event.inicio, event.fim, zone);
  const candidates = people.map((person): Candidate => {
    const present = [...(daysOf.get(person.id) ?? [])].sort();
    const accredited = Boolean(person.badge) || present.length > 0;
    let reason: string | null = null;
    if (!accredited) reason = CERTIFICATE_NOT_EARNED.notAccredited;
    else if (rule.criterion === 'min_days' && present.length < (rule.minDays ?? 1)) {
      reason = CERTIFICATE_NOT_EARNED.fewDays(present.length, rule.minDays ?? 1);
    }
    return {
      participantId: person.id,
      name: person.name,
      daysPresent: present.length,
      earns: reason === null,
      reason,
      code: person.code ?? null,
      dates: datesText(days.length > 0 ? days : present),
    };
  });
  return {
    rule,
    event: { id: event.id, name: event.name, course: course?.name ?? null },
    days,
    candidates,
  };
}

/** GET …/elegiveis: the preview before 'Emitir certificados'. */
export function eligibilityDto(found: Eligibility): CertificateEligibilityDto {
  const earning = found.candidates.filter((candidate) => candidate.earns).length;
  return {
    rule: found.rule,
    eventDays: found.days,
    earning,
    notEarning: found.candidates.length - earning,
    candidates: found.candidates.map(({ dates: _dates, ...candidate }) => candidate),
  };
}
