import { readFile } from 'node:fs/promises';
import { withCheckDigits } from '@balcao/contract';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createRow,
  expectPrinted,
  logOut,
  openMenu,
  readRow,
  rowOf,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';
import { openOrderAtCashier } from '../support/shop-screens.ts';

/**
 * The reports through the screens. The admin sets up an event (selected), a category with a
 * product, a participant and a clerk who sells, takes payments and reads reports. The clerk sells
 * three units (R$ 59,70), finalizes with the participant's CPF and pays in cash; then opens
 * 'Vendas por Produtos' (the sale is there, with its totals row), filters by product, downloads
 * the CSV, sees the paid cart in 'Carrinhos Pagos' and draws both charts.
 */
const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 7) % 1_000_000).padStart(6, '0');
const category = `Relatório ${run}`;
const shirt = { name: `Camiseta R${run}`, code: `REL${run}`, price: '1990', stock: '10' };
const customer = { name: `Joana Lima ${run}`, cpf: withCheckDigits(`${ninePrefix}301`) };
const clerk = { name: `Gerente ${run}`, username: `gerente${run}`, password: 'senha-relatorio-1' };

/** HH:mm in the event's zone (the server's default EVENT_TIME_ZONE). */
const eventTime = (at: Date) =>
  at.toLocaleTimeString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
  });

describe('reports', () => {
  const { page } = usePage();

  it('a sale made on the screens shows in the reports, the CSV and both charts', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const { center, event } = await setUpDesk(p, run);

    await openMenu(p, 'Produtos');
    await p.getByRole('tab', { name: 'Categorias' }).click();
    await createRow(p, { Nome: category, Tipo: { choose: 'Produto' } });
    await p.getByRole('tab', { name: 'Produtos' }).click();
    await createRow(p, {
      Nome: shirt.name,
      Categoria: { choose: category },
      Preço: shirt.price,
      'Estoque inicial': shirt.stock,
      'Código Totvs': shirt.code,
    });
    await readRow(p, 'Produtos', shirt.name);

    await openMenu(p, 'Gerenciar Participantes');
    const events = p.getByRole('main').getByLabel('Evento', { exact: true });
    await events.selectOption({ label: event });
    await p.getByRole('heading', { name: `Participantes de ${event}` }).waitFor();
    await createRow(p, {
      CPF: customer.cpf,
      Nome: customer.name,
      Situação: { choose: 'PAGO' },
      Núcleo: { choose: center },
    });
    await rowOf(p, 'Participantes', customer.name).waitFor();

    await openMenu(p, 'Usuários');
    await createRow(p, {
      Nome: clerk.name,
      Usuário: clerk.username,
      Senha: clerk.password,
      'Confirmação da senha': clerk.password,
      Núcleo: { choose: center },
      'Permissões diretas': { check: ['Vendas', 'Caixa', 'Relatórios'] },
      'Categorias de produtos que pode vender': { check: [category] },
    });
    await logOut(p);

    // The sale: three shirts by code, finalized by CPF, paid in cash at 'Loja'.
    await signIn(p, clerk.username, clerk.password);
    await openMenu(p, 'Vendas');
    const code = p.getByLabel('Código Totvs', { exact: true });
    await p.getByRole('cell', { name: shirt.name, exact: true }).waitFor();
    await typeInto(code, shirt.code);
    await code.press('Enter');
    const cart = p.getByRole('list', { name: 'Itens do carrinho' });
    await cart.getByText(`1 x ${shirt.name}`).waitFor();
    await p.getByRole('button', { name: `Mais ${shirt.name}` }).click();
    await p.getByRole('button', { name: `Mais ${shirt.name}` }).click();
    await cart.getByText(`3 x ${shirt.name}`).waitFor();
    await p.locator('button:not([disabled])', { hasText: 'Finalizar Pedido' }).click();
    const cpf = p.getByLabel('CPF do cliente', { exact: true });
    await cpf.waitFor();
    await p.keyboard.type(customer.cpf);
    await p
      .locator('#finalize-name')
      .and(p.locator(`[value="${customer.name}"]`))
      .waitFor();
    await cpf.press('Enter');
    await p.getByRole('status').getByText('O pedido foi devidamente finalizado.').waitFor();

    await openOrderAtCashier(p, 'Loja', customer);
    expect(await p.getByLabel('Total do pedido').innerText()).toBe('R$ 59,70');
    // One payment line starts as cash for the whole total.
    expect(await p.getByLabel('Restante').innerText()).toBe('R$ 0,00');
    const before = eventTime(new Date());
    await expectPrinted(p, () => p.getByRole('button', { name: 'Finalizar Pagamento' }).click());
    const paidAt = [before, eventTime(new Date())];
    const paid = p.getByRole('dialog', { name: 'Sucesso!' });
    await paid.getByRole('button', { name: 'OK' }).click();

    // 'Vendas por Produtos' on the selected event: the sale, and the totals row under its columns.
    await openMenu(p, 'Vendas por Produtos');
    expect(await readRow(p, 'Vendas por Produtos', shirt.name)).toMatchObject({
      Categoria: category,
      Pedidos: '1',
      Quantidade: '3',
      'Valor bruto': 'R$ 59,70',
      Total: 'R$ 59,70',
    });
    const table = p.getByRole('table', { name: 'Vendas por Produtos', exact: true });
    const totals = await table.locator('tfoot td').allInnerTexts();
    expect(totals[0]).toBe('Total');
    expect(totals.at(-1)).toBe('R$ 59,70');

    // Filtered by the product ('Produto' dropdown) and by a period that ended before the sale.
    await p.getByLabel('Produto', { exact: true }).selectOption({ label: shirt.name });
    await p.getByRole('button', { name: 'Filtrar' }).click();
    await rowOf(p, 'Vendas por Produtos', shirt.name).waitFor();
    await typeInto(p.getByLabel('Fim', { exact: true }), '01/01/2020 00:00');
    await p.getByRole('button', { name: 'Filtrar' }).click();
    await table.getByText('Nenhum registro encontrado').waitFor();
    await typeInto(p.getByLabel('Fim', { exact: true }), '');
    await p.getByRole('button', { name: 'Filtrar' }).click();
    await rowOf(p, 'Vendas por Produtos', shirt.name).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}reports-products.png` });

    const download = p.waitForEvent('download');
    await p.getByRole('button', { name: 'Baixar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('vendas-por-produtos.csv');
    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Produto;Categoria;Pedidos;Quantidade;Valor bruto;Descontos;Total');
    expect(lines[1]).toBe(`${shirt.name};${category};1;3;59,70;0,00;59,70`);

    await openMenu(p, 'Carrinhos Pagos');
    expect(await readRow(p, 'Carrinhos Pagos', customer.name)).toMatchObject({
      Itens: '3',
      Total: 'R$ 59,70',
      Situação: 'PAGO',
    });
    // The browser is on UTC (support/browser.ts): the time is the event's, as everywhere.
    const { 'Pago em': paidText } = await readRow(p, 'Carrinhos Pagos', customer.name);
    expect(paidAt).toContain(paidText?.slice(11, 16));
    // The table's search is the server's (busca): someone else's name leaves no row, theirs finds it.
    const search = p.getByLabel('Pesquisar');
    await search.fill('ninguém com este nome');
    await rowOf(p, 'Carrinhos Pagos', customer.name).waitFor({ state: 'detached' });
    await search.fill(customer.name);
    expect(await readRow(p, 'Carrinhos Pagos', customer.name)).toMatchObject({ Itens: '3' });

    await openMenu(p, 'Gráfico de distribuição de vendas');
    await p.getByRole('img', { name: 'Gráfico de distribuição de vendas' }).waitFor();
    expect(await readRow(p, 'Gráfico de distribuição de vendas', category)).toMatchObject({
      Total: 'R$ 59,70',
      Percentual: '100,00%',
    });
    await p.screenshot({ path: `${ARTIFACTS}reports-distribution-chart.png` });

    await openMenu(p, 'Gráfico do acumulado de vendas');
    await p.getByRole('img', { name: 'Gráfico do acumulado de vendas' }).waitFor();
    const hours = await p
      .getByRole('table', { name: 'Gráfico do acumulado de vendas', exact: true })
      .locator('tbody tr')
      .allInnerTexts();
    expect(hours.at(-1)).toContain('R$ 59,70');
    await p.screenshot({ path: `${ARTIFACTS}reports-accumulated-chart.png` });
  }, 180_000);
});
