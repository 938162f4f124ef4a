import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_OTHER_EVENT,
  ORDER_TRANSITIONS,
  PIX_INVALID_CITY,
  PIX_INVALID_KEY,
  PIX_INVALID_NAME,
  PIX_NOT_CONFIGURED,
  type PaymentMethodDto,
  type PixChargeDto,
} from '@balcao/contract';
import { brCode } from '../src/modules/pix/static-charge.ts';
import { createParticipant } from './helpers/accreditation.ts';
import {
  createCategory,
  createProduct,
  orderOf,
  selectNewEvent,
  whileAnotherEventSelected,
  storeClerk,
  type StoreClerk,
  openDrawer,
} from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * The static example of the Banco Central's 'Manual de Padrões para Iniciação do Pix': random key,
 * no amount, txid '***', CRC 1D3D.
 */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF), written here independently of pix-utils. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMV TLV fields: id (2 digits), length (2 digits), value; nested templates parsed on demand. */
function fields(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (let at = 0; at < text.length;) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    map.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return map;
}

/** The payload's CRC (field 63) is the CRC of everything before it, '6304' included. */
function expectValidCrc(payload: string) {
  expect(payload.slice(-8, -4)).toBe('6304');
  expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
}

describe('BR Code (Pix copia e cola)', () => {
  it('computes the CRC of the Banco Central manual example', () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('builds the manual example byte for byte (name in upper case, as the builder writes it)', () => {
    const payload = brCode(
      { chave: '123e4567-e12b-12d1-a456-426655440000', nome: 'Fulano de Tal', cidade: 'Brasília' },
      0,
      '***',
    );
    const expected = BCB_EXAMPLE.slice(0, -4).replace('Fulano de Tal', 'FULANO DE TAL');
    expect(payload.slice(0, -4)).toBe(expected);
    expectValidCrc(payload);
  });

  it.each([
    { chave: '+5511943214321', cents: 6666, amount: '66.66' },
    { chave: 'caixa@evento.org.br', cents: 4050, amount: '40.50' },
    { chave: '52998224725', cents: 1, amount: '0.01' },
    { chave: '12345678000195', cents: 123456789, amount: '1234567.89' },
  ])('carries key $chave and amount $amount with a valid CRC', ({ chave, cents, amount }) => {
    const payload = brCode(
      { chave, nome: 'Associação Ação', cidade: 'São Paulo' },
      cents,
      'BALCAO7',
    );
    const top = fields(payload);
    expect(top.get('00')).toBe('01');
    expect(top.get('53')).toBe('986');
    expect(top.get('54')).toBe(amount);
    expect(top.get('58')).toBe('BR');
    expect(top.get('59')).toBe('ASSOCIACAO ACAO');
    expect(top.get('60')).toBe('SAO PAULO');
    const account = fields(top.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe(chave);
    expect(fields(top.get('62')!).get('05')).toBe('BALCAO7');
    expectValidCrc(payload);
  });
});

describe('PIX routes', () => {
  let t: TestContext;
  let seller: StoreClerk;
  let cashier: StoreClerk;
  let manager: StoreClerk;
  let order: number;

  beforeAll(async () => {
    t = await startTestApp();
    const eventId = await selectNewEvent(t.db);
    const customer = await createParticipant(t.db, eventId);
    const product = await createProduct(t.db, {
      categoryId: await createCategory(t.db),
      priceCents: 4050,
    });
    seller = await storeClerk(t, ['Store']);
    cashier = await openDrawer(await storeClerk(t, ['Checkout']));
    manager = await storeClerk(t, ['System']);
    order = await seller.newCart();
    orderOf(await seller.update(order, [{ produto_id: product.id, desconto: 0, quantidade: 1 }]));
    orderOf(await seller.finalize(order, customer.cpf));
  });
  afterAll(() => t.close());

  const charge = (id: number, valor: string) =>
    cashier.call('GET', `/api/carrinho/pix/${id}?valor=${valor}`);
  const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    description: (response.json() as { error_description?: string }).error_description,
  });

  it('refuses a charge before a key is saved, then saves the settings (System only)', async () => {
    expect(errorOf(await charge(order, '40.50'))).toEqual({
      status: 409,
      description: PIX_NOT_CONFIGURED,
    });
    expect((await manager.call('GET', '/api/carrinho/pix/config')).json()).toEqual({
      chave: '',
      nome: '',
      cidade: '',
    });
    const settings = { chave: 'caixa@evento.org.br', nome: 'Associação Ação', cidade: 'São Paulo' };
    expect((await cashier.call('POST', '/api/carrinho/pix/config', settings)).statusCode).toBe(403);
    const saved = await manager.call('POST', '/api/carrinho/pix/config', settings);
    expect(saved.json()).toEqual(settings);
    const changed = { ...settings, chave: '+5511943214321' };
    await manager.call('POST', '/api/carrinho/pix/config', changed);
    expect((await manager.call('GET', '/api/carrinho/pix/config')).json()).toEqual(changed);
  });

  it('refuses bad settings with pt-BR messages', async () => {
    const good = { chave: 'caixa@evento.org.br', nome: 'Evento', cidade: 'Recife' };
    for (const [body, description] of [
      [{ ...good, chave: ' ' }, PIX_INVALID_KEY],
      [{ ...good, chave: 'x'.repeat(78) }, PIX_INVALID_KEY],
      [{ ...good, nome: 'N'.repeat(26) }, PIX_INVALID_NAME],
      [{ ...good, cidade: '' }, PIX_INVALID_CITY],
      [{ ...good, cidade: 'C'.repeat(16) }, PIX_INVALID_CITY],
    ] as const) {
      expect(errorOf(await manager.call('POST', '/api/carrinho/pix/config', body))).toEqual({
        status: 400,
        description,
      });
    }
  });

  it('answers the charge of an order awaiting payment with the BR Code and txid', async () => {
    const response = await charge(order, '40.5');
    expect(response.statusCode).toBe(200);
    const { payload, txid } = response.json<PixChargeDto>();
    expect(txid).toBe(`BALCAO${order}`);
    const top = fields(payload);
    expect(top.get('54')).toBe('40.50');
    expect(fields(top.get('26')!).get('01')).toBe('+5511943214321');
    expect(fields(top.get('62')!).get('05')).toBe(txid);
    expectValidCrc(payload);
  });

  it('refuses a charge above what remains to pay, and money on an order of another event', async () => {
    expect(errorOf(await charge(order, '40.51'))).toEqual({
      status: 400,
      description: 'O valor do PIX (R$ 40,51) passa do que falta pagar (R$ 40,50).',
    });
    expect((await charge(order, '40.50')).statusCode).toBe(200);
    const methods = (await cashier.call('GET', '/api/carrinho/pagamento')).json<
      PaymentMethodDto[]
    >();
    const pix = methods.find((method) => method.descricao === 'PIX')!.id_forma_pagamento;
    await whileAnotherEventSelected(t.db, async () => {
      const otherEvent = { status: 409, description: ORDER_OTHER_EVENT };
      expect(errorOf(await charge(order, '10'))).toEqual(otherEvent);
      expect(errorOf(await cashier.pay(order, [{ id_forma_pagamento: pix, valor: 40.5 }]))).toEqual(
        otherEvent,
      );
    });
    const still = orderOf(await cashier.call('GET', `/api/carrinho/info/${order}`));
    expect(still.estadoPedido).toBe('AGUARDANDO_PAGAMENTO');
  });

  it('refuses a bad amount, an unknown order and one not awaiting payment', async () => {
    expect(errorOf(await charge(order, '10.005'))).toEqual({
      status: 400,
      description: 'Valor de pagamento inválido: 10.005.',
    });
    expect((await charge(order, '0')).statusCode).toBe(400);
    expect(errorOf(await charge(999999, '1'))).toEqual({
      status: 404,
      description: 'Pedido não encontrado.',
    });
    const methods = (await cashier.call('GET', '/api/carrinho/pagamento')).json<
      PaymentMethodDto[]
    >();
    const pix = methods.find((method) => method.descricao === 'PIX')!.id_forma_pagamento;
    orderOf(await cashier.pay(order, [{ id_forma_pagamento: pix, valor: 40.5 }]));
    expect(errorOf(await charge(order, '40.50'))).toEqual({
      status: 409,
      description: ORDER_TRANSITIONS.pagar.refusal,
    });
  });
});
