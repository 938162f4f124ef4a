import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PIX_CHARGE_EXPIRY_SECONDS,
  PIX_PSP_NOT_CONFIGURED,
  PIX_PSP_NOT_CONFIGURED_CODE,
  pixChargeTxid,
  type PixPspChargeDto,
} from '@balcao/contract';
import { orderOf, paymentMethodIds, type StoreClerk } from './helpers/store.ts';
import type { TestContext } from './helpers/test-app.ts';
import { PIX_WEBHOOK_RATE_MAX } from '../src/modules/pix/routes.ts';
import { sweepCharges } from '../src/modules/pix/charges.ts';
import type { PspEmulator } from './helpers/psp-emulator.ts';
import { CHAVE, startPixTill, type PixTill } from './helpers/pix-till.ts';

// Immediate charges at the PSP for an order (issue #28, docs/pix.md), against the emulator of the
// Banco Central's Pix API. The server's clock is the real one: charges expire by the PSP's.

let till: PixTill;
let t: TestContext;
let emulator: PspEmulator;
let seller: StoreClerk;
let cashier: StoreClerk;
let manager: StoreClerk;
let newOrder: PixTill['newOrder'];
let charged: PixTill['charged'];

beforeAll(async () => {
  till = await startPixTill();
  ({ t, emulator, seller, cashier, manager, newOrder, charged } = till);
});
afterAll(() => till.close());

const charge = (orderId: number, valor: number) =>
  cashier.call('POST', `/api/carrinho/pix/${orderId}/cobranca`, { valor });
const read = async (txid: string) =>
  (await cashier.call('GET', `/api/carrinho/pix/cobranca/${txid}`)).json<PixPspChargeDto>();
const cancel = async (txid: string) =>
  (await cashier.call('DELETE', `/api/carrinho/pix/cobranca/${txid}`)).json<PixPspChargeDto>();

describe('PIX charges at the PSP', () => {
  it('are refused until a PSP is connected', async () => {
    const order = await newOrder();
    const refused = await charge(order, 40.5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: PIX_PSP_NOT_CONFIGURED_CODE,
      error_description: PIX_PSP_NOT_CONFIGURED,
    });
    await till.connectPsp();
  });

  it('makes a charge of exact cents, answers it again, and sees it paid', async () => {
    const order = await newOrder();
    const made = await charged(order, 40.5);
    expect(made).toMatchObject({
      txid: pixChargeTxid(order, 1),
      orderId: order,
      status: 'ATIVA',
      valor: 40.5,
      endToEndId: null,
    });
    expect(made.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(made.pixCopiaECola).toMatch(/^000201/);
    const lifetime = Date.parse(made.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan((PIX_CHARGE_EXPIRY_SECONDS - 30) * 1000);
    expect(lifetime).toBeLessThanOrEqual(PIX_CHARGE_EXPIRY_SECONDS * 1000);
    expect(emulator.charge(made.txid)).toMatchObject({
      valor: { original: '40.50' },
      chave: CHAVE,
      status: 'ATIVA',
    });

    // The till reopened: the same charge, no second call to the PSP.
    const puts = emulator.count('PUT /cob/{txid}');
    expect(await charged(order, 40.5)).toEqual(made);
    expect(emulator.count('PUT /cob/{txid}')).toBe(puts);

    expect((await read(made.txid)).status).toBe('ATIVA');
    // The payer's bank pays; the webhook is lost: reading the charge finds it paid.
    const { endToEndId } = await emulator.pay(made.txid, { notify: false });
    const paid = await read(made.txid);
    expect(paid).toMatchObject({ status: 'CONCLUIDA', endToEndId });
    expect(paid.paidAt).not.toBeNull();
  });

  it('cancels a charge for another amount, and a cancelled or expired one is over', async () => {
    const order = await newOrder();
    const first = await charged(order, 40.5);
    const second = await charged(order, 20);
    expect(second.txid).toBe(pixChargeTxid(order, 2));
    expect(second.valor).toBe(20);
    expect((await read(first.txid)).status).toBe('CANCELADA');
    expect(emulator.charge(first.txid)).toMatchObject({
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    });

    expect((await cancel(second.txid)).status).toBe('CANCELADA');
    const third = await charged(order, 20);
    expect(third.txid).toBe(pixChargeTxid(order, 3));
    emulator.expire(third.txid);
    expect((await read(third.txid)).status).toBe('EXPIRADA');
  });

  it('keeps a charge paid a moment before the cancel arrives', async () => {
    const order = await newOrder();
    const made = await charged(order, 40.5);
    const { endToEndId } = await emulator.pay(made.txid, { notify: false });
    expect(await cancel(made.txid)).toMatchObject({ status: 'CONCLUIDA', endToEndId });
  });

  it('says so when the PSP is down, and refuses what the order does not allow', async () => {
    const order = await newOrder();
    await emulator.down('unavailable');
    try {
      const down = await charge(order, 40.5);
      expect(down.statusCode).toBe(502);
      expect(down.json().error_description).toMatch(/indisponível/);
    } finally {
      await emulator.up();
    }
    const above = await charge(order, 50);
    expect(above.statusCode).toBe(400);
    expect(above.json().error_description).toMatch(/passa do que falta/);
    const unknown = await cashier.call(
      'GET',
      `/api/carrinho/pix/cobranca/${pixChargeTxid(99999, 1)}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await seller.call('POST', `/api/carrinho/pix/${order}/cobranca`, { valor: 1 })).statusCode,
    ).toBe(403);
  });
});

describe('active charges left behind', () => {
  const sweep = (at = new Date()) => sweepCharges(t.db, t.config.totpKey, at);

  it('are withdrawn once their order is paid otherwise, and read once past their time', async () => {
    const paidByCard = await newOrder();
    const left = await charged(paidByCard, 40.5);
    const card = (await paymentMethodIds(cashier))('Cartão de crédito');
    orderOf(await cashier.pay(paidByCard, [{ id_forma_pagamento: card, valor: 40.5 }]));
    const waiting = await charged(await newOrder(), 40.5);

    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(emulator.charge(left.txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect((await read(left.txid)).status).toBe('CANCELADA');
    expect(emulator.charge(waiting.txid)?.status).toBe('ATIVA');
    expect(await sweep()).toBe(0);

    // Past its time (nobody at the till to read it): expired, and no longer payable here.
    emulator.expire(waiting.txid);
    expect(await sweep(new Date(Date.now() + (PIX_CHARGE_EXPIRY_SECONDS + 1) * 1000))).toBe(1);
    expect((await read(waiting.txid)).status).toBe('EXPIRADA');
  });

  it('a charge paid while the till looked away is the one the till gets back', async () => {
    const order = await newOrder();
    const made = await charged(order, 40.5);
    const { endToEndId } = await emulator.pay(made.txid, { notify: false });
    expect((await read(made.txid)).status).toBe('CONCLUIDA');
    const puts = emulator.count('PUT /cob/{txid}');
    expect(await charged(order, 40.5)).toMatchObject({ txid: made.txid, endToEndId });
    expect(emulator.count('PUT /cob/{txid}')).toBe(puts);
  });
});

describe("the PSP's webhook", () => {
  const notifications = () => t.db.selectFrom('pix_notifications').selectAll().execute();

  it('marks the charge paid once, however often the PSP says it, without asking the PSP', async () => {
    const registered = await manager.call('POST', '/api/pix/psp/webhook');
    expect(registered.json()).toEqual({
      ok: true,
      message: `Webhook registrado no PSP para a chave ${CHAVE}.`,
    });
    const order = await newOrder();
    const made = await charged(order, 40.5);
    const before = (await notifications()).length;
    const { endToEndId, deliveries } = await emulator.pay(made.txid, { duplicate: true });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect((await notifications()).length).toBe(before + 1);

    const reads = emulator.count('GET /cob/{txid}');
    expect(await read(made.txid)).toMatchObject({ status: 'CONCLUIDA', endToEndId });
    expect(emulator.count('GET /cob/{txid}')).toBe(reads);
  });

  it('keeps a Pix paid after the charge was cancelled, for a refund', async () => {
    const order = await newOrder();
    const made = await charged(order, 40.5);
    expect((await cancel(made.txid)).status).toBe('CANCELADA');
    const { endToEndId } = await emulator.pay(made.txid, { late: true });
    const row = await t.db
      .selectFrom('pix_charges')
      .selectAll()
      .where('txid', '=', made.txid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'CANCELADA', end_to_end_id: endToEndId, paid_cents: 4050 });
  });

  it('answers 404 to a caller without the secret, and 400 to a body off the standard', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/pix/webhook/nao-e-o-segredo/pix',
      payload: { pix: [] },
    });
    expect(forged.statusCode).toBe(404);
    const broken = await t.app.inject({
      method: 'POST',
      url: till.webhookPath(),
      payload: { outra: 'coisa' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error_description).toMatch(/Notificação Pix inválida/);
  });

  it('slows a caller guessing the secret path: 429 after the minute’s allowance', async () => {
    const guess = (index: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/pix/webhook/palpite${index}/pix`,
        payload: { pix: [] },
        remoteAddress: '203.0.113.9',
      });
    const answers = [];
    for (let index = 0; index <= PIX_WEBHOOK_RATE_MAX; index += 1) answers.push(await guess(index));
    expect(
      answers.slice(0, PIX_WEBHOOK_RATE_MAX).every((answer) => answer.statusCode === 404),
    ).toBe(true);
    const limited = answers.at(-1)!;
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_description).toMatch(
      /^Muitas notificações deste endereço: tente de novo em \d+ s\.$/,
    );
    // Another address (the PSP's) is not held up.
    const psp = await t.app.inject({
      method: 'POST',
      url: till.webhookPath(),
      payload: { pix: [] },
      remoteAddress: '198.51.100.7',
    });
    expect(psp.json()).toEqual({ received: 0 });
  });
});
