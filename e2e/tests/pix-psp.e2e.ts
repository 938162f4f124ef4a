import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pspCredentials,
  startPspEmulator,
  type PspEmulator,
} from '../../apps/api/test/helpers/psp-emulator.ts';
import { startHttpsFront, type HttpsFront } from '../../apps/api/test/helpers/https-front.ts';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import { ownServer } from '../support/own-server.ts';
import {
  expectPrinted,
  logOut,
  openMenu,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';
import {
  acknowledge,
  addByCode,
  addParticipants,
  createClerk,
  createProducts,
  enterCustomer,
} from '../support/shop-screens.ts';

/**
 * PIX confirmed by the bank (issue #28, docs/pix.md), on a server this test owns so the PSP
 * emulator's webhook reaches it (PUBLIC_URL). The admin saves the PIX key and connects the PSP on
 * 'Formas de pagamento' (Salvar, Testar conexão, Registrar webhook). A clerk sells twice and
 * chooses PIX at the cashier: the PSP's charge shows and the till waits. The emulator pays the
 * first with its webhook, the second with the webhook lost; each time the till pays by itself
 * (the receipt prints without a click). 'Pedidos pagos' lists both orders, paid.
 */
const PASSWORD = 'pix-psp-e2e-123';
const CHAVE = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
// The webhook is registered only on https (the standard's callback is mutual TLS): PUBLIC_URL is
// a TLS front before the server, as a balancer is in production.
let front: HttpsFront;
const server = ownServer('pix', PASSWORD, (url) => {
  front.target = url;
  return { PUBLIC_URL: front.url };
});
let emulator: PspEmulator;

beforeAll(async () => {
  emulator = await startPspEmulator({ chaves: [CHAVE] });
  front = await startHttpsFront(emulator.certificates);
  await server.start();
}, 120_000);
afterAll(async () => {
  await server.remove();
  await front?.close();
  await emulator?.close();
});

const run = uniqueSuffix();
const category = `Categoria PSP ${run}`;
const kit = { name: `Kit PSP ${run}`, code: `KP${run}`, price: '4250', stock: '10' };
const customer = {
  name: `Pia Pix ${run}`,
  cpf: withCheckDigits(`${String(Date.now() % 1_000_000).padStart(6, '0')}528`),
};
const clerk = { name: `Caixa PSP ${run}`, username: `caixapsp${run}`, password: 'senha-caixa-psp' };

const pem = (name: string, text: string) => ({
  name,
  mimeType: 'application/x-pem-file',
  buffer: Buffer.from(text),
});

/** 'Formas de pagamento': the receiver's key, then the PSP's card as its admin fills it. */
async function connectPsp(p: Page): Promise<void> {
  await openMenu(p, 'Formas de pagamento');
  const pix = p
    .locator('section')
    .filter({ has: p.getByRole('heading', { name: 'Configuração PIX' }) })
    .last();
  await pix.getByRole('button', { name: 'Editar' }).click();
  await typeInto(pix.getByLabel('Chave PIX'), CHAVE);
  await typeInto(pix.getByLabel('Nome do recebedor'), 'Instituto Balcao');
  await typeInto(pix.getByLabel('Cidade do recebedor'), 'Fortaleza');
  await pix.getByRole('button', { name: 'Salvar' }).click();
  await pix.getByText(CHAVE).waitFor();

  const psp = p.getByRole('region', { name: 'Confirmação pelo banco (PSP)' });
  const credentials = pspCredentials(emulator);
  await psp.getByText('Nenhum PSP conectado: o PIX é confirmado pelo caixa.').waitFor();
  await typeInto(psp.getByLabel('Endereço da API Pix', { exact: true }), credentials.baseUrl);
  await typeInto(psp.getByLabel('client_id', { exact: true }), credentials.clientId);
  await typeInto(psp.getByLabel('client_secret', { exact: true }), credentials.clientSecret);
  await psp
    .getByLabel('Certificado do cliente (PEM)')
    .setInputFiles(pem('cliente.pem', credentials.certificatePem));
  await psp
    .getByLabel('Chave privada (PEM, sem senha)')
    .setInputFiles(pem('cliente.key', credentials.privateKeyPem));
  await psp.getByLabel('CA do PSP (opcional, PEM)').setInputFiles(pem('ca.pem', credentials.caPem));
  await psp.getByRole('button', { name: 'Salvar' }).click();
  await psp.getByText(`PSP conectado: ${credentials.baseUrl}`).waitFor();

  const outcome = psp.getByRole('status');
  await psp.getByRole('button', { name: 'Testar conexão' }).click();
  await outcome
    .getByText(
      'Conexão com o PSP funcionando: certificado, credenciais e leitura de cobranças aceitos.',
    )
    .waitFor();
  await psp.getByRole('button', { name: 'Registrar webhook' }).click();
  const registered = outcome.getByText(`Webhook registrado no PSP para a chave ${CHAVE}.`);
  await registered.waitFor();
  await registered.scrollIntoViewIfNeeded();
  await p.screenshot({ path: `${ARTIFACTS}pix-psp-connected.png` });
}

/**
 * 'Vendas': the kit for the customer, finalized; 'Caixa': PIX, the PSP's charge waiting for the
 * bank with 'Finalizar Pagamento' disabled. Answers the txid the screen shows.
 */
async function chargeByPix(p: Page): Promise<string> {
  const sale = p.getByRole('tabpanel', { name: 'Vendas', exact: true });
  const cashier = p.getByRole('tabpanel', { name: 'Caixa', exact: true });
  await addByCode(p, kit, sale);
  const cpf = await enterCustomer(p, customer, sale);
  await cpf.press('Enter');
  await cashier.getByLabel('Total do pedido').getByText('R$ 42,50').waitFor();
  await cashier.getByLabel('Forma de pagamento 1').selectOption({ label: 'PIX' });
  await cashier.getByAltText('QR Code PIX de R$ 42,50').waitFor();
  expect(await cashier.getByLabel('PIX copia e cola').inputValue()).toMatch(/^000201.*6304/);
  await cashier.getByText(/^Aguardando a confirmação do banco… expira em (10:00|9:5\d)$/).waitFor();
  expect(await cashier.getByRole('button', { name: 'Finalizar Pagamento' }).isDisabled()).toBe(
    true,
  );
  const txid = (await cashier.getByText(/^txid /).innerText()).slice('txid '.length);
  expect(txid).toMatch(/^BALCAO\d{15}T0001$/);
  return txid;
}

/** The bank pays (`pay`): with no click, the receipt prints and the till says it is done. */
async function paidByTheBank(p: Page, pay: () => Promise<void>): Promise<void> {
  const receipt = await expectPrinted(p, pay);
  expect(receipt).toContain(kit.name);
  expect(receipt).toMatch(/PIX[\s\S]*42,50/);
  await acknowledge(p, 'Sucesso!', 'O pedido foi devidamente finalizado.');
}

describe('PIX confirmed by the bank through a PSP', () => {
  const { page } = usePage(server.url);

  it('connects the PSP and the till pays by itself when the bank confirms, webhook or not', async () => {
    const p = page();
    await signIn(p, 'admin', PASSWORD);
    const { center, event } = await setUpDesk(p, run);
    await createProducts(p, [category], [{ ...kit, category }]);
    await addParticipants(p, { event, center }, [customer]);
    await connectPsp(p);
    await createClerk(p, clerk, {
      center,
      permissions: ['Loja Vendas+Caixa'],
      categories: [category],
    });
    await logOut(p);

    await signIn(p, clerk.username, clerk.password);
    await p.getByRole('heading', { level: 1, name: 'Loja' }).waitFor();
    const first = await chargeByPix(p);
    await p.screenshot({ path: `${ARTIFACTS}pix-psp-waiting.png` });
    await paidByTheBank(p, async () => {
      const { deliveries } = await emulator.pay(first);
      expect(deliveries.map((delivery) => delivery.status)).toEqual([200]);
    });

    // The webhook lost: the till's own reading of the charge finds it paid.
    const second = await chargeByPix(p);
    await paidByTheBank(p, async () => {
      await emulator.pay(second, { notify: false });
    });
    await logOut(p);

    // Both orders (the txid carries the order's number) are paid.
    await signIn(p, 'admin', PASSWORD);
    await openMenu(p, 'Pedidos pagos');
    const list = p.getByRole('list', { name: 'Pedidos pagos' });
    const preview = p.getByRole('region', { name: 'Pedido selecionado' });
    for (const txid of [first, second]) {
      const order = `Pedido ${Number(txid.slice(6, 21))}`;
      await list
        .getByRole('button')
        .filter({ hasText: new RegExp(`^${order}(?!\\d)`) })
        .click();
      await preview.getByText(order, { exact: true }).waitFor();
      await preview.getByText('Pago', { exact: true }).waitFor();
    }
    expect(await list.getByRole('listitem').count()).toBe(2);
    await p.screenshot({ path: `${ARTIFACTS}pix-psp-paid-orders.png` });
  }, 240_000);
});
