import type { Kysely } from 'kysely';
import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_SENDING_MESSAGES,
  normalizeCertificateCode,
  type CertificateSendingDto,
  type CertificateSendingRequest,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/api-error.ts';
import type { AuditActor } from '../audit/index.ts';
import {
  queueModuleSending,
  sendingOfKind,
  withAddress,
  type AttachmentBuilder,
} from '../emails/index.ts';
import { requireEvent } from '../events/index.ts';
import { CERTIFICATE_EMAIL_KIND, certificateFileName, certificatePdf } from './service.ts';

type Db = Kysely<Database>;

const SUBJECT = 'Seu certificado: {evento}';
const BODY = [
  'Olá, {nome}!',
  '',
  'Seu certificado de participação em {evento} está em anexo, em PDF.',
  'Qualquer pessoa pode conferi-lo pelo QR Code ou pelo código impresso nele.',
].join('\n');

/**
 * Each e-mail of a certificates' sending, made as it goes out: the participant's certificate as it
 * is then (a re-issue between queueing and sending sends the new version). A certificate revoked
 * meanwhile, or an anonymized participant, makes that e-mail fail with the reason.
 */
export function certificateAttachments(publicUrl: string): AttachmentBuilder {
  return async (db, recipient) => {
    const row =
      recipient.participantId === null
        ? undefined
        : await db
            .selectFrom('certificates')
            .selectAll()
            .where('event_id', '=', recipient.eventId)
            .where('participant_id', '=', recipient.participantId)
            .executeTakeFirst();
    if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
    if (row.revoked_at) throw new Error(CERTIFICATE_MESSAGES.revoked);
    return {
      attachments: [
        {
          filename: certificateFileName(row.code),
          contentType: 'application/pdf',
          content: await certificatePdf(db, row, publicUrl),
        },
      ],
    };
  };
}

/**
 * POST …/enviar: one e-mail per valid certificate of the event (or of the codes chosen) whose
 * participant has a valid address; queued in modules/emails, then drained by the route.
 */
export async function queueCertificateSending(
  db: Db,
  now: Date,
  actor: AuditActor,
  eventId: number,
  request: CertificateSendingRequest,
): Promise<{ batchId: number; withoutEmail: number }> {
  await requireEvent(db, eventId);
  const codes = request.codes?.map((code) => normalizeCertificateCode(code) ?? code);
  let query = db
    .selectFrom('certificates as c')
    .innerJoin('participants as p', 'p.id', 'c.participant_id')
    .select(['p.id', 'p.name', 'p.email', 'p.status'])
    .where('c.event_id', '=', eventId)
    .where('c.revoked_at', 'is', null)
    .where('p.anonymized_at', 'is', null);
  if (codes) query = query.where('c.code', 'in', codes.length > 0 ? codes : ['']);
  const people = await query.orderBy('p.name').orderBy('p.id').execute();
  const reachable = withAddress(people);
  const batchId = await queueModuleSending(db, now, actor, {
    eventId,
    kind: CERTIFICATE_EMAIL_KIND,
    subject: SUBJECT,
    body: BODY,
    none: CERTIFICATE_SENDING_MESSAGES.nobody,
    people: reachable,
    action: 'enviar_certificados',
  });
  return { batchId, withoutEmail: people.length - reachable.length };
}

/** A certificates' sending as the page follows it; 404 for any other sending. */
export async function certificateSending(
  db: Db,
  batchId: number,
  withoutEmail = 0,
): Promise<CertificateSendingDto> {
  const sending = await sendingOfKind(
    db,
    batchId,
    CERTIFICATE_EMAIL_KIND,
    CERTIFICATE_SENDING_MESSAGES.notFound,
  );
  return { ...sending, withoutEmail };
}
