import type { Kysely } from 'kysely';
import {
  certificateRuleProblems,
  type CertificateRuleDto,
  type CertificateRuleRequest,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest } from '../../http/api-error.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { requireEvent } from '../events/index.ts';

type Db = Kysely<Database>;

/** Suggested until the admin saves one: everyone accredited, a day's eight hours. */
const SUGGESTED = { hours: 8, criterion: 'accredited', minDays: null } as const;

/** GET …/regra: the event's rule, or the suggestion (`saved: false`). */
export async function eventRule(db: Db, eventId: number): Promise<CertificateRuleDto> {
  await requireEvent(db, eventId);
  const row = await db
    .selectFrom('certificate_rules')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return { eventId, ...SUGGESTED, saved: false };
  return {
    eventId,
    hours: row.hours,
    criterion: row.criterion,
    minDays: row.criterion === 'min_days' ? row.min_days : null,
    saved: true,
  };
}

/** PUT …/regra: checked as the form checks it (the contract's certificateRuleProblems). */
export async function saveRule(
  db: Db,
  actor: AuditActor,
  eventId: number,
  input: CertificateRuleRequest,
  now: Date,
): Promise<CertificateRuleDto> {
  const problems = certificateRuleProblems(input);
  if (problems.length > 0) throw invalidRequest(problems.join(' '));
  const before = await eventRule(db, eventId);
  const values = {
    hours: input.hours,
    criterion: input.criterion,
    min_days: input.criterion === 'min_days' ? input.minDays : null,
    updated_by: actor.id,
    updated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('certificate_rules')
      .values({ event_id: eventId, ...values })
      .onConflict((conflict) => conflict.column('event_id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      entity: 'certificate_rules',
      entityId: eventId,
      action: before.saved ? 'update' : 'insert',
      before: before.saved
        ? { hours: before.hours, criterion: before.criterion, min_days: before.minDays }
        : null,
      after: { hours: values.hours, criterion: values.criterion, min_days: values.min_days },
      at: now,
    });
  });
  return eventRule(db, eventId);
}
