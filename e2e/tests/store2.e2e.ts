import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  expectPrinted,
  logOut,
  masked,
  openMenu,
  readRow,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';
import {
  acknowledge,
  addByCode,
  addParticipants,
  confirmWithEnter,
  createClerk,
  createProducts,
  enterCustomer,
} from '../support/shop-screens.ts';

/**
 * Store II through the screens only. The admin sets up an event, a product with stock, a
 * participant, the PIX key, and a clerk holding 'Loja Vendas+Caixa+Expedição'. The clerk opens the
 * cash drawer with a float, sells the customer a shirt twice, merges the two open orders at the
 * cashier ('Unificar pedidos'), pays part in cash and part by PIX (the BR Code shows),
 * gets the payment receipt, delivers on the delivery tab and gets the delivery receipt. The admin
 * prints both receipts again in 'Pedidos pagos', refunds the order and sees the stock back in
 * 'Produtos'. The clerk closes the drawer counting R$ 5,00 short: the screen and the closing
 * receipt show the difference, and so does the managers' 'Sessões de caixa'.
 */
const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 7) % 1_000_000).padStart(6, '0');

const category = `Categoria II ${run}`;
const shirt = { name: `Camiseta II ${run}`, code: `C2${run}`, price: '4000', stock: '10' };
const customer = { name: `Ana Lima ${run}`, cpf: withCheckDigits(`${ninePrefix}302`) };
const clerk = { name: `Caixa ${run}`, username: `caixa2${run}`, password: 'senha-da-loja-2' };

const tab = (p: Page, name: string) => p.getByRole('tabpanel', { name, exact: true });

describe('the store, second part', () => {
  const { page } = usePage();

  it('sells twice, merges, pays with PIX and cash, delivers, refunds, and closes the drawer short', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const { center, event } = await setUpDesk(p, run);

    await createProducts(p, [category], [{ ...shirt, category }]);
    expect(await readRow(p, 'Produtos', shirt.name)).toMatchObject({ Estoque: '10' });
    await addParticipants(p, { event, center }, [customer]);

    // The PIX key the cashier's BR Codes pay to.
    await openMenu(p, 'Formas de pagamento');
    const pix = p
      .locator('section')
      .filter({ has: p.getByRole('heading', { name: 'Configuração PIX' }) })
      .last();
    await pix.getByRole('button', { name: 'Editar' }).click();
    await typeInto(pix.getByLabel('Chave PIX'), 'loja@balcao.org');
    await typeInto(pix.getByLabel('Nome do recebedor'), 'Instituto Balcao');
    await typeInto(pix.getByLabel('Cidade do recebedor'), 'Fortaleza');
    await pix.getByRole('button', { name: 'Salvar' }).click();
    await pix.getByText('loja@balcao.org').waitFor();
    await p.screenshot({ path: `${ARTIFACTS}store2-pix-config.png`, fullPage: true });

    await createClerk(p, clerk, {
      center,
      permissions: ['Loja Vendas+Caixa+Expedição'],
      categories: [category],
    });
    await logOut(p);

    // The clerk lands on the combined screen ('Loja': the one store permission), on 'Vendas'.
    await signIn(p, clerk.username, clerk.password);
    await p.getByRole('heading', { level: 1, name: 'Loja' }).waitFor();
    const saleTab = p.getByRole('tab', { name: 'Vendas', exact: true });
    expect(await saleTab.getAttribute('aria-selected')).toBe('true');

    // The drawer opens on the cashier tab with a R$ 100,00 float.
    await p.getByRole('tab', { name: 'Caixa' }).click();
    await typeInto(tab(p, 'Caixa').getByLabel('Troco inicial'), '10000');
    await tab(p, 'Caixa').getByRole('button', { name: 'Abrir caixa' }).click();
    await tab(p, 'Caixa')
      .getByText(/Aberto em .* troco R\$ 100,00/)
      .waitFor();

    // A shirt sold and finalized with the customer's CPF: on to the cashier tab. The customer
    // comes back for another before paying: a second order, also finalized.
    const sale = tab(p, 'Vendas');
    const cashier = tab(p, 'Caixa');
    for (const orderNumber of [1, 2]) {
      await p.getByRole('tab', { name: 'Vendas' }).click();
      await addByCode(p, shirt, sale);
      const cpf = await enterCustomer(p, customer, sale);
      await cpf.press('Enter');
      await cashier.getByLabel('Total do pedido').getByText('R$ 40,00').waitFor();
      await cashier
        .getByRole('list', { name: 'Pedidos em aberto' })
        .getByRole('button')
        .nth(orderNumber - 1)
        .waitFor();
    }

    // The cashier offers to merge the customer's two open orders: one order of two shirts.
    const unify = cashier.getByRole('region', { name: 'Unificar pedidos' });
    await unify.getByText(`${customer.name} tem 2 pedidos em aberto.`).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}store2-unify.png` });
    await unify.getByRole('button', { name: 'Unificar 2 pedidos' }).click();
    await cashier.getByLabel('Total do pedido').getByText('R$ 80,00').waitFor();
    await unify.waitFor({ state: 'hidden' });
    expect(
      await cashier.getByRole('list', { name: 'Pedidos em aberto' }).getByRole('button').count(),
    ).toBe(1);

    await cashier.getByRole('button', { name: 'Adicionar forma de pagamento' }).click();
    await cashier.getByLabel('Forma de pagamento 1').selectOption({ label: 'Dinheiro' });
    await cashier.getByLabel('Forma de pagamento 2').selectOption({ label: 'PIX' });
    await typeInto(cashier.getByLabel('Valor 1'), '5000');
    await typeInto(cashier.getByLabel('Valor 2'), '3000');
    expect(await cashier.getByLabel('Restante').innerText()).toBe('R$ 0,00');
    // The PIX line's static BR Code: a QR and its copy-and-paste text for R$ 30,00.
    await cashier.getByAltText('QR Code PIX de R$ 30,00').waitFor();
    const brCode = await cashier.getByLabel('PIX copia e cola').inputValue();
    expect(brCode).toMatch(/^000201.*loja@balcao\.org.*540530\.00.*6304[0-9A-F]{4}$/);
    await p.screenshot({ path: `${ARTIFACTS}store2-pix.png` });

    // No printer is mapped: the payment receipt prints from this tab and names both methods.
    const receipt = await expectPrinted(p, () =>
      cashier.getByRole('button', { name: 'Finalizar Pagamento' }).click(),
    );
    expect(receipt).toContain(shirt.name);
    expect(receipt).toMatch(/Dinheiro[\s\S]*50,00/);
    expect(receipt).toMatch(/PIX[\s\S]*30,00/);

    // The paid order is on the delivery tab, selected; delivering prints and returns to 'Vendas'.
    const delivery = tab(p, 'Expedição');
    await delivery.getByRole('heading', { name: /^Pedido \d+$/ }).waitFor();
    await delivery.getByRole('table', { name: 'Itens a entregar' }).getByText(shirt.name).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}store2-delivery.png` });
    const delivered = await expectPrinted(p, async () => {
      await delivery.getByRole('button', { name: 'Entregar' }).click();
      await confirmWithEnter(p, 'Entregar pedido', `Confirma a entrega do pedido`);
    });
    expect(delivered).toContain(shirt.name);
    expect(delivered).toContain(customer.name);
    await p.getByRole('tab', { name: 'Vendas', selected: true }).waitFor();
    await logOut(p);

    // The admin: stock went down; 'Pedidos pagos' prints both receipts again and refunds.
    await signIn(p, 'admin', inject('adminPassword'));
    await openMenu(p, 'Produtos');
    expect(await readRow(p, 'Produtos', shirt.name)).toMatchObject({ Estoque: '8' });

    await openMenu(p, 'Pedidos pagos');
    await typeInto(p.getByLabel('CPF do cliente', { exact: true }), customer.cpf);
    const preview = p.getByRole('region', { name: 'Pedido selecionado' });
    await preview.getByText(`CPF ${masked(customer.cpf)}`).waitFor();
    expect(await preview.getByText('Entregue').count()).toBe(1);
    const again = await expectPrinted(p, () =>
      preview.getByRole('button', { name: 'Comprovante Pagamento' }).click(),
    );
    expect(again).toMatch(/PIX[\s\S]*30,00/);
    const deliveryAgain = await expectPrinted(p, () =>
      preview.getByRole('button', { name: 'Comprovante Expedição' }).click(),
    );
    expect(deliveryAgain).toContain(customer.name);

    await typeInto(preview.getByLabel('Motivo do estorno'), 'Tamanho errado');
    await preview.getByRole('button', { name: 'Estornar' }).click();
    const confirm = p.getByRole('dialog', { name: 'Confirmar ação' });
    await confirm.getByText('O pedido será estornado.').waitFor();
    await confirm.getByRole('button', { name: 'Estornar' }).click();
    await acknowledge(p, 'Sucesso!', 'O pedido foi estornado.');
    await preview.getByText('Estornado').waitFor();
    // The refunded order stays in the list, marked (issue #47).
    await p
      .getByRole('list', { name: 'Pedidos pagos' })
      .getByRole('button', { name: new RegExp(customer.name) })
      .getByText('Estornado', { exact: true })
      .waitFor();
    await p.screenshot({ path: `${ARTIFACTS}store2-paid-orders.png` });

    await openMenu(p, 'Produtos');
    expect(await readRow(p, 'Produtos', shirt.name)).toMatchObject({ Estoque: '10' });
    await logOut(p);

    // The clerk closes the drawer: cash expected R$ 100,00 (float + R$ 50,00 − the refund's
    // R$ 50,00), PIX R$ 0,00; R$ 95,00 counted is R$ 5,00 short.
    await signIn(p, clerk.username, clerk.password);
    await p.getByRole('tab', { name: 'Caixa' }).click();
    const drawer = tab(p, 'Caixa').getByRole('region', { name: 'Gaveta do caixa' });
    await typeInto(drawer.getByLabel('Contado em Dinheiro'), '9500');
    const closing = await expectPrinted(p, async () => {
      await drawer.getByRole('button', { name: 'Fechar caixa' }).click();
      await confirmWithEnter(p, 'Fechar caixa', 'O caixa será fechado com R$ 95,00 contados.');
    });
    const summary = drawer.getByRole('table', { name: 'Fechamento do caixa' });
    await summary.waitFor();
    const cash = summary.getByRole('row').filter({ hasText: 'Dinheiro' });
    expect((await cash.innerText()).replace(/\s+/g, ' ')).toBe(
      'Dinheiro R$ 100,00 R$ 95,00 -R$ 5,00',
    );
    await p.screenshot({ path: `${ARTIFACTS}store2-drawer-closed.png` });
    expect(closing).toContain('Fechamento de Caixa');
    expect(closing).toContain(clerk.username);
    expect(closing).toMatch(/Dinheiro\s+R\$\s*100,00\s+R\$\s*95,00\s+-R\$\s*5,00/);
    await logOut(p);

    // The managers' report: the closed drawer of the event with its difference.
    await signIn(p, 'admin', inject('adminPassword'));
    await openMenu(p, 'Sessões de caixa');
    await p.getByRole('main').getByLabel('Evento', { exact: true }).selectOption({ label: event });
    const session = p.getByRole('region', { name: new RegExp(`· ${clerk.username}$`) });
    await session.getByText('Fechado').waitFor();
    await session.getByText('troco R$ 100,00', { exact: false }).waitFor();
    const reported = session.getByRole('row').filter({ hasText: 'Dinheiro' });
    expect((await reported.innerText()).replace(/\s+/g, ' ')).toBe(
      'Dinheiro R$ 100,00 R$ 95,00 -R$ 5,00',
    );
    await p.screenshot({ path: `${ARTIFACTS}store2-drawer-sessions.png`, fullPage: true });

    // 'Loja Caixa+Expedição' starts on the cashier tab, the customer's orders all paid.
    await openMenu(p, 'Loja Caixa+Expedição');
    const cashierTab = p.getByRole('tab', { name: 'Caixa', exact: true });
    expect(await cashierTab.getAttribute('aria-selected')).toBe('true');
    await tab(p, 'Caixa').getByText('Nenhum pedido em aberto').waitFor();
    await p.getByRole('tab', { name: 'Expedição', exact: true }).click();
    await tab(p, 'Expedição').getByText('Nenhum pedido a entregar').waitFor();
    await p.screenshot({ path: `${ARTIFACTS}store2-checkout-delivery.png` });
  }, 240_000);
});
