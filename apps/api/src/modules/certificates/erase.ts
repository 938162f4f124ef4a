import type { Kysely } from 'kysely';
import {
  ANONYMIZED_NAME,
  CERTIFICATE_MESSAGES,
  type CertificateIssueResultDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';

/**
 * A participant's erasure ('Anonimizar participante', in its transaction): their certificates are
 * revoked (the reason says why) and lose the name, every version's too, so the public verification
 * answers 'Certificado revogado' with no name; the issuing batches' results name them no more.
 */
export async function revokeCertificatesOf(
  trx: Kysely<Database>,
  participantId: number,
  now: Date,
): Promise<void> {
  const owned = await trx
    .selectFrom('certificates')
    .select('id')
    .where('participant_id', '=', participantId)
    .execute();
  const ids = owned.map((row) => row.id);
  const stamp = now.toISOString();
  if (ids.length > 0) await eraseCertificates(trx, ids, stamp);
  // A batch names everyone it looked at, those who earned nothing too.
  const jobs = await trx
    .selectFrom('certificate_jobs')
    .select(['id', 'results'])
    .where('results', 'like', `%"participantId":${participantId},%`)
    .execute();
  for (const job of jobs) {
    const results = JSON.parse(job.results) as CertificateIssueResultDto[];
    if (!results.some((result) => result.participantId === participantId)) continue;
    const erased = results.map((result) =>
      result.participantId === participantId ? { ...result, name: ANONYMIZED_NAME } : result,
    );
    await trx
      .updateTable('certificate_jobs')
      .set({ results: JSON.stringify(erased) })
      .where('id', '=', job.id)
      .execute();
  }
}

async function eraseCertificates(trx: Kysely<Database>, ids: number[], stamp: string) {
  await trx
    .updateTable('certificates')
    .set({ revoked_at: stamp, revoked_reason: CERTIFICATE_MESSAGES.erasedReason })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
  await trx.updateTable('certificates').set({ name: null }).where('id', 'in', ids).execute();
  await trx
    .updateTable('certificate_versions')
    .set({ name: null })
    .where('certificate_id', 'in', ids)
    .execute();
}
