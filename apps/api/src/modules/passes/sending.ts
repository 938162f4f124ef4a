import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import {
  PASS_UNPAID_STATUSES,
  type PassSendingDto,
  type PassSendingRequest,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';
import { renderPassPdf } from '../../printing/documents/index.ts';
import type { AuditActor } from '../audit/index.ts';
import {
  queueModuleSending,
  sendingOfKind,
  withAddress,
  type AttachmentBuilder,
} from '../emails/index.ts';
import { requireEvent } from '../events/index.ts';
import { issuePass } from './service.ts';

type Db = Kysely<Database>;

/** The kind of the passes' sendings (modules/emails, `registerAttachments`). */
export const PASS_KIND = 'pass';

const SUBJECT = 'Seu ingresso: {evento}';
const BODY = [
  'Olá, {nome}!',
  '',
  'Seu ingresso para {evento} está em anexo, como imagem (PNG) e em PDF.',
  'Apresente este QR Code no credenciamento.',
  '',
  'O ingresso é pessoal: não o compartilhe. Se receber um novo, só o último vale.',
].join('\n');
const NOBODY =
  "Nenhum participante a receber o ingresso: sem e-mail, ou sem estar em dia (marque 'Enviar também a quem não está em dia').";
const NOT_IN_EVENT = 'Participante não encontrado neste evento.';
export const PASS_SENDING_NOT_FOUND = 'Envio de ingressos não encontrado.';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * Each e-mail of a passes' sending, made as it goes out: the participant's current pass (a
 * reissue between queueing and sending sends the new one) as an inline QR in the HTML, and the
 * same QR as a PNG file and a one-page PDF. An anonymized participant's e-mail fails.
 */
export function passAttachments(sealKey: Buffer): AttachmentBuilder {
  return async (db, recipient) => {
    if (recipient.participantId === null) throw notFound(NOT_IN_EVENT);
    const pass = await issuePass(db, sealKey, recipient.eventId, recipient.participantId);
    const event = await requireEvent(db, recipient.eventId);
    const png = await QRCode.toBuffer(pass, { errorCorrectionLevel: 'M', margin: 4, width: 480 });
    const pdf = await renderPassPdf({
      eventName: event.name,
      participantName: recipient.name,
      pass,
    });
    const html = [
      `<p>Olá, ${escapeHtml(recipient.name)}!</p>`,
      `<p>Seu ingresso para <strong>${escapeHtml(event.name)}</strong>:</p>`,
      '<p><img src="cid:ingresso-qr" alt="QR Code do ingresso" width="240" height="240"></p>',
      '<p><strong>Apresente este QR Code no credenciamento.</strong> Ele também está em anexo, como imagem (PNG) e em PDF.</p>',
      '<p>O ingresso é pessoal: não o compartilhe. Se receber um novo, só o último vale.</p>',
    ].join('\n');
    return {
      html,
      attachments: [
        { filename: 'ingresso-qr.png', contentType: 'image/png', content: png, cid: 'ingresso-qr' },
        { filename: 'ingresso.png', contentType: 'image/png', content: png },
        { filename: 'ingresso.pdf', contentType: 'application/pdf', content: pdf },
      ],
    };
  };
}

/**
 * 'Enviar ingressos': queues one e-mail per chosen participant (or everyone of the event) with a
 * valid address, leaving out the anonymized and, unless `includeUnpaid`, those not 'em dia'.
 */
export async function queuePassSending(
  db: Db,
  now: Date,
  actor: AuditActor,
  request: PassSendingRequest,
): Promise<{ batchId: number; withoutEmail: number; unpaid: number }> {
  const { eventId } = request;
  await requireEvent(db, eventId);
  const chosen = request.participantIds ? [...new Set(request.participantIds)] : undefined;
  let query = db
    .selectFrom('participants')
    .select(['id', 'name', 'email', 'status'])
    .where('event_id', '=', eventId)
    .where('anonymized_at', 'is', null);
  if (chosen) {
    if (chosen.length === 0) throw invalidRequest('Escolha ao menos um participante.');
    query = query.where('id', 'in', chosen);
  }
  const people = await query.orderBy('name').orderBy('id').execute();
  if (chosen && people.length !== chosen.length) throw invalidRequest(NOT_IN_EVENT);
  const reachable = withAddress(people);
  const paid = reachable.filter(
    (person) => request.includeUnpaid === true || !PASS_UNPAID_STATUSES.includes(person.status),
  );
  const batchId = await queueModuleSending(db, now, actor, {
    eventId,
    kind: PASS_KIND,
    subject: SUBJECT,
    body: BODY,
    none: NOBODY,
    people: paid,
    action: 'enviar_ingressos',
  });
  return {
    batchId,
    withoutEmail: people.length - reachable.length,
    unpaid: reachable.length - paid.length,
  };
}

/** A passes' sending as the screen follows it; 404 for any other sending. */
export async function passSending(
  db: Db,
  batchId: number,
  skipped: { withoutEmail: number; unpaid: number } = { withoutEmail: 0, unpaid: 0 },
): Promise<PassSendingDto> {
  return { ...(await sendingOfKind(db, batchId, PASS_KIND, PASS_SENDING_NOT_FOUND)), ...skipped };
}
