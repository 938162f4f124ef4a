import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createCoursewares,
  expectPrinted,
  logOut,
  openMenu,
  setUpDesk,
  signIn,
  uniqueSuffix,
} from '../support/screens.ts';
import {
  addParticipants,
  createClerk,
  createProducts,
  enterCustomer,
  openDrawerIfClosed,
} from '../support/shop-screens.ts';

/**
 * The desks under a USB scanner: it types a code and Enter with no pause for the app, so whatever
 * the desk said or the clerk clicked last, the next scan must land in the scan field. The admin
 * sets up the event, coursewares, participants, products and a clerk through the screens.
 */
const run = uniqueSuffix();
const ninePrefix = String(Date.now() % 1_000_000).padStart(6, '0');
const cpfOf = (n: number) => withCheckDigits(`${ninePrefix}${String(n).padStart(3, '0')}`);
const ana = { name: `Ana Scanner ${run}`, cpf: cpfOf(301) };
const bruno = { name: `Bruno Scanner ${run}`, cpf: cpfOf(302) };
const customer = { name: `Carla Cliente ${run}`, cpf: cpfOf(303) };

const category = `Categoria ${run}`;
const shirt = { name: `Camiseta ${run}`, code: `7891${run}01`, price: '1990', stock: '20' };
const mug = { name: `Caneca ${run}`, code: `7891${run}02`, price: '3500', stock: '20' };
const cap = { name: `Boné ${run}`, code: `7891${run}03`, price: '2500', stock: '20' };
const clerk = { name: `Caixa ${run}`, username: `scanner${run}`, password: 'senha-do-scanner-1' };

/** A USB scanner: the code's keys and Enter, nothing waited for in between. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((field) => field === document.activeElement);

let series: string[] = [];

describe('the desks under a USB scanner', () => {
  const { page } = usePage();

  it('sets up an event with coursewares, participants, products and a store clerk', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const names = await setUpDesk(p, run);
    series = await createCoursewares(p, names, 2);
    await addParticipants(p, names, [ana, bruno, customer]);
    await createProducts(
      p,
      [category],
      [shirt, mug, cap].map((product) => ({ ...product, category })),
    );
    await createClerk(p, clerk, {
      center: names.center,
      permissions: ['Vendas', 'Loja Vendas+Caixa'],
      categories: [category],
    });
  });

  it('accreditation: a refused courseware scan is replaced by the next; a CPF scanned on "Imprimir crachá" is verified, not printed', async () => {
    const p = page();
    const linked = series[0] ?? '';
    const unknown = linked.replace(/\d+$/, '999999');
    expect(linked).not.toBe('');
    await signIn(p, 'admin', inject('adminPassword'));
    await openMenu(p, 'Credenciamento');
    await scan(p, ana.cpf);
    await p.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
    await expect.poll(() => isFocused(p, 'Código da apostila')).toBe(true);
    // The event links courseware: the badge waits for it.
    expect(await p.getByRole('button', { name: 'Imprimir crachá', exact: true }).isDisabled()).toBe(
      true,
    );
    await p.getByText('Vincule a apostila antes de imprimir o crachá.').waitFor();

    // A series no courseware has: refused in the panel, and the next scan replaces it.
    await scan(p, unknown);
    await p.getByText('Apostila não encontrada.', { exact: true }).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}scanner-courseware-refused.png` });
    await scan(p, linked);
    await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
    expect(await p.getByLabel('Participante', { exact: true }).innerText()).toContain(linked);

    // The cursor is on 'Imprimir crachá'; the next guest's CPF scan goes to the CPF field.
    const print = p.getByRole('button', { name: 'Imprimir crachá', exact: true });
    await expect
      .poll(() => print.evaluate((button) => button === document.activeElement))
      .toBe(true);
    const prints: string[] = [];
    p.on('request', (request) => {
      if (request.url().includes('/badge/print')) prints.push(request.url());
    });
    await scan(p, bruno.cpf);
    await p.getByLabel('Participante', { exact: true }).getByText(bruno.name).waitFor();
    await p.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
    expect(prints).toEqual([]);
  });

  it('accreditation: no key typed during a slow lookup is lost, and one Enter is always enough', async () => {
    const p = page();
    // The series starts with the course's serial: '0' while the shard's server holds fewer than 10
    // courses. Either way its keys arrive during the lookup; the leading '0' alone is held by
    // scan-field.test.tsx ('0123').
    const code = series[1] ?? '';
    expect(code).toMatch(/^\d{2,}-\d{3,}-\d{6,}$/);
    await signIn(p, 'admin', inject('adminPassword'));
    await openMenu(p, 'Credenciamento');
    // A slow server: every participant lookup answers after 600 ms.
    const lookups: string[] = [];
    const isLookup = (url: URL) => url.pathname.endsWith('/api/subscriptions/participant/check');
    await p.route(isLookup, async (route) => {
      lookups.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });

    // Bruno's CPF, Enter and his courseware's series at once, as a scanner types them: the code's
    // first keys and its Enter arrive while the CPF is looked up.
    await p.keyboard.type(`${bruno.cpf}`);
    await p.keyboard.press('Enter');
    await p.keyboard.type(code);
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
    const shown = p.getByLabel('Participante', { exact: true });
    expect(await shown.innerText()).toContain(code);
    expect(await p.getByText('Apostila não encontrada.').count()).toBe(0);

    // One Enter, on the highlighted 'Imprimir crachá', prints the badge.
    const print = p.getByRole('button', { name: 'Imprimir crachá', exact: true });
    await expect
      .poll(() => print.evaluate((button) => button === document.activeElement))
      .toBe(true);
    // Printed in this tab, or queued for a badge printer another test of this server mapped: either
    // way the one Enter sent the print.
    const printRequest = p.waitForRequest((request) =>
      request.url().endsWith('/api/subscriptions/badge/print'),
    );
    await p.keyboard.press('Enter');
    const sent = (await printRequest).postDataJSON() as { usualName: string };
    expect(sent.usualName).toContain('Bruno');
    await p
      .getByText(/^Crachá (impresso: Bruno|na fila)/)
      .first()
      .waitFor();

    // Two guests scanned back to back: the second CPF and its Enter come during the first's
    // lookup, and that one Enter is enough.
    lookups.length = 0;
    await scan(p, ana.cpf);
    await scan(p, customer.cpf);
    await shown.getByText(customer.name).waitFor();
    await p.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
    expect(lookups).toHaveLength(2);
    expect(await p.getByLabel('CPF', { exact: true }).inputValue()).toBe(
      customer.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'),
    );
    await p.screenshot({ path: `${ARTIFACTS}scanner-slow-lookup.png` });
  }, 120_000);

  it("'Vendas': a refused, a repeated and an unknown code, a '+' click and a finished order never swallow the next scan", async () => {
    const p = page();
    await signIn(p, clerk.username, clerk.password);
    await openMenu(p, 'Vendas');
    await p.getByRole('cell', { name: shirt.name, exact: true }).waitFor();
    const cart = p.getByRole('list', { name: 'Itens do carrinho' });
    await expect.poll(() => isFocused(p, 'Código Totvs')).toBe(true);

    // The same code twice, then another: the repeat is refused and the next one lands.
    await scan(p, shirt.code);
    await scan(p, shirt.code);
    await scan(p, mug.code);
    await cart.getByText(`1 x ${mug.name}`).waitFor();
    expect(await cart.innerText()).toContain(`1 x ${shirt.name}`);

    // An unknown code: said on the desk, and the next scan lands.
    await scan(p, 'XYZ999');
    await p.getByRole('status').getByText('Produto não encontrado: XYZ999').waitFor();
    await p.screenshot({ path: `${ARTIFACTS}scanner-sale-refused.png` });
    await scan(p, cap.code);
    await cart.getByText(`1 x ${cap.name}`).waitFor();

    // '+' clicked: the next scan goes to the code field, never to '+'.
    await p.getByRole('button', { name: `Mais ${shirt.name}` }).click();
    await cart.getByText(`2 x ${shirt.name}`).waitFor();
    await scan(p, mug.code);
    await p.getByRole('status').getByText(`Item já foi adicionado: ${mug.name}`).waitFor();
    expect(await cart.innerText()).toContain(`2 x ${shirt.name}`);

    // 'Finalizar Pedido': the next scan starts the next cart.
    const cpf = await enterCustomer(p, customer);
    await cpf.press('Enter');
    await p.getByRole('status').getByText('O pedido foi devidamente finalizado.').waitFor();
    await scan(p, cap.code);
    await cart.getByText(`1 x ${cap.name}`).waitFor();
    expect(await cart.innerText()).not.toContain(shirt.name);
  });

  it("'Loja Vendas+Caixa': after a sale is paid the next scan lands on the sale tab, even over a dialog", async () => {
    const p = page();
    await signIn(p, clerk.username, clerk.password);
    await openMenu(p, 'Loja Vendas+Caixa');
    const sale = p.getByRole('tabpanel', { name: 'Vendas' });
    await sale.getByRole('cell', { name: shirt.name, exact: true }).waitFor();
    await scan(p, shirt.code);
    await sale.getByText(`1 x ${shirt.name}`).waitFor();
    const cpf = await enterCustomer(p, customer, sale);
    await cpf.press('Enter');

    const cashier = p.getByRole('tabpanel', { name: 'Caixa' });
    await cashier.getByRole('heading', { name: /^Pedido \d+$/ }).waitFor();
    await cashier.getByLabel('Forma de pagamento 1').selectOption({ label: 'Cartão de débito' });
    await expectPrinted(p, () =>
      cashier.getByRole('button', { name: 'Finalizar Pagamento' }).click(),
    );
    const success = p.getByRole('dialog', { name: 'Sucesso!' });
    await success.getByText('O pedido foi devidamente finalizado.').waitFor();
    // The dialog's default button takes Enter; the scan after it lands on the sale tab.
    await p.keyboard.press('Enter');
    await success.waitFor({ state: 'hidden' });
    await scan(p, mug.code);
    await sale.getByText(`1 x ${mug.name}`).waitFor();
    await (await enterCustomer(p, customer, sale)).press('Enter');
    await cashier.getByRole('heading', { name: /^Pedido \d+$/ }).waitFor();

    // A CPF with no open order: 'Erro!'. The right CPF scanned over it closes it and is looked up.
    await scan(p, ana.cpf);
    const error = p.getByRole('dialog', { name: 'Erro!' });
    await error.waitFor();
    await p.screenshot({ path: `${ARTIFACTS}scanner-cashier-dialog.png` });
    await scan(p, customer.cpf);
    await error.waitFor({ state: 'hidden' });
    await cashier.getByRole('heading', { name: /^Pedido \d+$/ }).waitFor();
    await cashier.getByText(customer.name).first().waitFor();

    // Paid in cash once the drawer is open (the method the lookup's fresh payment line starts with):
    // the next product scanned while 'Sucesso!' is open closes it and lands in a new cart.
    await openDrawerIfClosed(p);
    await cashier
      .getByText('Abra o caixa antes de receber em dinheiro.')
      .waitFor({ state: 'hidden' });
    await expectPrinted(p, () =>
      cashier.getByRole('button', { name: 'Finalizar Pagamento' }).click(),
    );
    await success.getByText('O pedido foi devidamente finalizado.').waitFor();
    await scan(p, cap.code);
    await success.waitFor({ state: 'hidden' });
    await sale.getByText(`1 x ${cap.name}`).waitFor();
    expect(await sale.getByRole('list', { name: 'Itens do carrinho' }).innerText()).not.toContain(
      mug.name,
    );
    await logOut(p);
  });
});
