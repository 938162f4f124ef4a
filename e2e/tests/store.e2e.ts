import { withCheckDigits } from '@balcao/contract';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  logOut,
  menuOf,
  openMenu,
  readRow,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';
import {
  addByCode,
  addParticipants,
  createClerk,
  createProducts,
  enterCustomer,
  finishPayment,
  openOrderAtCashier,
} from '../support/shop-screens.ts';

/**
 * A store day through the screens only. The admin sets up a center, a course and an event (and
 * selects it), a product category with two products (Totvs codes, stock), a product of another
 * category, a participant and a clerk who may sell and take payments for that category only. The
 * clerk sells the two products by typing their codes in 'Vendas', finalizes with the participant's
 * CPF, pays at the cashier with two payment methods and gets the receipt printed; the admin then
 * sees the stock go down in 'Produtos'.
 */
const run = uniqueSuffix();
const ninePrefix = String(Date.now() % 1_000_000).padStart(6, '0');

const category = `Categoria ${run}`;
const otherCategory = `Outra categoria ${run}`;
const shirt = { name: `Camiseta ${run}`, code: `CAM${run}`, price: '1990', stock: '25' };
const mug = { name: `Caneca ${run}`, code: `CAN${run}`, price: '3500', stock: '8' };
const book = { name: `Livro ${run}`, code: `LIV${run}`, price: '5000', stock: '5' };
const customer = { name: `Maria Souza ${run}`, cpf: withCheckDigits(`${ninePrefix}201`) };
const clerk = {
  name: `Vendedora ${run}`,
  username: `vendedora${run}`,
  password: 'senha-da-loja-1',
};

describe('the store', () => {
  const { page } = usePage();

  it('sells two products by Totvs code, finalizes by CPF, pays with two methods, prints and takes stock', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    // Course, city, center and an event spanning today, selected in 'Eventos' ('Selecionar').
    const { center, event } = await setUpDesk(p, run);

    await createProducts(
      p,
      [category, otherCategory],
      [
        { ...shirt, category },
        { ...mug, category },
        { ...book, category: otherCategory },
      ],
    );
    expect(await readRow(p, 'Produtos', shirt.name)).toMatchObject({ Estoque: '25' });
    await addParticipants(p, { event, center }, [customer]);
    await createClerk(p, clerk, {
      center,
      permissions: ['Vendas', 'Caixa'],
      categories: [category],
    });
    await logOut(p);

    // The clerk lands on 'Vendas'; with Checkout as the only cashier permission, 'Caixa' reads 'Loja'.
    await signIn(p, clerk.username, clerk.password);
    await p.getByRole('heading', { level: 1, name: 'Vendas' }).waitFor();
    expect(await menuOf(p).locator('button:not([aria-expanded])').allTextContents()).toEqual([
      'Vendas',
      'Loja',
      'Configurar webcam',
      'Sair',
    ]);

    // Vendas: the codes typed and Enter, as a USB scanner does; one more shirt with plus.
    await addByCode(p, shirt);
    const code = p.getByLabel('Código Totvs', { exact: true });
    const cart = p.getByRole('list', { name: 'Itens do carrinho' });
    expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
    await p.keyboard.type(mug.code);
    await p.keyboard.press('Enter');
    await cart.getByText(`1 x ${mug.name}`).waitFor();
    await p.getByRole('button', { name: `Mais ${shirt.name}` }).click();
    await cart.getByText(`2 x ${shirt.name}`).waitFor();
    // The book's category is not one the clerk may sell: it is not on this desk.
    await typeInto(code, book.code);
    await code.press('Enter');
    await p.getByRole('status').getByText(`Produto não encontrado: ${book.code}`).waitFor();
    expect(await p.getByLabel('Total do carrinho').innerText()).toBe('R$ 74,80');
    await p.screenshot({ path: `${ARTIFACTS}store-sale.png` });

    const cpf = await enterCustomer(p, customer);
    await p.screenshot({ path: `${ARTIFACTS}store-finalize.png` });
    await cpf.press('Enter');
    await p.getByRole('status').getByText('O pedido foi devidamente finalizado.').waitFor();
    await p.getByText('O Carrinho está vazio :(').waitFor();

    // The cashier ('Loja' for this clerk): the order from the list, paid with two methods.
    await openOrderAtCashier(p, 'Loja', customer);
    expect(await p.getByLabel('Total do pedido').innerText()).toBe('R$ 74,80');
    await p.getByRole('button', { name: 'Adicionar forma de pagamento' }).click();
    await p.getByLabel('Forma de pagamento 1').selectOption({ label: 'Dinheiro' });
    await p.getByLabel('Forma de pagamento 2').selectOption({ label: 'Cartão de crédito' });
    await typeInto(p.getByLabel('Valor 1'), '5000');
    await typeInto(p.getByLabel('Valor 2'), '2480');
    expect(await p.getByLabel('Restante').innerText()).toBe('R$ 0,00');
    await p.screenshot({ path: `${ARTIFACTS}store-checkout.png` });

    // No printer is mapped: the receipt prints from a hidden frame in this tab.
    await finishPayment(p);
    await p
      .getByText(/Último pedido:/)
      .filter({ hasText: customer.name })
      .waitFor();

    // Produtos (the admin's): the stock went down by what was sold.
    await logOut(p);
    await signIn(p, 'admin', inject('adminPassword'));
    await openMenu(p, 'Produtos');
    expect(await readRow(p, 'Produtos', shirt.name)).toMatchObject({ Estoque: '23' });
    expect(await readRow(p, 'Produtos', mug.name)).toMatchObject({ Estoque: '7' });
    expect(await readRow(p, 'Produtos', book.name)).toMatchObject({ Estoque: '5' });
  }, 180_000);
});
