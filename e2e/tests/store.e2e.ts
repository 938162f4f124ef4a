import { withCheckDigits } from '@balcao/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, logIn, usePage } from '../support/browser.ts';

/**
 * A store day through the screens only: the admin registers a course, an event (and selects it),
 * a product category, two products with Totvs codes and stock, and a participant; then sells the
 * two products by typing their codes in 'Vendas', finalizes with the participant's CPF, pays at
 * 'Caixa' with two payment methods, gets the receipt PDF and sees the stock go down.
 */

/** Names and CPFs no other run on the shared server uses. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const ninePrefix = String(Date.now() % 1_000_000).padStart(6, '0');

const course = `Curso ${run}`;
const event = `Evento ${run}`;
const category = `Categoria ${run}`;
const shirt = { name: `Camiseta ${run}`, code: `CAM${run}`, price: '1990', stock: '25' };
const mug = { name: `Caneca ${run}`, code: `CAN${run}`, price: '3500', stock: '8' };
const customer = { name: `Maria Souza ${run}`, cpf: withCheckDigits(`${ninePrefix}201`) };

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

async function openMenu(page: Page, label: string): Promise<void> {
  await menuOf(page).getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
}

/** Key by key, as a person (or a USB scanner) types: the masks see each key. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.fill('');
  await field.pressSequentially(text);
}

/** 'Novo', the fields by label (text, or an option to choose), 'Salvar', the editor closes. */
async function createRow(page: Page, fields: Record<string, string | { choose: string }>) {
  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Novo registro' });
  await editor.waitFor();
  for (const [label, input] of Object.entries(fields)) {
    const field = editor.getByLabel(label, { exact: true });
    if (typeof input === 'string') await typeInto(field, input);
    else await field.selectOption({ label: input.choose });
  }
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await editor.waitFor({ state: 'hidden' });
}

function rowOf(page: Page, table: string, key: string): Locator {
  return page
    .getByRole('table', { name: table, exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: key, exact: true }) });
}

/** A row's cells as {column header: text}. */
async function readRow(page: Page, table: string, key: string): Promise<Record<string, string>> {
  const row = rowOf(page, table, key);
  await row.waitFor();
  const headers = await page
    .getByRole('table', { name: table, exact: true })
    .getByRole('columnheader')
    .allInnerTexts();
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(
    headers.map((header, i) => [header.replace(/[▲▼⇅]/g, '').trim(), cells[i]?.trim() ?? '']),
  );
}

/** 'Selecionar' in the event's row of 'Eventos' makes it the selected event of every desk. */
async function selectEvent(page: Page, name: string): Promise<void> {
  await rowOf(page, 'Eventos', name).getByRole('button', { name: 'Selecionar' }).click();
  await page.locator('.app-topbar').getByText(name).waitFor();
}

describe('the store', () => {
  const { page } = usePage();

  it('sells two products by Totvs code, finalizes by CPF, pays with two methods, prints and takes stock', async () => {
    const p = page();
    await logIn(p, 'admin', inject('adminPassword'));
    await p.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();

    await openMenu(p, 'Cursos');
    await createRow(p, { Nome: course });

    await openMenu(p, 'Eventos');
    await createRow(p, {
      Nome: event,
      Curso: { choose: course },
      Início: '01/01/2026 08:00',
      Fim: '31/12/2026 18:00',
    });
    await selectEvent(p, event);

    await openMenu(p, 'Produtos');
    await p.getByRole('tab', { name: 'Categorias' }).click();
    await createRow(p, { Nome: category, Tipo: { choose: 'Produto' } });
    await p.getByRole('tab', { name: 'Produtos' }).click();
    for (const product of [shirt, mug]) {
      await createRow(p, {
        Nome: product.name,
        Categoria: { choose: category },
        Preço: product.price,
        'Estoque inicial': product.stock,
        'Código Totvs': product.code,
      });
    }
    expect(await readRow(p, 'Produtos', shirt.name)).toMatchObject({ Estoque: '25' });

    await openMenu(p, 'Gerenciar Participantes');
    await p.getByLabel('Evento', { exact: true }).selectOption({ label: event });
    await p.getByRole('heading', { name: `Participantes de ${event}` }).waitFor();
    await createRow(p, {
      CPF: customer.cpf,
      Nome: customer.name,
      Situação: { choose: 'PAGO' },
    });
    await rowOf(p, 'Participantes', customer.name).waitFor();

    // Vendas: the codes typed and Enter, as a USB scanner does; one more shirt with plus.
    await openMenu(p, 'Vendas');
    const code = p.getByLabel('Código Totvs', { exact: true });
    await p.getByRole('cell', { name: shirt.name, exact: true }).waitFor();
    await typeInto(code, shirt.code);
    await code.press('Enter');
    const cart = p.getByRole('list', { name: 'Itens do carrinho' });
    await cart.getByText(`1 x ${shirt.name}`).waitFor();
    expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
    await p.keyboard.type(mug.code);
    await p.keyboard.press('Enter');
    await cart.getByText(`1 x ${mug.name}`).waitFor();
    await p.getByRole('button', { name: `Mais ${shirt.name}` }).click();
    await cart.getByText(`2 x ${shirt.name}`).waitFor();
    expect(await p.getByLabel('Total do carrinho').innerText()).toBe('R$ 74,80');
    await p.screenshot({ path: `${ARTIFACTS}store-sale.png` });

    const finalize = p.getByRole('button', { name: 'Finalizar Pedido' });
    await p.locator('button:not([disabled])', { hasText: 'Finalizar Pedido' }).waitFor();
    await finalize.click();
    const cpf = p.getByLabel('CPF do cliente', { exact: true });
    await cpf.waitFor();
    expect(await cpf.evaluate((input) => input === document.activeElement)).toBe(true);
    await p.keyboard.type(customer.cpf);
    await p
      .locator('#finalize-name')
      .and(p.locator(`[value="${customer.name}"]`))
      .waitFor();
    await p.screenshot({ path: `${ARTIFACTS}store-finalize.png` });
    await cpf.press('Enter');
    const done = p.getByRole('dialog', { name: 'Sucesso!' });
    await done.getByText('O pedido foi devidamente finalizado.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    await p.getByText('O Carrinho está vazio :(').waitFor();

    // Caixa: the order from the list, paid with two methods.
    await openMenu(p, 'Caixa');
    await p
      .getByRole('list', { name: 'Pedidos em aberto' })
      .getByRole('button')
      .filter({ hasText: customer.name })
      .click();
    expect(await p.getByLabel('Total do pedido').innerText()).toBe('R$ 74,80');
    await p.getByRole('button', { name: 'Adicionar forma de pagamento' }).click();
    await p.getByLabel('Forma de pagamento 1').selectOption({ label: 'Dinheiro' });
    await p.getByLabel('Forma de pagamento 2').selectOption({ label: 'PIX' });
    await typeInto(p.getByLabel('Valor 1'), '5000');
    await typeInto(p.getByLabel('Valor 2'), '2480');
    expect(await p.getByLabel('Restante').innerText()).toBe('R$ 0,00');
    await p.screenshot({ path: `${ARTIFACTS}store-checkout.png` });

    // No printer is mapped: the receipt opens as a PDF in a new tab.
    const pdfTab = p.context().waitForEvent('page');
    const pdfFile = p.waitForResponse((response) => response.url().includes('/api/prints/files/'));
    await p.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    const file = await pdfFile;
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await pdfTab;
    expect(pdf.url()).toMatch(/^blob:/);
    await pdf.close();
    const paid = p.getByRole('dialog', { name: 'Sucesso!' });
    await paid.getByText('O pedido foi devidamente finalizado.').waitFor();
    await paid.getByRole('button', { name: 'OK' }).click();
    await p
      .getByText(/Último pedido:/)
      .filter({ hasText: customer.name })
      .waitFor();

    // Produtos: the stock went down by what was sold.
    await openMenu(p, 'Produtos');
    expect(await readRow(p, 'Produtos', shirt.name)).toMatchObject({ Estoque: '23' });
    expect(await readRow(p, 'Produtos', mug.name)).toMatchObject({ Estoque: '7' });
  }, 180_000);
});
