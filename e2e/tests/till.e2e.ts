import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createRow,
  expectPrinted,
  logOut,
  openMenu,
  rowOf,
  selectEvent,
  setUpDesk,
  showRow,
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
 * The till under a clerk's hands (issue 24): a clerk of 'Loja Vendas+Caixa' whose discount limit
 * is 10 % sells a R$ 155,30 item. At the cashier, cash says the drawer must be open first; over
 * the limit a discount is refused; 'Recebido' R$ 200,00 shows 'Troco' R$ 44,70 and Enter pays
 * R$ 155,30. Closing the drawer asks first (Escape goes back, Enter closes). The admin switches the
 * top bar's 'Evento' only after a confirmation naming the new event.
 */
const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 11) % 1_000_000).padStart(6, '0');

const category = `Categoria T ${run}`;
const kit = { name: `Kit T ${run}`, code: `KT${run}`, price: '15530', stock: '10' };
const customer = { name: `Rita Till ${run}`, cpf: withCheckDigits(`${ninePrefix}404`) };
const clerk = { name: `Caixa T ${run}`, username: `caixat${run}`, password: 'senha-do-caixa-t' };

const tab = (p: Page, name: string) => p.getByRole('tabpanel', { name, exact: true });

describe('the till', () => {
  const { page } = usePage();

  it('takes cash with Recebido and Troco, refuses a discount over the limit, asks before closing the drawer and switching the event', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const { center, event, course } = await setUpDesk(p, run);
    await createProducts(p, [category], [{ ...kit, category }]);
    await addParticipants(p, { event, center }, [customer]);
    await createClerk(p, clerk, {
      center,
      permissions: ['Loja Vendas+Caixa'],
      categories: [category],
      maxDiscount: '10',
    });
    await logOut(p);

    await signIn(p, clerk.username, clerk.password);
    await p.getByRole('heading', { level: 1, name: 'Loja' }).waitFor();
    const sale = tab(p, 'Vendas');
    const cashier = tab(p, 'Caixa');
    await addByCode(p, kit, sale);
    const cpf = await enterCustomer(p, customer, sale);
    await cpf.press('Enter');
    await cashier.getByLabel('Total do pedido').getByText('R$ 155,30').waitFor();

    // Never opened: cash says so before the clerk tries. Opening it (Enter) clears the warning.
    const noDrawer = cashier.getByText('Abra o caixa antes de receber em dinheiro.');
    await noDrawer.waitFor();
    await typeInto(cashier.getByLabel('Troco inicial'), '10000');
    await p.keyboard.press('Enter');
    await noDrawer.waitFor({ state: 'hidden' });

    // Over the clerk's 10 %: refused on the spot, nothing sent, the total unchanged.
    await cashier.getByText('Seu desconto máximo: 10%').waitFor();
    const discount = cashier.getByLabel(`Desconto (%) de ${kit.name}`);
    await typeInto(discount, '15');
    await p.keyboard.press('Enter');
    await cashier.getByText('Desconto acima do seu limite de 10%.').waitFor();
    await p.screenshot({ path: `${ARTIFACTS}till-discount-limit.png` });
    expect(await cashier.getByLabel('Total do pedido').innerText()).toBe('R$ 155,30');
    await typeInto(discount, '0');
    await p.keyboard.press('Enter');

    // The customer hands over R$ 200,00: the change shows as it is typed; the amount stays.
    const received = cashier.getByLabel('Recebido', { exact: true });
    await received.click();
    await p.keyboard.type('20000');
    await cashier.getByLabel('Troco').getByText('R$ 44,70').waitFor();
    expect(await cashier.getByLabel('Valor 1').inputValue()).toBe('R$ 155,30');
    await p.screenshot({ path: `${ARTIFACTS}till-troco.png`, fullPage: true });
    const receipt = await expectPrinted(p, () => p.keyboard.press('Enter'));
    expect(receipt).toMatch(/Dinheiro[\s\S]*155,30/);
    await acknowledge(p, 'Sucesso!', 'O pedido foi devidamente finalizado.');

    // Closing the drawer asks first: Escape goes back with the count kept; Enter, Enter closes.
    await p.getByRole('tab', { name: 'Caixa' }).click();
    const drawer = cashier.getByRole('region', { name: 'Gaveta do caixa' });
    await typeInto(drawer.getByLabel('Contado em Dinheiro'), '25530');
    await p.keyboard.press('Enter');
    const ask = p.getByRole('dialog', { name: 'Fechar caixa' });
    await ask.getByText('O caixa será fechado com R$ 255,30 contados.').waitFor();
    await p.screenshot({ path: `${ARTIFACTS}till-close-drawer.png` });
    await p.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect(await drawer.getByLabel('Contado em Dinheiro').inputValue()).toBe('R$ 255,30');
    expect(await drawer.getByRole('button', { name: 'Fechar caixa' }).isVisible()).toBe(true);
    await drawer.getByLabel('Contado em Dinheiro').press('Enter');
    const closing = await expectPrinted(p, () =>
      confirmWithEnter(p, 'Fechar caixa', 'O caixa será fechado com R$ 255,30 contados.'),
    );
    expect(closing).toContain('Fechamento de Caixa');
    const cash = drawer
      .getByRole('table', { name: 'Fechamento do caixa' })
      .getByRole('row')
      .filter({ hasText: 'Dinheiro' });
    expect((await cash.innerText()).replace(/\s+/g, ' ')).toBe(
      'Dinheiro R$ 255,30 R$ 255,30 R$ 0,00',
    );
    await logOut(p);

    // The top bar's 'Evento' moves every desk: it asks, naming the event; Escape keeps the old.
    await signIn(p, 'admin', inject('adminPassword'));
    const other = `Outro evento ${run}`;
    await openMenu(p, 'Eventos');
    await createRow(p, {
      Nome: other,
      Curso: { choose: course },
      Início: '01/01/2026 08:00',
      Fim: '31/12/2026 18:00',
    });
    const topEvent = p.locator('#topbar-event');
    await topEvent.selectOption({ label: other });
    const switchAsk = p.getByRole('dialog', { name: 'Trocar evento' });
    await switchAsk
      .getByText(`Todos os balcões e relatórios passam para o evento ${other}.`)
      .waitFor();
    await p.keyboard.press('Escape');
    await switchAsk.waitFor({ state: 'hidden' });
    expect(await topEvent.locator('option:checked').innerText()).toBe(event);

    await topEvent.selectOption({ label: other });
    await confirmWithEnter(
      p,
      'Trocar evento',
      `Todos os balcões e relatórios passam para o evento ${other}.`,
    );
    await expect.poll(() => topEvent.locator('option:checked').innerText()).toBe(other);

    // 'Selecionar' on Eventos moves every desk too: the same confirmation asks first.
    await showRow(p, 'Eventos', event);
    await rowOf(p, 'Eventos', event)
      .getByRole('button', { name: 'Selecionar', exact: true })
      .click();
    const asked = p.getByRole('dialog', { name: 'Trocar evento' });
    await asked.getByText(`Todos os balcões e relatórios passam para o evento ${event}.`).waitFor();
    await asked.getByRole('button', { name: 'Voltar', exact: true }).click();
    await asked.waitFor({ state: 'hidden' });
    expect(await topEvent.locator('option:checked').innerText()).toBe(other);
    await selectEvent(p, event);
    expect(await topEvent.locator('option:checked').innerText()).toBe(event);
  }, 240_000);
});
