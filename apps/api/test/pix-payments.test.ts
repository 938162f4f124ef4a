import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PIX_CHARGE_NOT_FOUND,
  PIX_MANUAL_REASON_REQUIRED,
  PIX_TXID_NOT_PIX_LINE,
  PIX_TXID_TWICE,
  type OrderDto,
} from '@balcao/contract';
import { openDrawer, orderOf, storeClerk, type StoreClerk } from './helpers/store.ts';
import type { TestContext } from './helpers/test-app.ts';
import type { PspEmulator } from './helpers/psp-emulator.ts';
import { startPixTill, type PixTill } from './helpers/pix-till.ts';

// The till's PIX lines with a PSP connected (issue #28, docs/pix.md 'At the till'): paid by the
// bank's word (the charge's Pix, of the line's amount) or by the cashier's, with a reason.

let till: PixTill;
let t: TestContext;
let second: PixTill['second'];
let emulator: PspEmulator;
let cashier: StoreClerk;
let method: PixTill['method'];
let newOrder: PixTill['newOrder'];
let charged: PixTill['charged'];

beforeAll(async () => {
  till = await startPixTill();
  ({ t, second, emulator, cashier, method, newOrder, charged } = till);
});
afterAll(() => till.close());

const audits = (orderId: number, action: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'order_payments')
    .where('entity_id', '=', String(orderId))
    .where('action', '=', action)
    .execute();

const paymentRows = (orderId: number) =>
  t.db
    .selectFrom('order_payments')
    .select(['amount_cents', 'pix_txid', 'end_to_end_id', 'manual_reason'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

describe('PIX lines without a PSP', () => {
  it('are the cashier’s word, as before', async () => {
    const order = await newOrder();
    const paid = orderOf(
      await cashier.pay(order, [{ id_forma_pagamento: method('PIX'), valor: 40.5 }]),
    );
    expect(paid.estadoPedido).toBe('PAGO');
    expect(paid.payments).toEqual([
      { id_forma_pagamento: method('PIX'), descricao: 'PIX', valor: 40.5, endToEndId: null },
    ]);
  });
});

describe('PIX lines with a PSP connected', () => {
  beforeAll(() => till.connectPsp());

  it('are paid by the charge the bank confirmed, with the Pix’s end-to-end id', async () => {
    const order = await newOrder();
    const charge = await charged(order, 40.5);
    const { endToEndId } = await emulator.pay(charge.txid);
    const paid = orderOf(
      await cashier.pay(order, [
        { id_forma_pagamento: method('PIX'), valor: 40.5, txid: charge.txid },
      ]),
    );
    expect(paid.estadoPedido).toBe('PAGO');
    expect(paid.payments[0]).toMatchObject({ valor: 40.5, endToEndId });
    expect(await paymentRows(order)).toEqual([
      { amount_cents: 4050, pix_txid: charge.txid, end_to_end_id: endToEndId, manual_reason: null },
    ]);
    expect(await audits(order, 'pix_confirmacao_manual')).toEqual([]);
  });

  it('refuse a Pix of another amount than its line, and a charge of another order', async () => {
    const order = await newOrder(2); // R$ 81,00
    const part = await charged(order, 30);
    await emulator.pay(part.txid);
    const differs = await cashier.pay(order, [
      { id_forma_pagamento: method('PIX'), valor: 51, txid: part.txid },
      { id_forma_pagamento: method('Cartão de crédito'), valor: 30 },
    ]);
    expect(differs.statusCode).toBe(409);
    expect(differs.json().error_description).toBe(
      'O PIX recebido (R$ 30,00) difere do valor da linha (R$ 51,00).',
    );
    const other = await newOrder();
    const foreign = await cashier.pay(other, [
      { id_forma_pagamento: method('PIX'), valor: 40.5, txid: part.txid },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error_description).toBe(PIX_CHARGE_NOT_FOUND);
    const onCard = await cashier.pay(order, [
      { id_forma_pagamento: method('Cartão de crédito'), valor: 81, txid: part.txid },
    ]);
    expect(onCard.json().error_description).toBe(PIX_TXID_NOT_PIX_LINE);
    const twice = await cashier.pay(order, [
      { id_forma_pagamento: method('PIX'), valor: 30, txid: part.txid },
      { id_forma_pagamento: method('PIX'), valor: 51, txid: part.txid },
    ]);
    expect(twice.json().error_description).toBe(PIX_TXID_TWICE);
    // Split as charged: the bank's PIX and the card close it.
    const paid = orderOf(
      await cashier.pay(order, [
        { id_forma_pagamento: method('PIX'), valor: 30, txid: part.txid },
        { id_forma_pagamento: method('Cartão de crédito'), valor: 51 },
      ]),
    );
    expect(paid.payments.map((payment) => payment.endToEndId !== null)).toEqual([true, false]);
  });

  it('take the cashier’s word only with a reason, audited with who and why', async () => {
    const order = await newOrder();
    const charge = await charged(order, 40.5);
    const unconfirmed = await cashier.pay(order, [
      { id_forma_pagamento: method('PIX'), valor: 40.5, txid: charge.txid },
    ]);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error_description).toBe(PIX_MANUAL_REASON_REQUIRED);
    const bare = await cashier.pay(order, [{ id_forma_pagamento: method('PIX'), valor: 40.5 }]);
    expect(bare.json().error_description).toBe(PIX_MANUAL_REASON_REQUIRED);
    const blank = await cashier.pay(order, [
      { id_forma_pagamento: method('PIX'), valor: 40.5, confirmacao_manual: '   ' },
    ]);
    expect(blank.json().error_description).toBe(PIX_MANUAL_REASON_REQUIRED);

    const motivo = 'PSP fora do ar; comprovante conferido no app do banco';
    const paid = orderOf(
      await cashier.pay(order, [
        {
          id_forma_pagamento: method('PIX'),
          valor: 40.5,
          txid: charge.txid,
          confirmacao_manual: motivo,
        },
      ]),
    );
    expect(paid.payments[0]?.endToEndId).toBeNull();
    const [entry, ...more] = await audits(order, 'pix_confirmacao_manual');
    expect(more).toEqual([]);
    expect(entry?.user_id).toBe(cashier.userId);
    expect(JSON.parse(entry!.after!)).toEqual({ amount_cents: 4050, motivo, txid: charge.txid });

    // The Pix arrives after all: the line takes its id, and nothing is left to give back.
    const { endToEndId } = await emulator.pay(charge.txid);
    expect(await paymentRows(order)).toEqual([
      {
        amount_cents: 4050,
        pix_txid: charge.txid,
        end_to_end_id: endToEndId,
        manual_reason: motivo,
      },
    ]);
    const read = await cashier.call('GET', `/api/carrinho/pagamento/${order}`);
    expect(read.json()[0].endToEndId).toBe(endToEndId);
  });

  it('take a Pix paid after its charge expired, as the bank confirmed it', async () => {
    const order = await newOrder();
    const charge = await charged(order, 40.5);
    emulator.expire(charge.txid);
    expect(
      (await cashier.call('GET', `/api/carrinho/pix/cobranca/${charge.txid}`)).json().status,
    ).toBe('EXPIRADA');
    const { endToEndId } = await emulator.pay(charge.txid, { late: true });
    const paid = orderOf(
      await cashier.pay(order, [
        { id_forma_pagamento: method('PIX'), valor: 40.5, txid: charge.txid },
      ]),
    );
    expect(paid.payments[0]?.endToEndId).toBe(endToEndId);
  });

  it('pay an order once when two tills send the same paid charge at the same moment', async () => {
    const order = await newOrder();
    const charge = await charged(order, 40.5);
    await emulator.pay(charge.txid);
    const other = await openDrawer(await storeClerk(t, ['Checkout']));
    const body = {
      pagamentos: [{ id_forma_pagamento: method('PIX'), valor: 40.5, txid: charge.txid }],
    };
    const answers = await Promise.all(
      [cashier, other].map((till, index) =>
        (index === 1 && second ? second.app : t.app).inject({
          method: 'POST',
          url: `/api/carrinho/pagamento/${order}`,
          headers: till.headers,
          payload: body,
          remoteAddress: '10.0.0.7',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await paymentRows(order)).toHaveLength(1);
    const stored = (await cashier.call('GET', `/api/carrinho/pagamento/${order}`)).json<
      OrderDto['payments']
    >();
    expect(stored).toHaveLength(1);
  });
});
