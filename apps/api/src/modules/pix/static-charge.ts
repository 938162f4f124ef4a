import { type AuditActor, auditedWrite } from '../audit/index.ts';
import type { Kysely } from 'kysely';
import { createStaticPix, hasError } from 'pix-utils';
import {
  PIX_CITY_MAX,
  PIX_INVALID_CITY,
  PIX_INVALID_KEY,
  PIX_INVALID_NAME,
  PIX_KEY_MAX,
  PIX_NAME_MAX,
  PIX_NOT_CONFIGURED,
  pixTxid,
  toReais,
  type PixChargeDto,
  type PixConfigDto,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { conflict, invalidRequest } from '../../http/api-error.ts';
import { orders } from './order-answers.ts';

/** PIX without a PSP, at the cashier: the receiver's settings (System) and a charge's static BR Code. */

type Db = Kysely<Database>;

/** The BR Code carries plain ASCII: accents dropped, upper case, as banks print names. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();
}

export async function pixConfig(db: Db): Promise<PixConfigDto> {
  const row = await db.selectFrom('pix_settings').selectAll().executeTakeFirst();
  return {
    chave: row?.pix_key ?? '',
    nome: row?.receiver_name ?? '',
    cidade: row?.receiver_city ?? '',
  };
}

/** POST /carrinho/pix/config: one row, replaced; lengths are the BR Code's. */
export async function savePixConfig(
  db: Db,
  now: Date,
  actor: AuditActor,
  config: PixConfigDto,
): Promise<PixConfigDto> {
  const chave = config.chave.trim();
  const nome = config.nome.trim();
  const cidade = config.cidade.trim();
  if (chave === '' || chave.length > PIX_KEY_MAX || /\s/.test(chave)) {
    throw invalidRequest(PIX_INVALID_KEY);
  }
  if (nome === '' || nome.length > PIX_NAME_MAX) throw invalidRequest(PIX_INVALID_NAME);
  if (cidade === '' || cidade.length > PIX_CITY_MAX) throw invalidRequest(PIX_INVALID_CITY);
  const values = {
    pix_key: chave,
    receiver_name: nome,
    receiver_city: cidade,
    updated_by: actor.id,
    updated_at: now.toISOString(),
  };
  await db.transaction().execute((trx) =>
    auditedWrite(trx, actor, { entity: 'pix_settings', id: 1, action: 'update', at: now }, () =>
      trx
        .insertInto('pix_settings')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute(),
    ),
  );
  return pixConfig(db);
}

/** The static BR Code for a receiver, an amount in cents and a txid (pix-utils does the EMV). */
export function brCode(config: PixConfigDto, cents: number, txid: string): string {
  const pix = createStaticPix({
    pixKey: config.chave,
    merchantName: plain(config.nome),
    merchantCity: plain(config.cidade),
    transactionAmount: toReais(cents),
    txid,
  });
  if (hasError(pix)) throw invalidRequest(PIX_INVALID_KEY);
  return pix.toBRCode();
}

/**
 * What a PIX charge of `valor` for the order needs, checked: the order may take it (orders says,
 * `chargeableCents`) and the receiver's key is saved.
 */
export async function pixChargeable(
  db: Db,
  orderId: number,
  valor: number,
): Promise<{ cents: number; config: PixConfigDto }> {
  const cents = await orders().chargeableCents(db, orderId, valor);
  const config = await pixConfig(db);
  if (config.chave === '') throw conflict(PIX_NOT_CONFIGURED);
  return { cents, config };
}

/** GET /carrinho/pix/{id}?valor=: the charge for (part of) an order awaiting payment. */
export async function pixCharge(db: Db, orderId: number, valor: number): Promise<PixChargeDto> {
  const { cents, config } = await pixChargeable(db, orderId, valor);
  const txid = pixTxid(orderId);
  return { payload: brCode(config, cents, txid), txid };
}
