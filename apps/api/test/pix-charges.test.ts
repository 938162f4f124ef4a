import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PIX_CHARGE_EXPIRY_SECONDS,
  PIX_PSP_NOT_CONFIGURED,
  PIX_PSP_NOT_CONFIGURED_CODE,
  PIX_WEBHOOK_HTTPS_MESSAGE,
  pixChargeTxid,
  type PixPspChargeDto,
} from '@balcao/contract';
import {
  openDrawer,
  orderOf,
  paymentMethodIds,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
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

  it('marks the charge paid once, however often the PSP says it, as the PSP holds it', async () => {
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

  it('pays nothing on a forged notice, even with the secret: only what the PSP holds counts', async () => {
    const order = await newOrder();
    const made = await charged(order, 40.5);
    const gets = emulator.count('GET /cob/{txid}');
    const forged = await t.app.inject({
      method: 'POST',
      url: till.webhookPath(),
      payload: {
        pix: [
          {
            endToEndId: 'E99999999202611281200forjado0001',
            txid: made.txid,
            valor: '40.50',
            horario: new Date().toISOString(),
          },
        ],
      },
    });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(emulator.count('GET /cob/{txid}')).toBe(gets + 1); // the notice made us ask
    expect(emulator.charge(made.txid)).toMatchObject({ status: 'ATIVA' });
    expect(await read(made.txid)).toMatchObject({ status: 'ATIVA', endToEndId: null });
    expect(await notifications()).not.toContainEqual(
      expect.objectContaining({ end_to_end_id: 'E99999999202611281200forjado0001' }),
    );
    // The till cannot pay with it: the bank has not confirmed it.
    const methods = await paymentMethodIds(cashier);
    const paid = await cashier.call('POST', `/api/carrinho/pagamento/${order}`, {
      pagamentos: [{ id_forma_pagamento: methods('PIX'), valor: 40.5, txid: made.txid }],
    });
    expect(paid.statusCode).toBe(400);

    // A real Pix notified with a forged amount and time: the PSP's are stored.
    const { endToEndId } = await emulator.pay(made.txid, { notify: false, amountCents: 4050 });
    const lying = await t.app.inject({
      method: 'POST',
      url: till.webhookPath(),
      payload: {
        pix: [{ endToEndId, txid: made.txid, valor: '4050.00', horario: '2020-01-01T00:00:00Z' }],
      },
    });
    expect(lying.statusCode, lying.body).toBe(200);
    const row = await t.db
      .selectFrom('pix_charges')
      .selectAll()
      .where('txid', '=', made.txid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'CONCLUIDA', end_to_end_id: endToEndId, paid_cents: 4050 });
    expect(row.paid_at).not.toBe('2020-01-01T00:00:00Z');
  });

  it('keeps its secret sealed, makes a new one at each registration, and only on https', async () => {
    const stored = async () =>
      (
        await t.db
          .selectFrom('pix_psp_settings')
          .select('webhook_secret_sealed')
          .executeTakeFirstOrThrow()
      ).webhook_secret_sealed;
    const before = till.webhookPath();
    const secret = before.split('/').at(-2)!;
    expect(await stored()).toMatch(/^v1\./);
    expect(await stored()).not.toContain(secret);

    expect((await manager.call('POST', '/api/pix/psp/webhook')).json().ok).toBe(true);
    const after = till.webhookPath();
    expect(after).not.toBe(before);
    const old = await t.app.inject({ method: 'POST', url: before, payload: { pix: [] } });
    expect(old.statusCode).toBe(404);
    const current = await t.app.inject({ method: 'POST', url: after, payload: { pix: [] } });
    expect(current.json()).toEqual({ received: 0 });

    const publicUrl = t.config.publicUrl;
    t.config.publicUrl = 'http://127.0.0.1:3000';
    try {
      const plain = await manager.call('POST', '/api/pix/psp/webhook');
      expect(plain.statusCode).toBe(409);
      expect(plain.json().error_description).toBe(PIX_WEBHOOK_HTTPS_MESSAGE);
    } finally {
      t.config.publicUrl = publicUrl;
    }
    expect(till.webhookPath()).toBe(after);
  });
});

describe('the OAuth token', () => {
  it('is kept from one operation to the next until it expires', async () => {
    const tokens = emulator.count('POST /oauth/token');
    const order = await newOrder();
    const made = await charged(order, 40.5);
    await read(made.txid);
    await cancel(made.txid);
    await charged(order, 40.5);
    expect(emulator.count('POST /oauth/token')).toBeLessThanOrEqual(tokens + 1);
    const more = emulator.count('POST /oauth/token');
    await read(made.txid);
    await charged(await newOrder(), 40.5);
    expect(emulator.count('POST /oauth/token')).toBe(more);
  });
});

describe('two tills asking a charge for the same order at once', () => {
  it('leaves one active charge, whose amount is the one at the PSP', async () => {
    const other = await openDrawer(await storeClerk(t, ['Checkout']));
    for (let trial = 0; trial < 5; trial++) {
      const order = await newOrder(2);
      const answers = await Promise.all(
        [
          [cashier, 20, t.app],
          [other, 30, till.second?.app ?? t.app],
        ].map(([clerk, valor, app]) =>
          (app as typeof t.app).inject({
            method: 'POST',
            url: `/api/carrinho/pix/${order}/cobranca`,
            headers: (clerk as StoreClerk).headers,
            payload: { valor },
            remoteAddress: '10.0.0.7',
          }),
        ),
      );
      for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
      const active = await t.db
        .selectFrom('pix_charges')
        .selectAll()
        .where('order_id', '=', order)
        .where('status', '=', 'ATIVA')
        .execute();
      expect(active).toHaveLength(1);
      const [row] = active;
      const atPsp = emulator.charge(row!.txid) as { valor: { original: string }; status: string };
      expect(atPsp.status).toBe('ATIVA');
      expect(atPsp.valor.original).toBe((row!.amount_cents / 100).toFixed(2));
      // The other charges of the order are not active at the PSP either.
      const others = await t.db
        .selectFrom('pix_charges')
        .select('txid')
        .where('order_id', '=', order)
        .where('status', '!=', 'ATIVA')
        .execute();
      for (const { txid } of others) {
        expect(emulator.charge(txid)?.status ?? 'NONE').not.toBe('ATIVA');
      }
      // What a till was answered is what the PSP holds.
      for (const answer of answers.filter((one) => one.statusCode === 200)) {
        const dto = answer.json<PixPspChargeDto>();
        const held = emulator.charge(dto.txid) as { valor: { original: string } };
        expect(held.valor.original).toBe(dto.valor.toFixed(2));
      }
    }
  });
});
