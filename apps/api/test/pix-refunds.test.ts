import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PIX_REFUND_NOT_FOUND,
  PIX_REFUND_NOT_LISTED,
  PIX_REFUND_REASON_REQUIRED,
  PIX_UNCLAIMED_REASONS,
  type PixRefundDto,
  type PixRefundsDto,
  type RefundedOrderDto,
} from '@balcao/contract';
import { pixRefundId } from '../src/modules/pix/refunds.ts';
import { orderOf, type StoreClerk } from './helpers/store.ts';
import type { TestContext } from './helpers/test-app.ts';
import type { PspEmulator } from './helpers/psp-emulator.ts';
import { CHAVE, startPixTill, type PixTill } from './helpers/pix-till.ts';

// Refunds (devoluções) of Pix received (issue #28, docs/pix.md 'Refunds'): an estorno gives the
// order's bank-confirmed Pix back through the PSP, and 'Devoluções PIX' lists the Pix no order
// keeps, to be given back once each, against the emulator of the Banco Central's Pix API.

const REFUND_PUT = 'PUT /pix/{e2eid}/devolucao/{id}';
const REFUND_GET = 'GET /pix/{e2eid}/devolucao/{id}';

let till: PixTill;
let t: TestContext;
let second: PixTill['second'];
let emulator: PspEmulator;
let cashier: StoreClerk;
let manager: StoreClerk;
let method: PixTill['method'];
let newOrder: PixTill['newOrder'];
let charged: PixTill['charged'];

beforeAll(async () => {
  till = await startPixTill();
  ({ t, second, emulator, cashier, manager, method, newOrder, charged } = till);
  await till.connectPsp();
});
afterAll(() => till.close());

/** An order of R$ 40,50 paid by a charge the bank confirmed: its id, txid and the Pix's id. */
async function paidByTheBank() {
  const order = await newOrder();
  const { txid } = await charged(order);
  const { endToEndId } = await emulator.pay(txid);
  orderOf(await cashier.pay(order, [{ id_forma_pagamento: method('PIX'), valor: 40.5, txid }]));
  return { order, txid, endToEndId };
}

const estorno = (order: number, motivo: string, key?: string) =>
  manager.call(
    'POST',
    `/api/carrinho/estornar/${order}`,
    { motivo },
    key ? { 'idempotency-key': key } : {},
  );

const list = async () => {
  const answer = await manager.call('GET', '/api/pix/devolucoes');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<PixRefundsDto>();
};
const refundOf = async (endToEndId: string) =>
  (await list()).refunds.find((refund) => refund.endToEndId === endToEndId);
const unclaimed = async (endToEndId: string) =>
  (await list()).unclaimed.find((pix) => pix.endToEndId === endToEndId);

const refundRows = (endToEndId: string) =>
  t.db.selectFrom('pix_refunds').selectAll().where('end_to_end_id', '=', endToEndId).execute();

describe('an estorno of an order the bank confirmed', () => {
  it('reads a refund whose answer was lost by its id, and never sends its PUT twice', async () => {
    const { order, endToEndId } = await paidByTheBank();
    const id = pixRefundId(endToEndId);
    const puts = emulator.count(REFUND_PUT);
    // The PUT is done at the PSP and its answer lost; so are the reads right after it.
    emulator.loseNextAnswer(REFUND_PUT);
    emulator.loseNextAnswer(REFUND_GET, Infinity);
    const answer = await estorno(order, 'Resposta perdida');
    emulator.answerAgain(REFUND_GET);
    expect(answer.statusCode, answer.body).toBe(200);
    const [pending] = answer.json<RefundedOrderDto>().devolucoesPix;
    expect(pending).toMatchObject({ id, status: 'PENDENTE' });
    expect(pending!.error).toMatch(/^O PSP não respondeu|^O PSP recusou o certificado/);
    expect(emulator.count(REFUND_PUT)).toBe(puts + 1);

    // 'Tentar de novo' reads it first: the PSP holds it, so it is not sent again.
    const retried = await manager.call('POST', `/api/pix/devolucoes/${id}/tentar`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<PixRefundDto>()).toMatchObject({
      id,
      status: 'EM_PROCESSAMENTO',
      error: null,
      returnId: expect.stringMatching(/^D/),
    });
    expect(emulator.count(REFUND_PUT)).toBe(puts + 1);
    await emulator.settleRefund(endToEndId, id);
    expect((await refundOf(endToEndId))?.status).toBe('DEVOLVIDO');
  });

  it('reads a PENDENTE refund back when the list is read, until the PSP settles it', async () => {
    const { order, endToEndId } = await paidByTheBank();
    const id = pixRefundId(endToEndId);
    const puts = emulator.count(REFUND_PUT);
    emulator.loseNextAnswer(REFUND_PUT);
    emulator.loseNextAnswer(REFUND_GET, Infinity);
    const [pending] = (await estorno(order, 'Resposta perdida')).json<RefundedOrderDto>()
      .devolucoesPix;
    emulator.answerAgain(REFUND_GET);
    expect(pending?.status).toBe('PENDENTE');
    await emulator.settleRefund(endToEndId, id, 'NAO_REALIZADO', { notify: false });
    expect(await refundOf(endToEndId)).toMatchObject({
      status: 'NAO_REALIZADO',
      error: 'Devolução recusada pelo emulador.',
    });
    expect(emulator.count(REFUND_PUT)).toBe(puts + 1);
  });

  it('asks the PSP once for the refund of its Pix, with an id of its own, and reads it settled', async () => {
    const { order, txid, endToEndId } = await paidByTheBank();
    const puts = emulator.count(REFUND_PUT);
    const answer = await estorno(order, 'Cliente desistiu', 'estorno-pix-1');
    expect(answer.statusCode, answer.body).toBe(200);
    const refunded = answer.json<RefundedOrderDto>();
    expect(refunded.estadoPedido).toBe('ESTORNADO');
    const id = pixRefundId(endToEndId);
    expect(id).toMatch(/^BALCAOD[0-9a-f]{28}$/);
    expect(refunded.devolucoesPix).toEqual([
      {
        id,
        endToEndId,
        valor: 40.5,
        orderId: order,
        txid,
        motivo: 'Cliente desistiu',
        status: 'EM_PROCESSAMENTO',
        returnId: expect.stringMatching(/^D99999999\d{12}[0-9a-f]{11}$/),
        error: null,
        createdBy: manager.username,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(emulator.count(REFUND_PUT)).toBe(puts + 1);

    // The estorno replayed (same Idempotency-Key): the same answer, the PSP not asked again.
    const replayed = await estorno(order, 'Cliente desistiu', 'estorno-pix-1');
    expect(replayed.json<RefundedOrderDto>().devolucoesPix[0]?.id).toBe(id);
    expect(emulator.count(REFUND_PUT)).toBe(puts + 1);
    expect(await refundRows(endToEndId)).toHaveLength(1);
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'pix_refunds')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      { action: 'insert', user_id: manager.userId },
      { action: 'resposta_psp', user_id: manager.userId },
    ]);

    // Not a Pix to give back: it is being given back.
    expect(await unclaimed(endToEndId)).toBeUndefined();
    expect((await refundOf(endToEndId))?.status).toBe('EM_PROCESSAMENTO');
    await emulator.settleRefund(endToEndId, id);
    expect((await refundOf(endToEndId))?.status).toBe('DEVOLVIDO');
    expect(emulator.count(REFUND_PUT)).toBe(puts + 1);
  });

  it('stands when the PSP is down: the refund stays PENDENTE with why, and is tried again', async () => {
    const { order, endToEndId } = await paidByTheBank();
    await emulator.down('unavailable');
    let refunded: RefundedOrderDto;
    try {
      const answer = await estorno(order, 'Produto com defeito');
      expect(answer.statusCode, answer.body).toBe(200);
      refunded = answer.json<RefundedOrderDto>();
    } finally {
      await emulator.up();
    }
    expect(refunded.estadoPedido).toBe('ESTORNADO');
    const [pending] = refunded.devolucoesPix;
    expect(pending).toMatchObject({
      endToEndId,
      status: 'PENDENTE',
      returnId: null,
      error: 'O PSP está indisponível (HTTP 503).',
    });
    const stored = await t.db
      .selectFrom('orders')
      .select('state')
      .where('id', '=', order)
      .executeTakeFirstOrThrow();
    expect(stored.state).toBe('ESTORNADO');
    expect((await refundOf(endToEndId))?.status).toBe('PENDENTE');

    const retried = await manager.call('POST', `/api/pix/devolucoes/${pending!.id}/tentar`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<PixRefundDto>()).toMatchObject({
      id: pending!.id,
      status: 'EM_PROCESSAMENTO',
      error: null,
    });
    // Tried again once accepted: answered as it stands, the PSP not asked.
    const puts = emulator.count(REFUND_PUT);
    const again = await manager.call('POST', `/api/pix/devolucoes/${pending!.id}/tentar`);
    expect(again.json<PixRefundDto>().status).toBe('EM_PROCESSAMENTO');
    expect(emulator.count(REFUND_PUT)).toBe(puts);
  });

  it('of an order paid without a Pix asks nothing of the PSP', async () => {
    const order = await newOrder();
    orderOf(
      await cashier.pay(order, [{ id_forma_pagamento: method('Cartão de crédito'), valor: 40.5 }]),
    );
    const puts = emulator.count(REFUND_PUT);
    const answer = await estorno(order, 'Cliente desistiu');
    expect(answer.json<RefundedOrderDto>().devolucoesPix).toEqual([]);
    expect(emulator.count(REFUND_PUT)).toBe(puts);
  });
});

describe("'Devoluções PIX': the Pix no order keeps", () => {
  it('lists a late Pix of a cancelled charge and one of an order paid otherwise, once the order cannot take them', async () => {
    const order = await newOrder();
    const cancelled = await charged(order);
    expect(
      (await cashier.call('DELETE', `/api/carrinho/pix/cobranca/${cancelled.txid}`)).json().status,
    ).toBe('CANCELADA');
    const late = await emulator.pay(cancelled.txid, { late: true });
    // While the order awaits payment the till may still take that Pix: not to be given back yet.
    expect(await unclaimed(late.endToEndId)).toBeUndefined();
    const byCard = [{ id_forma_pagamento: method('Cartão de crédito'), valor: 40.5 }];
    orderOf(await cashier.pay(order, byCard));
    // Another order paid at the bank and then by card too: paid twice.
    const twice = await newOrder();
    const paidToo = await emulator.pay((await charged(twice)).txid);
    orderOf(await cashier.pay(twice, byCard));

    expect(await unclaimed(late.endToEndId)).toEqual({
      endToEndId: late.endToEndId,
      valor: 40.5,
      paidAt: expect.any(String),
      txid: cancelled.txid,
      orderId: order,
      why: PIX_UNCLAIMED_REASONS.cancelled,
    });
    expect((await unclaimed(paidToo.endToEndId))?.why).toBe(PIX_UNCLAIMED_REASONS.paidOtherwise);

    // Two managers give the late one back at the same moment (on PostgreSQL, on two servers).
    const puts = emulator.count(REFUND_PUT);
    const body = { endToEndId: late.endToEndId, motivo: 'Pago depois do cancelamento' };
    const answers = await Promise.all(
      [t.app, second?.app ?? t.app].map((app) =>
        app.inject({
          method: 'POST',
          url: '/api/pix/devolucoes',
          headers: manager.headers,
          payload: body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const ids = answers.map((answer) => answer.json<PixRefundDto>().id);
    expect(ids).toEqual([pixRefundId(late.endToEndId), pixRefundId(late.endToEndId)]);
    expect(emulator.count(REFUND_PUT)).toBe(puts + 1);
    expect(await refundRows(late.endToEndId)).toHaveLength(1);
    const refund = await refundOf(late.endToEndId);
    expect(refund).toMatchObject({
      status: 'EM_PROCESSAMENTO',
      orderId: order,
      txid: cancelled.txid,
      motivo: 'Pago depois do cancelamento',
      valor: 40.5,
    });
    expect(await unclaimed(late.endToEndId)).toBeUndefined();

    // Asked once more: the same refund, not another.
    const again = await manager.call('POST', '/api/pix/devolucoes', body);
    expect(again.json<PixRefundDto>().id).toBe(refund!.id);
    expect(emulator.count(REFUND_PUT)).toBe(puts + 1);
  });

  it('lists a Pix of no known charge, as the PSP holds it, and gives it back; a forged one is not listed', async () => {
    const foreign = emulator.foreignCharge(CHAVE, 1234);
    const { endToEndId } = await emulator.pay(foreign);
    expect(await unclaimed(endToEndId)).toEqual({
      endToEndId,
      valor: 12.34,
      paidAt: expect.any(String),
      txid: foreign,
      orderId: null,
      why: PIX_UNCLAIMED_REASONS.noCharge,
    });
    // A notice of a Pix the PSP does not hold, with the right secret: nothing to give back.
    const forged = 'E99999999202611281200abcdef01234';
    const notified = await t.app.inject({
      method: 'POST',
      url: till.webhookPath(),
      payload: {
        pix: [{ endToEndId: forged, txid: null, valor: '12.34', horario: '2026-11-28T12:00:00Z' }],
      },
    });
    expect(notified.statusCode, notified.body).toBe(200);
    expect(await unclaimed(forged)).toBeUndefined();
    const refused = await manager.call('POST', '/api/pix/devolucoes', {
      endToEndId: forged,
      motivo: 'Pix sem pedido',
    });
    expect(refused.statusCode).toBe(400);

    const answer = await manager.call('POST', '/api/pix/devolucoes', {
      endToEndId,
      motivo: 'Pix sem pedido',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<PixRefundDto>()).toMatchObject({
      id: pixRefundId(endToEndId),
      status: 'EM_PROCESSAMENTO',
      valor: 12.34,
      error: null,
    });
  });

  it('leaves out a Pix that came after the cashier confirmed its line by hand', async () => {
    const order = await newOrder();
    const { txid } = await charged(order);
    orderOf(
      await cashier.pay(order, [
        {
          id_forma_pagamento: method('PIX'),
          valor: 40.5,
          txid,
          confirmacao_manual: 'Comprovante conferido no app do banco',
        },
      ]),
    );
    const { endToEndId } = await emulator.pay(txid);
    expect((await list()).unclaimed.map((pix) => pix.endToEndId)).not.toContain(endToEndId);
    const refused = await manager.call('POST', '/api/pix/devolucoes', {
      endToEndId,
      motivo: 'Engano',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(PIX_REFUND_NOT_LISTED);
  });
});

describe('the refund routes', () => {
  it('are refused to a cashier without the estorno’s permission', async () => {
    for (const [verb, url] of [
      ['GET', '/api/pix/devolucoes'],
      ['POST', '/api/pix/devolucoes'],
      ['POST', `/api/pix/devolucoes/${pixRefundId('E1')}/tentar`],
    ] as const) {
      const answer = await cashier.call(verb, url, verb === 'POST' ? {} : undefined);
      expect(answer.statusCode, `${verb} ${url}`).toBe(403);
    }
  });

  it('say what is wrong in pt-BR', async () => {
    const blank = await manager.call('POST', '/api/pix/devolucoes', {
      endToEndId: 'E99999999202611281200abcdef01234',
      motivo: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error_description).toBe(PIX_REFUND_REASON_REQUIRED);
    const missing = await manager.call('POST', '/api/pix/devolucoes', {
      endToEndId: 'E99999999202611281200abcdef01234',
    });
    expect(missing.json().error_description).toBe(PIX_REFUND_REASON_REQUIRED);
    const unknown = await manager.call('POST', '/api/pix/devolucoes', {
      endToEndId: 'E00000000202611281200000000000000',
      motivo: 'Engano',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_description).toBe(PIX_REFUND_NOT_LISTED);
    const malformed = await manager.call('POST', '/api/pix/devolucoes', {
      endToEndId: 'E-1/../x',
      motivo: 'Engano',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error_description).toBe(
      "O campo 'endToEndId' não está no formato esperado.",
    );
    const none = await manager.call('POST', '/api/pix/devolucoes/BALCAODnaoexiste/tentar');
    expect(none.statusCode).toBe(404);
    expect(none.json().error_description).toBe(PIX_REFUND_NOT_FOUND);
  });
});
