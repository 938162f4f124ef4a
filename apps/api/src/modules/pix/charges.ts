import type { Kysely, Selectable } from 'kysely';
import {
  PIX_CHARGE_BUSY,
  PIX_CHARGE_BUSY_CODE,
  PIX_CHARGE_EXPIRY_SECONDS,
  PIX_CHARGE_NOT_FOUND,
  PIX_PSP_ERROR_CODE,
  PIX_PSP_NOT_CONFIGURED,
  PIX_PSP_NOT_CONFIGURED_CODE,
  pixChargeTxid,
  toReais,
  type PixPspChargeDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import type { PixChargeTable } from '../../db/tables/pix.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AuditActor } from '../audit/index.ts';
import { pixChargeable } from './static-charge.ts';
import type { PspClient } from './psp-client.ts';
import { PspError, type Charge } from './psp-client.ts';
import { atPsp } from './settings.ts';
import { orders } from './order-answers.ts';

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

/** `use` at the PSP, its failures as the till reads them: no PSP 409, the PSP failing 502. */
async function withPsp<T>(db: Db, key: Buffer, use: (client: PspClient) => Promise<T>) {
  try {
    return await atPsp(db, key, use);
  } catch (error) {
    if (!(error instanceof PspError)) throw error;
    if (error.kind === 'not_connected') {
      throw new ApiError(409, PIX_PSP_NOT_CONFIGURED_CODE, PIX_PSP_NOT_CONFIGURED);
    }
    throw new ApiError(502, PIX_PSP_ERROR_CODE, error.message);
  }
}

/** A charge of the order the bank says was paid, of this amount, that no payment line holds. */
const paidUnusedCharge = (db: Db, orderId: number, cents: number) =>
  db
    .selectFrom('pix_charges')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('end_to_end_id', 'is not', null)
    .where('paid_cents', '=', cents)
    .where(({ not, ref }) => not(orders().lineHoldsCharge(ref('pix_charges.txid'))))
    .orderBy('attempt', 'desc')
    .executeTakeFirst();

const activeCharge = (db: Db, orderId: number) =>
  db
    .selectFrom('pix_charges')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'ATIVA')
    .orderBy('attempt', 'desc')
    .executeTakeFirst();

/** How long a till waits for another till's charge of the same amount to come back from the PSP. */
const MADE_ELSEWHERE_WAIT_MS = 12_000;

/**
 * POST /api/carrinho/pix/{id}/cobranca: the charge for `valor` of the order. One active charge per
 * order (a partial unique index): its row is written first, with its txid (`pixChargeTxid`), and
 * only the till that wrote it sends `PUT /cob/{txid}`, so the amount stored is the PSP's. The
 * order's active charge of that amount is answered again (a till reopened, a double click, a
 * second till); another amount cancels it first, or, while another till is still making it, is
 * refused (409 PIX_CHARGE_BUSY).
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
  // Paid while the till looked elsewhere (the order closed and opened again): that Pix pays.
  const paid = await paidUnusedCharge(db, orderId, cents);
  if (paid) return toDto(paid);
  const current = await activeCharge(db, orderId);
  if (current && current.amount_cents === cents && Date.parse(current.expires_at) > now.getTime()) {
    return toDto(await madeAtPsp(db, current));
  }
  return withPsp(db, key, async (client) => {
    let active = current;
    for (let round = 0; round < 5; round++) {
      if (active) {
        if (active.amount_cents === cents && Date.parse(active.expires_at) > now.getTime()) {
          return toDto(await madeAtPsp(db, active));
        }
        const making = active.pix_copia_e_cola === '';
        if (making && Date.parse(active.expires_at) > now.getTime()) throw busy();
        await settle(db, client, now, active, 'cancel');
      }
      const txid = await reserveCharge(db, now, actor, orderId, cents);
      if (!txid) {
        active = await activeCharge(db, orderId);
        continue;
      }
      let made: Charge;
      try {
        made = await client.createCharge(txid, {
          amountCents: cents,
          expirySeconds: PIX_CHARGE_EXPIRY_SECONDS,
          chave: config.chave,
          description: `Pedido ${orderId}`,
        });
      } catch (error) {
        // Never shown, so never paid: the attempt ends here (its txid is not used again).
        await db
          .updateTable('pix_charges')
          .set({ status: 'CANCELADA', updated_at: now.toISOString() })
          .where('txid', '=', txid)
          .where('pix_copia_e_cola', '=', '')
          .execute();
        throw error;
      }
      await db
        .updateTable('pix_charges')
        .set({
          pix_copia_e_cola: made.pixCopiaECola ?? '',
          expires_at: made.expiresAt,
          updated_at: now.toISOString(),
        })
        .where('txid', '=', txid)
        .execute();
      return toDto((await chargeRow(db, txid))!);
    }
    throw busy();
  });
}

const busy = () => new ApiError(409, PIX_CHARGE_BUSY_CODE, PIX_CHARGE_BUSY);

/**
 * The order's next attempt, written as its one active charge before the PSP is asked; undefined
 * when another till wrote one first (that attempt number, or the order's active charge).
 */
async function reserveCharge(
  db: Db,
  now: Date,
  actor: AuditActor,
  orderId: number,
  cents: number,
): Promise<string | undefined> {
  const last = await db
    .selectFrom('pix_charges')
    .select((eb) => eb.fn.max('attempt').as('attempt'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const attempt = Number(last?.attempt ?? 0) + 1;
  const txid = pixChargeTxid(orderId, attempt);
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
        // Empty until the PSP answers: the charge is being made.
        pix_copia_e_cola: '',
        expires_at: new Date(now.getTime() + PIX_CHARGE_EXPIRY_SECONDS * 1000).toISOString(),
        created_by: actor.id,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return undefined;
  }
  return txid;
}

/** The charge once its till has it back from the PSP (another till may be making it). */
async function madeAtPsp(db: Db, row: ChargeRow): Promise<ChargeRow> {
  const deadline = Date.now() + MADE_ELSEWHERE_WAIT_MS;
  let current = row;
  while (current.status === 'ATIVA' && current.pix_copia_e_cola === '') {
    if (Date.now() > deadline) throw busy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = (await chargeRow(db, row.txid))!;
  }
  if (current.status !== 'ATIVA' && current.end_to_end_id === null) throw busy();
  return current;
}

export const chargeRow = (db: Db, txid: string) =>
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
    } else if (
      error instanceof PspError &&
      error.kind === 'not_found' &&
      row.pix_copia_e_cola === ''
    ) {
      // An attempt whose server stopped before the PSP made it: never shown, it ends here.
      await db
        .updateTable('pix_charges')
        .set({ status: 'CANCELADA', updated_at: now.toISOString() })
        .where('txid', '=', row.txid)
        .where('status', '=', 'ATIVA')
        .execute();
      return (await chargeRow(db, row.txid))!;
    } else {
      throw error;
    }
  }
  return recordCharge(db, now, row, charge);
}

/**
 * What the PSP holds of a charge (`GET /cob/{txid}` or a write's answer), stored on its row: an
 * active charge becomes paid, cancelled or expired; a Pix of a charge already ended (a late
 * payment) is kept on it as it stands, to be given back. The Pix's id, amount and time are the
 * PSP's: nothing else marks a charge paid (docs/pix.md, 'The webhook').
 */
export async function recordCharge(
  db: Db,
  now: Date,
  row: ChargeRow,
  charge: Charge,
): Promise<ChargeRow> {
  const paid = charge.pix[0];
  const status = chargeStatus(charge, now);
  const pix = {
    end_to_end_id: paid?.endToEndId ?? null,
    paid_cents: paid?.amountCents ?? null,
    paid_at: paid?.paidAt ?? null,
    updated_at: now.toISOString(),
  };
  if (row.status === 'ATIVA' && status !== 'ATIVA') {
    await db
      .updateTable('pix_charges')
      .set({ status, ...pix })
      .where('txid', '=', row.txid)
      .where('status', '=', 'ATIVA')
      .execute();
  } else if (paid && row.status !== 'ATIVA' && row.end_to_end_id === null) {
    await db
      .updateTable('pix_charges')
      .set(pix)
      .where('txid', '=', row.txid)
      .where('status', 'in', ['CANCELADA', 'EXPIRADA'])
      .where('end_to_end_id', 'is', null)
      .execute();
  } else {
    return row;
  }
  // A line confirmed by hand with this charge takes the Pix, so it is not listed to give back.
  if (paid) await orders().confirmLineWithPix(db, row.txid, paid);
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

/**
 * Now and then on each instance (`pixSweepInterval`): active charges of orders no longer awaiting
 * payment are withdrawn at the PSP (so a QR left on a screen cannot be paid), and those past their
 * time are read (paid, or expired). Safe on several instances at once: each write is guarded.
 */
export async function sweepCharges(db: Db, key: Buffer, now: Date): Promise<number> {
  const orderState = orders().orderState;
  const rows = await db
    .selectFrom('pix_charges')
    .selectAll('pix_charges')
    .select((eb) => orderState(eb.ref('pix_charges.order_id')).as('state'))
    .where('pix_charges.status', '=', 'ATIVA')
    .where((eb) =>
      eb.or([
        eb(orderState(eb.ref('pix_charges.order_id')), '!=', 'AGUARDANDO_PAGAMENTO'),
        eb('pix_charges.expires_at', '<=', now.toISOString()),
      ]),
    )
    .orderBy('pix_charges.created_at')
    .limit(100)
    .execute();
  if (rows.length === 0) return 0;
  await withPsp(db, key, async (client) => {
    for (const { state, ...row } of rows) {
      await settle(db, client, now, row, state === 'AGUARDANDO_PAGAMENTO' ? 'read' : 'cancel');
    }
  });
  return rows.length;
}
