import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CERTIFICATE_ISSUE_OUTCOME_LABELS,
  CERTIFICATE_MESSAGES,
  newCertificateCode,
  type CertificateIssueJobDto,
  type CertificateIssueOutcome,
  type CertificateIssueResultDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { toIsoInstant } from '../../dates.ts';
import { notFound } from '../../http/api-error.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { eligibility, type Candidate, type Eligibility } from './eligibility.ts';

type Db = Kysely<Database>;

/** Results written to the job this often: the page's progress, without a write per person. */
const PROGRESS_EVERY = 25;

const emptyCounts = (): Record<CertificateIssueOutcome, number> =>
  Object.fromEntries(
    Object.keys(CERTIFICATE_ISSUE_OUTCOME_LABELS).map((outcome) => [outcome, 0]),
  ) as Record<CertificateIssueOutcome, number>;

/**
 * POST …/emissoes: a batch for everyone of the event under its saved rule, answered at once (202)
 * with the job the page polls; the work goes on after the answer, a person at a time.
 */
export async function startIssue(
  db: Db,
  log: FastifyBaseLogger,
  zone: string,
  actor: AuditActor,
  eventId: number,
  now: () => Date,
): Promise<CertificateIssueJobDto> {
  const found = await eligibility(db, zone, eventId);
  const job = await db
    .insertInto('certificate_jobs')
    .values({
      event_id: eventId,
      created_by: actor.id,
      created_at: now().toISOString(),
      total: found.candidates.length,
      processed: 0,
      done: found.candidates.length === 0,
      results: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  void runIssue(db, actor, job.id, found, now).catch((error: unknown) => {
    log.error({ err: error, jobId: job.id }, 'emissão de certificados interrompida');
  });
  return issueJob(db, job.id);
}

async function runIssue(
  db: Db,
  actor: AuditActor,
  jobId: number,
  found: Eligibility,
  now: () => Date,
): Promise<void> {
  const results: CertificateIssueResultDto[] = [];
  const save = (done: boolean) =>
    db
      .updateTable('certificate_jobs')
      .set({ processed: results.length, done, results: JSON.stringify(results) })
      .where('id', '=', jobId)
      .execute();
  for (const candidate of found.candidates) {
    results.push(await issueOne(db, actor.id, found, candidate, now()));
    if (results.length % PROGRESS_EVERY === 0) await save(false);
  }
  const counts = emptyCounts();
  for (const result of results) counts[result.outcome] += 1;
  await db.transaction().execute(async (trx) => {
    await recordAudit(trx, actor, {
      entity: 'certificates',
      entityId: found.event.id,
      action: 'emitir',
      after: {
        emissao: jobId,
        emitidos: counts.issued,
        reemitidos: counts.reissued,
        falhas: counts.failed,
      },
      at: now(),
    });
  });
  await save(true);
}

/** What a certificate says, compared to tell a re-issue from nothing new. */
const textOf = (found: Eligibility, candidate: Candidate) => ({
  name: candidate.name,
  event_name: found.event.name,
  course: found.event.course,
  hours: found.rule.hours,
  dates: candidate.dates,
});

/**
 * One person: a first certificate under a new code; a new version under the same code when its
 * text changed (a name correction, new hours); nothing for a revoked one or one unchanged.
 */
async function issueOne(
  db: Db,
  userId: number,
  found: Eligibility,
  candidate: Candidate,
  now: Date,
): Promise<CertificateIssueResultDto> {
  const result = (
    outcome: CertificateIssueOutcome,
    code: string | null,
    message: string | null,
  ) => ({
    participantId: candidate.participantId,
    name: candidate.name,
    outcome,
    code,
    message,
  });
  if (!candidate.earns) return result('not_earned', candidate.code, candidate.reason);
  const text = textOf(found, candidate);
  const stamp = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('certificates')
        .selectAll()
        .where('event_id', '=', found.event.id)
        .where('participant_id', '=', candidate.participantId)
        .executeTakeFirst();
      if (existing?.revoked_at) {
        return result('unchanged', existing.code, CERTIFICATE_MESSAGES.revoked);
      }
      if (existing) {
        const same = (Object.keys(text) as (keyof typeof text)[]).every(
          (key) => existing[key] === text[key],
        );
        if (same) return result('unchanged', existing.code, null);
        const version = existing.version + 1;
        await trx
          .updateTable('certificates')
          .set({ ...text, version, updated_at: stamp })
          .where('id', '=', existing.id)
          .execute();
        await trx
          .insertInto('certificate_versions')
          .values({
            certificate_id: existing.id,
            version,
            name: text.name,
            hours: text.hours,
            dates: text.dates,
            issued_by: userId,
            issued_at: stamp,
          })
          .execute();
        return result('reissued', existing.code, null);
      }
      const code = newCertificateCode((size) => randomBytes(size));
      const inserted = await trx
        .insertInto('certificates')
        .values({
          code,
          event_id: found.event.id,
          participant_id: candidate.participantId,
          version: 1,
          ...text,
          issued_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('certificate_versions')
        .values({
          certificate_id: inserted.id,
          version: 1,
          name: text.name,
          hours: text.hours,
          dates: text.dates,
          issued_by: userId,
          issued_at: stamp,
        })
        .execute();
      return result('issued', code, null);
    });
  } catch {
    // Two batches at once: the other one issued this person's first (the unique pair refused ours).
    return result('failed', null, 'Não foi possível emitir agora: tente de novo.');
  }
}

/** GET /api/certificados/emissoes/{id}: the batch's progress and its results so far. */
export async function issueJob(db: Db, jobId: number): Promise<CertificateIssueJobDto> {
  const row = await db
    .selectFrom('certificate_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!row) throw notFound(CERTIFICATE_MESSAGES.jobNotFound);
  const results = JSON.parse(row.results) as CertificateIssueResultDto[];
  const counts = emptyCounts();
  for (const result of results) counts[result.outcome] += 1;
  return {
    id: row.id,
    eventId: row.event_id,
    createdAt: toIsoInstant(row.created_at),
    total: row.total,
    processed: row.processed,
    done: Boolean(row.done),
    counts,
    results,
  };
}
