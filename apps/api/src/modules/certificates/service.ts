import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { Kysely, Selectable } from 'kysely';
import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_REASON_MAX,
  normalizeCertificateCode,
  type CertificateDto,
  type CertificateListDto,
  type CertificateVerificationDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import type { CertificateTable } from '../../db/tables/certificates.ts';
import { toIsoInstant } from '../../dates.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { renderCertificate } from '../../printing/documents/index.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { requireEvent } from '../events/index.ts';
import { eventLayout } from '../layouts/index.ts';

type Db = Kysely<Database>;
type Certificate = Selectable<CertificateTable>;

/** The kind of the certificates' e-mail sendings (modules/emails, `registerAttachments`). */
export const CERTIFICATE_EMAIL_KIND = 'certificate';

const instant = (value: string | null): string | null => (value ? toIsoInstant(value) : null);

const toDto = (row: Certificate & { emailed_at?: string | null }): CertificateDto => ({
  code: row.code,
  participantId: row.participant_id,
  name: row.name ?? '',
  version: row.version,
  issuedAt: toIsoInstant(row.issued_at),
  updatedAt: toIsoInstant(row.updated_at),
  revokedAt: instant(row.revoked_at),
  revokedReason: row.revoked_reason,
  emailedAt: instant(row.emailed_at ?? null),
});

/** GET /api/certificados/eventos/{eventId}: every certificate of the event, by name. */
export async function listCertificates(db: Db, eventId: number): Promise<CertificateListDto> {
  await requireEvent(db, eventId);
  const rows = await db
    .selectFrom('certificates as c')
    .selectAll('c')
    // When its PDF last went out by e-mail: the certificates' sendings that reached the person.
    .select((eb) =>
      eb
        .selectFrom('email_recipients as r')
        .innerJoin('email_batches as b', 'b.id', 'r.batch_id')
        .select((inner) => inner.fn.max('r.sent_at').as('sent'))
        .where('b.kind', '=', CERTIFICATE_EMAIL_KIND)
        .whereRef('b.event_id', '=', 'c.event_id')
        .whereRef('r.participant_id', '=', 'c.participant_id')
        .where('r.status', '=', 'ENVIADO')
        .as('emailed_at'),
    )
    .where('c.event_id', '=', eventId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return { eventId, certificates: rows.map(toDto) };
}

/** The certificate a code names (typed any way the contract reads it), or 404. */
async function requireCertificate(db: Db, code: string): Promise<Certificate> {
  const normalized = normalizeCertificateCode(code);
  const row = normalized
    ? await db
        .selectFrom('certificates')
        .selectAll()
        .where('code', '=', normalized)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return row;
}

/** A valid certificate's PDF, drawn with its event's 'Certificado' layout (or the default). */
export async function certificatePdf(db: Db, row: Certificate, publicUrl: string): Promise<Buffer> {
  return renderCertificate(
    {
      name: row.name ?? '',
      event: row.event_name,
      course: row.course,
      hours: row.hours,
      dates: row.dates,
      code: row.code,
      publicUrl,
    },
    await eventLayout(db, row.event_id, 'certificate'),
  );
}

export const certificateFileName = (code: string): string => `certificado-${code}.pdf`;

/** GET /api/certificados/{code}/pdf: a revoked one is not handed out again (409). */
export async function downloadCertificate(
  db: Db,
  code: string,
  publicUrl: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await requireCertificate(db, code);
  if (row.revoked_at) throw conflict(CERTIFICATE_MESSAGES.revoked);
  return { fileName: certificateFileName(row.code), pdf: await certificatePdf(db, row, publicUrl) };
}

/**
 * GET …/zip: the event's valid certificates, one PDF each, as a ZIP streamed while it is made:
 * one PDF drawn at a time between reads of the answer (the PDFs are compressed already, so they
 * are stored, not deflated again), so a large event neither waits in memory nor holds the loop.
 */
export async function certificatesZip(
  db: Db,
  eventId: number,
  publicUrl: string,
): Promise<Readable> {
  await requireEvent(db, eventId);
  const rows = await db
    .selectFrom('certificates')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('revoked_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (rows.length === 0) throw notFound(CERTIFICATE_MESSAGES.noneIssued);
  async function* entries(): AsyncGenerator<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else chunks.push(chunk);
    });
    for (const row of rows) {
      const file = new ZipPassThrough(certificateFileName(row.code));
      zip.add(file);
      file.push(await certificatePdf(db, row, publicUrl), true);
      yield* chunks.splice(0);
      if (failure) throw failure;
    }
    zip.end();
    yield* chunks.splice(0);
    if (failure) throw failure;
  }
  return Readable.from(entries(), { objectMode: false });
}

/** POST /api/certificados/{code}/revogar: with a reason, in the audit log; once. */
export async function revokeCertificate(
  db: Db,
  actor: AuditActor,
  code: string,
  reasonInput: string,
  now: Date,
): Promise<CertificateDto> {
  const reason = reasonInput.trim();
  if (reason === '' || reason.length > CERTIFICATE_REASON_MAX) {
    throw invalidRequest(CERTIFICATE_MESSAGES.revokeReason);
  }
  const row = await requireCertificate(db, code);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('certificates')
      .set({ revoked_at: stamp, revoked_reason: reason })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) throw conflict(CERTIFICATE_MESSAGES.alreadyRevoked);
    await recordAudit(trx, actor, {
      entity: 'certificates',
      entityId: row.id,
      action: 'revogar',
      before: { revoked_at: null },
      after: { code: row.code, revoked_at: stamp, revoked_reason: reason },
      at: now,
    });
  });
  return toDto({ ...row, revoked_at: stamp, revoked_reason: reason });
}

const NOT_FOUND: CertificateVerificationDto = { status: 'not_found' };

/**
 * GET /api/certificados/verificar/{code}: public. One read by the unique code's index; a code that
 * cannot be one (length, alphabet) is not even looked up. Never a CPF or an e-mail; no name once
 * the participant was anonymized.
 */
export async function verifyCertificate(db: Db, code: string): Promise<CertificateVerificationDto> {
  const normalized = normalizeCertificateCode(code);
  if (!normalized) return NOT_FOUND;
  const row = await db
    .selectFrom('certificates')
    .select(['code', 'name', 'event_name', 'course', 'hours', 'dates', 'issued_at', 'revoked_at'])
    .where('code', '=', normalized)
    .executeTakeFirst();
  if (!row) return NOT_FOUND;
  if (row.revoked_at) {
    return {
      status: 'revoked',
      code: row.code,
      name: row.name,
      event: row.event_name,
      revokedAt: toIsoInstant(row.revoked_at),
    };
  }
  return {
    status: 'valid',
    code: row.code,
    name: row.name ?? '',
    event: row.event_name,
    course: row.course,
    hours: row.hours,
    dates: row.dates,
    issuedAt: toIsoInstant(row.issued_at),
  };
}
