import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  expectPrinted,
  logOut,
  menuOf,
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
  openDrawerIfClosed,
} from '../support/shop-screens.ts';

/**
 * Issue #47 'Real hands II' at the store, through the screens only. A clerk holding 'Caixa' and
 * 'Loja Vendas+Caixa' (discount limit 10%) sees both by their own names in the menu. On 'Loja
 * Vendas+Caixa' she sells a course from the 'Cursos' tab; at the cashier tab a 15% discount is
 * refused on the field and 'Finalizar Pagamento' waits until it is 10%; once paid, the sale tab is
 * back on 'Produtos' and the next product scan lands in the cart. Scanning that product again says
 * 'Item já foi adicionado', and the message stays through the next scans until she uses '+'.
 */
const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 13) % 1_000_000).padStart(6, '0');

const productCategory = `Roupas ${run}`;
const courseCategory = `Formação ${run}`;
const shirt = { name: `Camiseta H ${run}`, code: `7891${run}`, price: '5000', stock: '10' };
const mug = { name: `Caneca H ${run}`, code: `7892${run}`, price: '2000', stock: '10' };
const course = { name: `Oratória ${run}`, code: `CUR${run}`, price: '10000', stock: '10' };
const customer = { name: `Rita Alves ${run}`, cpf: withCheckDigits(`${ninePrefix}405`) };
const clerk = { name: `Caixa H ${run}`, username: `caixah${run}`, password: 'senha-da-loja-h' };

const tab = (p: Page, name: string) => p.getByRole('tabpanel', { name, exact: true });

describe('the store in real hands', () => {
  const { page } = usePage();

  it("returns to 'Produtos' after a course's sale, keeps a duplicate scan's message and waits for a discount within the limit", async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const { center, event } = await setUpDesk(p, run);
    await createProducts(
      p,
      [productCategory, { name: courseCategory, type: 'Curso' }],
      [
        { ...shirt, category: productCategory },
        { ...mug, category: productCategory },
        { ...course, category: courseCategory },
      ],
    );
    await addParticipants(p, { event, center }, [customer]);
    await createClerk(p, clerk, {
      center,
      permissions: ['Caixa', 'Loja Vendas+Caixa'],
      categories: [productCategory, courseCategory],
      maxDiscount: '10',
    });
    await logOut(p);

    // The menu names each store screen: 'Caixa' beside 'Loja Vendas+Caixa', no bare 'Loja' item.
    await signIn(p, clerk.username, clerk.password);
    const menu = menuOf(p);
    // Folded groups included; a group's heading is named 'Grupo …'.
    const named = (label: string) =>
      menu.getByRole('button', { name: label, exact: true, includeHidden: true });
    await named('Loja Vendas+Caixa').waitFor({ state: 'attached' });
    expect(await named('Caixa').count()).toBe(1);
    expect(await named('Loja').count()).toBe(0);
    await p.screenshot({ path: `${ARTIFACTS}store-hands-menu.png` });

    // A course sold from the 'Cursos' tab, finalized: on to the cashier tab.
    await openMenu(p, 'Loja Vendas+Caixa');
    const sale = tab(p, 'Vendas');
    const cashier = tab(p, 'Caixa');
    await p.getByRole('tab', { name: 'Caixa', exact: true }).click();
    await openDrawerIfClosed(p);
    await p.getByRole('tab', { name: 'Vendas', exact: true }).click();
    await sale.getByRole('tab', { name: 'Cursos' }).click();
    await addByCode(p, course, sale);
    const cpf = await enterCustomer(p, customer, sale);
    await cpf.press('Enter');
    await cashier.getByLabel('Total do pedido').getByText('R$ 100,00').waitFor();

    // 15% is over her 10%: the field says so and paying waits (item 6).
    const discount = cashier.getByLabel(`Desconto (%) de ${course.name}`);
    const finish = cashier.getByRole('button', { name: 'Finalizar Pagamento' });
    await expect.poll(() => finish.isEnabled()).toBe(true);
    await typeInto(discount, '15');
    await cashier.getByText('Desconto acima do seu limite de 10%.').waitFor();
    expect(await finish.isDisabled()).toBe(true);
    await p.screenshot({ path: `${ARTIFACTS}store-hands-discount.png` });
    await finish.click({ force: true });
    expect(await cashier.getByLabel('Total do pedido').innerText()).toBe('R$ 100,00');
    await typeInto(discount, '10');
    await discount.press('Enter');
    await cashier.getByLabel('Total do pedido').getByText('R$ 90,00').waitFor();
    await expect.poll(() => finish.isEnabled()).toBe(true);
    const receipt = await expectPrinted(p, () => finish.click());
    expect(receipt).toContain(course.name);
    await acknowledge(p, 'Sucesso!', 'O pedido foi devidamente finalizado.');

    // Back on the sale tab, on 'Produtos': the next product scan is found (item 4).
    await p.getByRole('tab', { name: 'Vendas', selected: true }).waitFor();
    expect(await sale.getByRole('tab', { name: 'Produtos' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await addByCode(p, shirt, sale);

    // Scanned again, as a cashier wanting two: the cart keeps 1 and says so (item 5).
    const duplicate = sale.getByText(`Item já foi adicionado: ${shirt.name}`);
    await p.keyboard.type(shirt.code);
    await p.keyboard.press('Enter');
    await duplicate.waitFor();
    // The next scans do not wipe it: another product, and a code that is no product.
    await p.keyboard.type(mug.code);
    await p.keyboard.press('Enter');
    const cart = sale.getByRole('list', { name: 'Itens do carrinho' });
    await cart.getByText(`1 x ${mug.name}`).waitFor();
    await p.keyboard.type('0000000');
    await p.keyboard.press('Enter');
    await sale.getByText('Produto não encontrado: 0000000').waitFor();
    expect(await duplicate.isVisible()).toBe(true);
    expect(await cart.getByText(`1 x ${shirt.name}`).count()).toBe(1);
    await p.screenshot({ path: `${ARTIFACTS}store-hands-duplicate.png` });

    // '+' is what she meant: two shirts, and the message has done its job.
    await sale.getByRole('button', { name: `Mais ${shirt.name}` }).click();
    await cart.getByText(`2 x ${shirt.name}`).waitFor();
    await duplicate.waitFor({ state: 'hidden' });
  }, 240_000);
});
