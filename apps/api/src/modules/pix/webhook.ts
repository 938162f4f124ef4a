import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PIX_PSP_ERROR_CODE, PIX_WEBHOOK_HTTPS_MESSAGE } from '@balcao/contract';
import { openTotpSecret, sealTotpSecret, totpKeys } from '../../totp-secret-box.ts';
import type { Database } from '../../db/types.ts';
import { ApiError, conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import {
  PspError,
  parseWebhookNotification,
  type PspClient,
  type ReceivedPix,
} from './psp-client.ts';
import { atPsp, newWebhookSecret, pspConnection } from './settings.ts';
import { chargeRow, recordCharge } from './charges.ts';

/**
 * The PSP's webhook (issues #28 and #41, docs/pix.md): `POST /api/pix/webhook/{secret}/pix` with
 * the standard's `{pix: [...]}`. A notification is only a hint: each Pix it names is asked of the
 * PSP (`GET /cob/{txid}` for a charge of ours, `GET /pix/{e2eid}` otherwise), and only what the
 * PSP answers is stored: its id, amount and time. A forged notification, even with the secret,
 * pays nothing.
 */

type Db = Kysely<Database>;

/** The path segment the PSP calls back with; anything else is not the PSP (404, nothing said). */
async function checkSecret(db: Db, key: Buffer, secret: string): Promise<void> {
  const row = await db
    .selectFrom('pix_psp_settings')
    .select('webhook_secret_sealed')
    .executeTakeFirst();
  const expected = Buffer.from(row ? openTotpSecret(totpKeys(key), row.webhook_secret_sealed) : '');
  const given = Buffer.from(secret);
  if (!row || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw notFound('Recurso não encontrado.');
  }
}

export async function receiveNotification(
  db: Db,
  key: Buffer,
  now: Date,
  secret: string,
  body: unknown,
): Promise<{ received: number }> {
  await checkSecret(db, key, secret);
  let notified: ReceivedPix[];
  try {
    notified = parseWebhookNotification(body);
  } catch (error) {
    if (error instanceof PspError) throw invalidRequest(error.message);
    throw error;
  }
  // A Pix already stored came from the PSP's own answer: a duplicate notification asks nothing.
  const ids = [...new Set(notified.map((pix) => pix.endToEndId))];
  const known = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('pix_notifications')
            .select('end_to_end_id')
            .where('end_to_end_id', 'in', ids)
            .execute()
        ).map((row) => row.end_to_end_id),
  );
  const fresh = notified.filter(
    (pix, index) => !known.has(pix.endToEndId) && ids.indexOf(pix.endToEndId) === index,
  );
  if (fresh.length === 0) return { received: notified.length };
  try {
    await atPsp(db, key, async (client) => {
      for (const pix of fresh) await confirmAtPsp(db, client, now, pix);
    });
  } catch (error) {
    // Not confirmed now: a 503 makes the PSP notify again later; the till's reading goes on.
    if (!(error instanceof PspError)) throw error;
    throw new ApiError(503, PIX_PSP_ERROR_CODE, `Pix não confirmado com o PSP: ${error.message}`);
  }
  return { received: notified.length };
}

/**
 * One notified Pix, as the PSP holds it: of a charge of ours, that charge is read (`GET /cob`)
 * and stored as the PSP says (paid, or a late Pix kept on it); else the Pix is read by its id.
 * A Pix the PSP does not hold changes nothing. What the PSP holds is kept in `pix_notifications`
 * (once per end-to-end id), so a Pix of no charge is still listed to be given back.
 */
async function confirmAtPsp(db: Db, client: PspClient, now: Date, notice: ReceivedPix) {
  const row = notice.txid === null ? undefined : await chargeRow(db, notice.txid);
  let pix: ReceivedPix | undefined;
  if (row) {
    const charge = await client.getCharge(row.txid);
    pix = charge.pix.find((one) => one.endToEndId === notice.endToEndId);
    if (pix) await recordCharge(db, now, row, charge);
  } else {
    try {
      pix = await client.getPix(notice.endToEndId);
    } catch (error) {
      if (!(error instanceof PspError && error.kind === 'not_found')) throw error;
    }
  }
  if (!pix) return;
  await db
    .insertInto('pix_notifications')
    .values({
      end_to_end_id: pix.endToEndId,
      txid: pix.txid,
      amount_cents: pix.amountCents,
      paid_at: pix.paidAt,
      received_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('end_to_end_id').doNothing())
    .execute();
}

/** The address the PSP calls back (registered with `PUT /webhook/{chave}`), without `/pix`. */
export function webhookUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/pix/webhook/${secret}`;
}

/**
 * POST /api/pix/psp/webhook, 'Registrar webhook': the PSP will notify this server's URL, over
 * https only (the standard's callback is mutual TLS; PUBLIC_URL http:// is refused, 409). Each
 * registration makes a new secret, kept (sealed) once the PSP took it: registering again rotates
 * it, and the old URL stops working.
 */
export async function registerWebhook(
  db: Db,
  key: Buffer,
  publicUrl: string,
): Promise<{ ok: boolean; message: string }> {
  const chave = (await db.selectFrom('pix_settings').select('pix_key').executeTakeFirst())?.pix_key;
  if (!(await pspConnection(db, key))) return { ok: false, message: 'Nenhum PSP configurado.' };
  if (!chave) throw conflict('A chave PIX não foi configurada. Consulte os administradores.');
  if (new URL(publicUrl).protocol !== 'https:') throw conflict(PIX_WEBHOOK_HTTPS_MESSAGE);
  const secret = newWebhookSecret();
  try {
    await atPsp(db, key, (client) => client.setWebhook(chave, webhookUrl(publicUrl, secret)));
  } catch (error) {
    if (error instanceof PspError) return { ok: false, message: error.message };
    throw error;
  }
  await db
    .updateTable('pix_psp_settings')
    .set({ webhook_secret_sealed: sealTotpSecret(key, secret) })
    .execute();
  return { ok: true, message: `Webhook registrado no PSP para a chave ${chave}.` };
}
