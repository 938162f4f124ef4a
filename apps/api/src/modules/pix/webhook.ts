import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest, notFound } from '../../http/api-error.ts';
import { PspClient, PspError, parseWebhookNotification } from './psp-client.ts';
import { pspConnection } from './settings.ts';
import { confirmManualLine } from './charges.ts';

/**
 * The PSP's webhook (issue #28, docs/pix.md): `POST /api/pix/webhook/{secret}/pix` with the
 * standard's `{pix: [...]}`. Each Pix is stored once by its end-to-end id, then its charge is
 * marked paid; a Pix of a cancelled or expired charge is kept on it, for a refund.
 */

type Db = Kysely<Database>;

/** The path segment the PSP calls back with; anything else is not the PSP (404, nothing said). */
async function checkSecret(db: Db, secret: string): Promise<void> {
  const row = await db.selectFrom('pix_psp_settings').select('webhook_secret').executeTakeFirst();
  const expected = Buffer.from(row?.webhook_secret ?? '');
  const given = Buffer.from(secret);
  if (!row || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw notFound('Recurso não encontrado.');
  }
}

export async function receiveNotification(
  db: Db,
  now: Date,
  secret: string,
  body: unknown,
): Promise<{ received: number }> {
  await checkSecret(db, secret);
  let pixes;
  try {
    pixes = parseWebhookNotification(body);
  } catch (error) {
    if (error instanceof PspError) throw invalidRequest(error.message);
    throw error;
  }
  const stamp = now.toISOString();
  for (const pix of pixes) {
    await db.transaction().execute(async (trx) => {
      // A duplicate notification (or a refund's, which repeats the Pix) finds the row: nothing new.
      const stored = await trx
        .insertInto('pix_notifications')
        .values({
          end_to_end_id: pix.endToEndId,
          txid: pix.txid,
          amount_cents: pix.amountCents,
          paid_at: pix.paidAt,
          received_at: stamp,
        })
        .onConflict((oc) => oc.column('end_to_end_id').doNothing())
        .executeTakeFirst();
      if ((stored.numInsertedOrUpdatedRows ?? 0n) === 0n || pix.txid === null) return;
      const paid = {
        end_to_end_id: pix.endToEndId,
        paid_cents: pix.amountCents,
        paid_at: pix.paidAt,
        updated_at: stamp,
      };
      await trx
        .updateTable('pix_charges')
        .set({ status: 'CONCLUIDA', ...paid })
        .where('txid', '=', pix.txid)
        .where('status', '=', 'ATIVA')
        .execute();
      // Paid after its end: recorded on the charge as it stands, to be given back.
      await trx
        .updateTable('pix_charges')
        .set(paid)
        .where('txid', '=', pix.txid)
        .where('status', 'in', ['CANCELADA', 'EXPIRADA'])
        .where('end_to_end_id', 'is', null)
        .execute();
      await confirmManualLine(trx, pix.txid, pix);
    });
  }
  return { received: pixes.length };
}

/** The address the PSP calls back (registered with `PUT /webhook/{chave}`), without `/pix`. */
export function webhookUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/pix/webhook/${secret}`;
}

/** POST /api/pix/psp/webhook, 'Registrar webhook': the PSP will notify this server's URL. */
export async function registerWebhook(
  db: Db,
  key: Buffer,
  publicUrl: string,
): Promise<{ ok: boolean; message: string }> {
  const connection = await pspConnection(db, key);
  const settings = await db
    .selectFrom('pix_psp_settings')
    .select('webhook_secret')
    .executeTakeFirst();
  const chave = (await db.selectFrom('pix_settings').select('pix_key').executeTakeFirst())?.pix_key;
  if (!connection || !settings) return { ok: false, message: 'Nenhum PSP configurado.' };
  if (!chave) throw conflict('A chave PIX não foi configurada. Consulte os administradores.');
  const client = new PspClient(connection);
  try {
    await client.setWebhook(chave, webhookUrl(publicUrl, settings.webhook_secret));
    return { ok: true, message: `Webhook registrado no PSP para a chave ${chave}.` };
  } catch (error) {
    if (error instanceof PspError) return { ok: false, message: error.message };
    throw error;
  } finally {
    client.close();
  }
}
