import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PIX_CHARGE_EXPIRY_SECONDS,
  PIX_PSP_NOT_CONFIGURED,
  pixChargeTxid,
  type PixPspChargeDto,
} from '@balcao/contract';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  finalizedOrder,
  openDrawer,
  selectNewEvent,
  storeClerk,
  type StoreClerk,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { pspCredentials, startPspEmulator, type PspEmulator } from './helpers/psp-emulator.ts';

// Immediate charges at the PSP for an order (issue #28, docs/pix.md), against the emulator of the
// Banco Central's Pix API. The server's clock is the real one: charges expire by the PSP's.

const CHAVE = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';

let t: TestContext;
let emulator: PspEmulator;
let seller: StoreClerk;
let cashier: StoreClerk;
let manager: StoreClerk;
let customerCpf: string;
let productId: number;

beforeAll(async () => {
  t = await startTestApp({ config: { now: () => new Date() } });
  emulator = await startPspEmulator({ chaves: [CHAVE] });
  const eventId = await selectNewEvent(t.db);
  customerCpf = (await createParticipant(t.db, eventId)).cpf;
  productId = (
    await createProduct(t.db, { categoryId: await createCategory(t.db), priceCents: 4050 })
  ).id;
  seller = await storeClerk(t, ['Store']);
  cashier = await openDrawer(await storeClerk(t, ['Checkout']));
  manager = await storeClerk(t, ['System']);
  // Listening, so the emulator can call the webhook back.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address && typeof address === 'object')
    t.config.publicUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await emulator.close();
  await t.close();
});

const newOrder = async () =>
  (
    await finalizedOrder(seller, customerCpf, [
      { produto_id: productId, desconto: 0, quantidade: 1 },
    ])
  ).id;

const charge = (orderId: number, valor: number) =>
  cashier.call('POST', `/api/carrinho/pix/${orderId}/cobranca`, { valor });
const read = async (txid: string) =>
  (await cashier.call('GET', `/api/carrinho/pix/cobranca/${txid}`)).json<PixPspChargeDto>();
const cancel = async (txid: string) =>
  (await cashier.call('DELETE', `/api/carrinho/pix/cobranca/${txid}`)).json<PixPspChargeDto>();

async function charged(orderId: number, valor: number): Promise<PixPspChargeDto> {
  const answer = await charge(orderId, valor);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<PixPspChargeDto>();
}

describe('PIX charges at the PSP', () => {
  it('are refused until a PSP is connected', async () => {
    const order = await newOrder();
    await manager.call('POST', '/api/carrinho/pix/config', {
      chave: CHAVE,
      nome: 'Associação Ação',
      cidade: 'Fortaleza',
    });
    const refused = await charge(order, 40.5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_description).toBe(PIX_PSP_NOT_CONFIGURED);

    const credentials = pspCredentials(emulator);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/pix/psp',
      headers: manager.headers,
      payload: credentials,
    });
    expect(saved.statusCode, saved.body).toBe(200);
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
    const secret = (
      await t.db.selectFrom('pix_psp_settings').select('webhook_secret').executeTakeFirstOrThrow()
    ).webhook_secret;
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${secret}/pix`,
      payload: { outra: 'coisa' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error_description).toMatch(/Notificação Pix inválida/);
  });
});
