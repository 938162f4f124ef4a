import type { Kysely, Selectable } from 'kysely';
import {
  PIX_CHARGE_EXPIRY_SECONDS,
  PIX_CHARGE_NOT_FOUND,
  PIX_PSP_NOT_CONFIGURED,
  pixChargeTxid,
  toReais,
  type PixPspChargeDto,
} from '@balcao/contract';
import type { Database, PixChargeTable } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ApiError, conflict, notFound } from '../../http/api-error.ts';
import type { AuditActor } from '../audit/index.ts';
import { pixChargeable } from '../orders/index.ts';
import { PspClient, PspError, type Charge } from './psp-client.ts';
import { pspConnection } from './settings.ts';

/**
 * Immediate charges at the PSP for an order (issue #28, docs/pix.md): made when the till chooses
 * PIX, read back while they are active (the fallback when no webhook reaches the venue).
 */

type Db = Kysely<Database>;
type ChargeRow = Selectable<PixChargeTable>;

const toDto = (row: ChargeRow): PixPspChargeDto => ({
  txid: row.txid,
  orderId: row.order_id,
  status: row.status,
  valor: toReais(row.amount_cents),
  pixCopiaECola: row.pix_copia_e_cola,
  expiresAt: row.expires_at,
  endToEndId: row.end_to_end_id,
  paidAt: row.paid_at,
});

/** A PSP failure as the till reads it: 502, its pt-BR message. */
const pspFailure = (error: PspError) => new ApiError(502, 'psp_error', error.message);

async function withPsp<T>(db: Db, key: Buffer, use: (client: PspClient) => Promise<T>) {
  const connection = await pspConnection(db, key);
  if (!connection) throw conflict(PIX_PSP_NOT_CONFIGURED);
  const client = new PspClient(connection);
  try {
    return await use(client);
  } catch (error) {
    throw error instanceof PspError ? pspFailure(error) : error;
  } finally {
    client.close();
  }
}

const activeCharge = (db: Db, orderId: number) =>
  db
    .selectFrom('pix_charges')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'ATIVA')
    .orderBy('attempt', 'desc')
    .executeTakeFirst();

/**
 * POST /api/carrinho/pix/{id}/cobranca: the charge for `valor` of the order. The order's active
 * charge of that amount is answered again (a till reopened, a double click); another amount
 * cancels it first. Each attempt has its own txid (`pixChargeTxid`).
 */
export async function createCharge(
  db: Db,
  key: Buffer,
  now: Date,
  actor: AuditActor,
  orderId: number,
  valor: number,
): Promise<PixPspChargeDto> {
  const { cents, config } = await pixChargeable(db, orderId, valor);
  const current = await activeCharge(db, orderId);
  if (current && current.amount_cents === cents && Date.parse(current.expires_at) > now.getTime()) {
    return toDto(current);
  }
  return withPsp(db, key, async (client) => {
    if (current) await settle(db, client, now, current, 'cancel');
    for (;;) {
      const last = await db
        .selectFrom('pix_charges')
        .select((eb) => eb.fn.max('attempt').as('attempt'))
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      const attempt = Number(last?.attempt ?? 0) + 1;
      const txid = pixChargeTxid(orderId, attempt);
      const made = await client.createCharge(txid, {
        amountCents: cents,
        expirySeconds: PIX_CHARGE_EXPIRY_SECONDS,
        chave: config.chave,
        description: `Pedido ${orderId}`,
      });
      const stamp = now.toISOString();
      try {
        await db
          .insertInto('pix_charges')
          .values({
            txid,
            order_id: orderId,
            attempt,
            amount_cents: cents,
            status: 'ATIVA',
            pix_copia_e_cola: made.pixCopiaECola ?? '',
            expires_at: made.expiresAt,
            created_by: actor.id,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
      } catch (error) {
        // Another till made this attempt at the same moment: the PSP revised the same txid, and
        // its row stands; the next attempt number is tried only if that one is not active.
        if (!isUniqueViolation(error)) throw error;
        const raced = await activeCharge(db, orderId);
        if (raced && raced.amount_cents === cents) return toDto(raced);
        continue;
      }
      return toDto((await chargeRow(db, txid))!);
    }
  });
}

const chargeRow = (db: Db, txid: string) =>
  db.selectFrom('pix_charges').selectAll().where('txid', '=', txid).executeTakeFirst();

/**
 * Paid once the PSP holds a Pix for it; an active charge past its time is expired (the standard's
 * status says nothing of expiry); removed by the PSP is expired, by us cancelled.
 */
function chargeStatus(charge: Charge, now: Date): ChargeRow['status'] {
  if (charge.pix.length > 0) return 'CONCLUIDA';
  if (charge.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') return 'CANCELADA';
  if (charge.status !== 'ATIVA') return 'EXPIRADA';
  return Date.parse(charge.expiresAt) <= now.getTime() ? 'EXPIRADA' : 'ATIVA';
}

/** What the PSP says of an active charge, stored: paid, removed, or expired by the clock. */
async function settle(
  db: Db,
  client: PspClient,
  now: Date,
  row: ChargeRow,
  intent: 'read' | 'cancel',
): Promise<ChargeRow> {
  let charge: Charge;
  try {
    charge =
      intent === 'cancel' ? await client.cancelCharge(row.txid) : await client.getCharge(row.txid);
  } catch (error) {
    // A cancel refused may mean it was just paid: what the PSP holds decides.
    if (intent === 'cancel' && error instanceof PspError && error.kind === 'refused') {
      charge = await client.getCharge(row.txid);
    } else {
      throw error;
    }
  }
  const paid = charge.pix[0];
  const status = chargeStatus(charge, now);
  if (status === row.status) return row;
  await db
    .updateTable('pix_charges')
    .set({
      status,
      end_to_end_id: paid?.endToEndId ?? null,
      paid_cents: paid?.amountCents ?? null,
      paid_at: paid?.paidAt ?? null,
      updated_at: now.toISOString(),
    })
    .where('txid', '=', row.txid)
    .where('status', '=', 'ATIVA')
    .execute();
  return (await chargeRow(db, row.txid))!;
}

/**
 * GET /api/carrinho/pix/cobranca/{txid} ('read': the charge, asking the PSP while it is active) and
 * DELETE ('cancel': the QR withdrawn at the PSP, unless just paid). An ended charge is answered as
 * stored.
 */
export async function chargeAtPsp(
  db: Db,
  key: Buffer,
  now: Date,
  txid: string,
  intent: 'read' | 'cancel',
): Promise<PixPspChargeDto> {
  const row = await chargeRow(db, txid);
  if (!row) throw notFound(PIX_CHARGE_NOT_FOUND);
  if (row.status !== 'ATIVA') return toDto(row);
  return toDto(await withPsp(db, key, (client) => settle(db, client, now, row, intent)));
}
