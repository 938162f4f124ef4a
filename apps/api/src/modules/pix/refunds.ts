import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  PIX_REFUND_NO_PSP,
  PIX_REFUND_NOT_FOUND,
  PIX_REFUND_NOT_LISTED,
  PIX_REFUND_REASON_REQUIRED,
  PIX_UNCLAIMED_REASONS,
  toReais,
  type PixRefundDto,
  type PixRefundsDto,
  type PixUnclaimedDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import type { PixRefundTable } from '../../db/tables/pix.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { PspClient } from './psp-client.ts';
import { PspError, type Refund } from './psp-client.ts';
import { atPsp } from './settings.ts';
import { orders } from './order-answers.ts';

/**
 * Refunds (devoluções) of Pix received (issue #28, docs/pix.md 'Refunds'): one per Pix, recorded
 * before the PSP is asked, under an id made from the Pix, so a retry, a double click or two
 * servers at once are the same refund at the PSP. Also the list of Pix no order keeps.
 */

type Db = Kysely<Database>;
type RefundRow = Selectable<PixRefundTable>;

/** One Pix to give back, whole: its id at the bank, amount and where it came from. */
export interface PixToRefund {
  endToEndId: string;
  amountCents: number;
  orderId: number | null;
  txid: string | null;
}

/**
 * The devolução's id at the PSP (`[a-zA-Z0-9]{1,35}`): `BALCAOD` and 28 hex digits of the Pix's
 * end-to-end id's SHA-256. The same Pix always gives the same id (the standard makes a repeated
 * `PUT` with it the same refund); the end-to-end id itself (32) does not fit after a prefix.
 */
export function pixRefundId(endToEndId: string): string {
  return `BALCAOD${createHash('sha256').update(endToEndId).digest('hex').slice(0, 28)}`;
}

/** How many refunds in EM_PROCESSAMENTO one read of the list asks the PSP about. */
const REFRESH_MAX = 20;

async function toDtos(db: Db, rows: readonly RefundRow[]): Promise<PixRefundDto[]> {
  const userIds = [...new Set(rows.flatMap((row) => (row.created_by ? [row.created_by] : [])))];
  const users =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'username'])
          .where('id', 'in', userIds)
          .execute();
  const names = new Map(users.map((user) => [user.id, user.username]));
  return rows.map((row) => ({
    id: row.id,
    endToEndId: row.end_to_end_id,
    valor: toReais(row.amount_cents),
    orderId: row.order_id,
    txid: row.txid,
    motivo: row.reason,
    status: row.status,
    returnId: row.return_id,
    error: row.error,
    createdBy: row.created_by === null ? null : (names.get(row.created_by) ?? null),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

const refundRow = (db: Db, id: string) =>
  db.selectFrom('pix_refunds').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The refund asked of the PSP, `PUT /pix/{e2eid}/devolucao/{id}`. The standard refuses an id
 * already used, so a refund asked before (`asked`: its answer may have been lost) is first read by
 * its id, `GET …/devolucao/{id}`, and sent only if the PSP does not hold it. What the PSP said is
 * stored (`storeAnswer`).
 */
async function askPsp(
  db: Db,
  key: Buffer,
  now: Date,
  actor: AuditActor,
  row: RefundRow,
  asked: boolean,
): Promise<RefundRow> {
  let answer: Refund | null = null;
  let error: string | null = null;
  const ask = async (client: PspClient) => {
    if (asked) {
      try {
        return await client.getRefund(row.end_to_end_id, row.id);
      } catch (thrown) {
        if (!(thrown instanceof PspError && thrown.kind === 'not_found')) throw thrown;
      }
    }
    return client.refund(row.end_to_end_id, row.id, row.amount_cents);
  };
  try {
    answer = await atPsp(db, key, ask, PIX_REFUND_NO_PSP);
  } catch (thrown) {
    if (!(thrown instanceof PspError)) throw thrown;
    error = thrown.message;
  }
  return storeAnswer(db, now, actor, row, answer, error);
}

/**
 * What the PSP said, stored: its status and return id, or, when it refused or did not answer,
 * the row stays PENDENTE with the pt-BR reason (to be read back, or tried again). Never moves a
 * row backwards.
 */
async function storeAnswer(
  db: Db,
  now: Date,
  actor: AuditActor,
  row: RefundRow,
  answer: Refund | null,
  error: string | null,
): Promise<RefundRow> {
  const stamp = now.toISOString();
  const after = answer
    ? {
        status: answer.status,
        return_id: answer.rtrId,
        error: answer.status === 'NAO_REALIZADO' ? answer.reason : null,
      }
    : { status: 'PENDENTE' as const, error };
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('pix_refunds')
      .set({ ...after, updated_at: stamp })
      .where('id', '=', row.id)
      .where('status', '=', 'PENDENTE')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return;
    await recordAudit(trx, actor, {
      entity: 'pix_refunds',
      entityId: row.id,
      action: 'resposta_psp',
      after: { end_to_end_id: row.end_to_end_id, ...after },
      at: now,
    });
  });
  return (await refundRow(db, row.id))!;
}

/**
 * The refund of one whole Pix: recorded first (PENDENTE, audited), then asked of the PSP. A Pix
 * already recorded is answered as it stands, without asking again: a second request, a double
 * click or another server is the same refund (the UNIQUE end-to-end id decides who asks).
 */
export async function refundPix(
  db: Db,
  key: Buffer,
  now: Date,
  actor: AuditActor,
  pix: PixToRefund,
  reason: string,
): Promise<RefundRow> {
  const id = pixRefundId(pix.endToEndId);
  const stamp = now.toISOString();
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('pix_refunds')
      .values({
        id,
        end_to_end_id: pix.endToEndId,
        amount_cents: pix.amountCents,
        order_id: pix.orderId,
        txid: pix.txid,
        reason,
        status: 'PENDENTE',
        created_by: actor.id,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    await recordAudit(trx, actor, {
      entity: 'pix_refunds',
      entityId: id,
      action: 'insert',
      after: {
        end_to_end_id: pix.endToEndId,
        amount_cents: pix.amountCents,
        order_id: pix.orderId,
        txid: pix.txid,
        motivo: reason,
      },
      at: now,
    });
    return true;
  });
  const row = (await db
    .selectFrom('pix_refunds')
    .selectAll()
    .where('end_to_end_id', '=', pix.endToEndId)
    .executeTakeFirst())!;
  return created ? askPsp(db, key, now, actor, row, false) : row;
}

/**
 * After an order refund (estorno) committed: each of its lines the bank confirmed is given back
 * through the PSP, with the estorno's reason. The PSP failing leaves the refund PENDENTE with its
 * message, never the estorno undone. A replayed estorno finds the refunds and answers them.
 */
export async function refundOrderPix(
  db: Db,
  key: Buffer,
  now: Date,
  actor: AuditActor,
  orderId: number,
): Promise<PixRefundDto[]> {
  const lines = await orders().refundedOrderPixLines(db, orderId);
  const rows: RefundRow[] = [];
  for (const { reason, ...line } of lines) {
    rows.push(await refundPix(db, key, now, actor, { ...line, orderId }, reason));
  }
  return toDtos(db, rows);
}

// ---- The Pix no order keeps -------------------------------------------------------------------

interface Unclaimed extends PixToRefund {
  paidAt: string;
  why: string;
}

const notRefunded = (column: 'c.end_to_end_id' | 'n.end_to_end_id' | 'line.end_to_end_id') =>
  sql<boolean>`not exists (select 1 from pix_refunds r where r.end_to_end_id = ${sql.ref(column)})`;

/**
 * Pix received that no order keeps and no refund was asked for (`only`: that one Pix):
 * - a charge's Pix when its txid is on no payment line and its order can no longer take it (the
 *   till may use a Pix, even a late one, while the order awaits payment): cancelled or expired
 *   before it came, or the order paid another way or removed;
 * - a notified Pix on no charge and no line: of no known charge, or a second Pix of a charge;
 * - a bank-confirmed line of a refunded order whose refund was never recorded (the server stopped
 *   between the estorno and the refund).
 */
async function unclaimedPix(db: Db, only?: string): Promise<Unclaimed[]> {
  const { orderState, lineHoldsCharge, lineHoldsPix, refundedPixLines } = orders();
  const charges = await db
    .selectFrom('pix_charges as c')
    .select((eb) => [
      'c.txid',
      'c.order_id',
      'c.status',
      'c.end_to_end_id',
      'c.paid_cents',
      'c.amount_cents',
      'c.paid_at',
      'c.updated_at',
      orderState(eb.ref('c.order_id')).as('order_state'),
    ])
    .where('c.end_to_end_id', 'is not', null)
    .$if(only !== undefined, (query) => query.where('c.end_to_end_id', '=', only!))
    .where((eb) =>
      eb(orderState(eb.ref('c.order_id')), 'not in', ['CARRINHO', 'AGUARDANDO_PAGAMENTO']),
    )
    .where(({ not, ref }) => not(lineHoldsCharge(ref('c.txid'))))
    .where(({ not, ref }) => not(lineHoldsPix(ref('c.end_to_end_id'))))
    .where(notRefunded('c.end_to_end_id'))
    .execute();
  const notified = await db
    .selectFrom('pix_notifications as n')
    .leftJoin('pix_charges as c', 'c.txid', 'n.txid')
    .select([
      'n.end_to_end_id',
      'n.txid',
      'n.amount_cents',
      'n.paid_at',
      'c.order_id',
      'c.status as charge_status',
    ])
    .$if(only !== undefined, (query) => query.where('n.end_to_end_id', '=', only!))
    // An active charge may still take it (the webhook came before the charge was stored).
    .where((eb) => eb.or([eb('c.txid', 'is', null), eb('c.status', '!=', 'ATIVA')]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('pix_charges as paid')
            .select('paid.txid')
            .whereRef('paid.end_to_end_id', '=', 'n.end_to_end_id'),
        ),
      ),
    )
    .where(({ not, ref }) => not(lineHoldsPix(ref('n.end_to_end_id'))))
    .where(notRefunded('n.end_to_end_id'))
    .execute();
  const refundedLines = await db
    .selectFrom(refundedPixLines())
    .leftJoin('pix_charges as c', 'c.txid', 'line.pix_txid')
    .select([
      'line.end_to_end_id',
      'line.amount_cents',
      'line.order_id',
      'line.pix_txid',
      'line.created_at',
      'c.paid_at',
    ])
    .$if(only !== undefined, (query) => query.where('line.end_to_end_id', '=', only!))
    .where(notRefunded('line.end_to_end_id'))
    .execute();

  const found = new Map<string, Unclaimed>();
  for (const charge of charges) {
    const why =
      charge.status === 'CANCELADA'
        ? PIX_UNCLAIMED_REASONS.cancelled
        : charge.status === 'EXPIRADA'
          ? PIX_UNCLAIMED_REASONS.expired
          : charge.order_state === 'REMOVIDO'
            ? PIX_UNCLAIMED_REASONS.orderRemoved
            : PIX_UNCLAIMED_REASONS.paidOtherwise;
    found.set(charge.end_to_end_id!, {
      endToEndId: charge.end_to_end_id!,
      amountCents: charge.paid_cents ?? charge.amount_cents,
      orderId: charge.order_id,
      txid: charge.txid,
      paidAt: charge.paid_at ?? charge.updated_at,
      why,
    });
  }
  for (const pix of notified) {
    if (found.has(pix.end_to_end_id)) continue;
    found.set(pix.end_to_end_id, {
      endToEndId: pix.end_to_end_id,
      amountCents: pix.amount_cents,
      orderId: pix.order_id,
      txid: pix.txid,
      paidAt: pix.paid_at,
      why:
        pix.charge_status === null
          ? PIX_UNCLAIMED_REASONS.noCharge
          : PIX_UNCLAIMED_REASONS.chargePaidTwice,
    });
  }
  for (const line of refundedLines) {
    if (found.has(line.end_to_end_id)) continue;
    found.set(line.end_to_end_id, {
      endToEndId: line.end_to_end_id,
      amountCents: line.amount_cents,
      orderId: line.order_id,
      txid: line.pix_txid,
      paidAt: line.paid_at ?? line.created_at,
      why: PIX_UNCLAIMED_REASONS.orderRefunded,
    });
  }
  return [...found.values()].sort((a, b) => b.paidAt.localeCompare(a.paidAt));
}

/**
 * The refunds not settled, read back at the PSP by their id (a few per read; failures leave them):
 * those it is processing, and those PENDENTE whose request may have reached it though its answer
 * was lost. A PENDENTE refund the PSP does not hold stays so, for 'Tentar de novo'.
 */
async function refreshProcessing(db: Db, key: Buffer, now: Date, actor: AuditActor): Promise<void> {
  const processing = await db
    .selectFrom('pix_refunds')
    .selectAll()
    .where('status', 'in', ['EM_PROCESSAMENTO', 'PENDENTE'])
    .orderBy('updated_at')
    .limit(REFRESH_MAX)
    .execute();
  if (processing.length === 0) return;
  const refresh = (client: PspClient) =>
    Promise.all(
      processing.map(async (row) => {
        let refund: Refund;
        try {
          refund = await client.getRefund(row.end_to_end_id, row.id);
        } catch (error) {
          if (error instanceof PspError) return;
          throw error;
        }
        if (row.status === 'PENDENTE') {
          await storeAnswer(db, now, actor, row, refund, null);
          return;
        }
        if (refund.status === 'EM_PROCESSAMENTO') return;
        await db
          .updateTable('pix_refunds')
          .set({
            status: refund.status,
            error: refund.status === 'NAO_REALIZADO' ? refund.reason : null,
            updated_at: now.toISOString(),
          })
          .where('id', '=', row.id)
          .where('status', '=', 'EM_PROCESSAMENTO')
          .execute();
      }),
    );
  try {
    await atPsp(db, key, refresh);
  } catch (error) {
    // No PSP now, or it cannot be reached: the list shows what is stored.
    if (!(error instanceof PspError)) throw error;
  }
}

/** GET /api/pix/devolucoes: the Pix to give back and the refunds asked (their PSP status read). */
export async function pixRefunds(
  db: Db,
  key: Buffer,
  now: Date,
  actor: AuditActor,
): Promise<PixRefundsDto> {
  await refreshProcessing(db, key, now, actor);
  const unclaimed: PixUnclaimedDto[] = (await unclaimedPix(db)).map((pix) => ({
    endToEndId: pix.endToEndId,
    valor: toReais(pix.amountCents),
    paidAt: pix.paidAt,
    txid: pix.txid,
    orderId: pix.orderId,
    why: pix.why,
  }));
  const rows = await db
    .selectFrom('pix_refunds')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return { unclaimed, refunds: await toDtos(db, rows) };
}

/**
 * POST /api/pix/devolucoes: gives back one Pix of the list. A Pix whose refund was already asked
 * is answered with that refund (the same one), not refused.
 */
export async function refundUnclaimedPix(
  db: Db,
  key: Buffer,
  now: Date,
  actor: AuditActor,
  endToEndId: string,
  motivo: string,
): Promise<PixRefundDto> {
  const reason = motivo.trim();
  if (reason === '') throw invalidRequest(PIX_REFUND_REASON_REQUIRED);
  const asked = async () => {
    const row = await db
      .selectFrom('pix_refunds')
      .selectAll()
      .where('end_to_end_id', '=', endToEndId)
      .executeTakeFirst();
    return row && (await toDtos(db, [row]))[0]!;
  };
  const earlier = await asked();
  if (earlier) return earlier;
  const [pix] = await unclaimedPix(db, endToEndId);
  if (!pix) {
    // Another manager's request may have asked for it between the two reads: the same refund.
    const meanwhile = await asked();
    if (meanwhile) return meanwhile;
    throw invalidRequest(PIX_REFUND_NOT_LISTED);
  }
  const row = await refundPix(db, key, now, actor, pix, reason);
  return (await toDtos(db, [row]))[0]!;
}

/**
 * POST /api/pix/devolucoes/{id}/tentar: a PENDENTE refund read at the PSP by its id (the earlier
 * request may have reached it), and asked only if the PSP does not hold it, with the same id. Any
 * other is answered as is.
 */
export async function retryPixRefund(
  db: Db,
  key: Buffer,
  now: Date,
  actor: AuditActor,
  id: string,
): Promise<PixRefundDto> {
  const row = await refundRow(db, id);
  if (!row) throw notFound(PIX_REFUND_NOT_FOUND);
  const current = row.status === 'PENDENTE' ? await askPsp(db, key, now, actor, row, true) : row;
  return (await toDtos(db, [current]))[0]!;
}
