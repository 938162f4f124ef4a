import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createRow, expectPrinted, openMenu, rowOf, typeInto } from './screens.ts';

/**
 * What the admin and a clerk do on the store's screens, shared by the store tests: products and
 * their categories ('Produtos'), participants ('Gerenciar Participantes'), a clerk ('Usuários'),
 * a sale at 'Vendas' and its payment at the cashier. All through the screens, never the API.
 */

/** A product as its editor in 'Produtos' takes it (price in cents, as typed). */
export interface StoreProduct {
  name: string;
  /** 'Código Totvs', what a scanner types at 'Vendas'. */
  code: string;
  price: string;
  stock: string;
}

/** A participant of the selected event, by CPF. */
export interface Customer {
  name: string;
  cpf: string;
}

export interface Clerk {
  name: string;
  username: string;
  password: string;
}

/** The page, or the tab of the combined 'Loja' screen, where a desk's fields are. */
type Scope = Page | Locator;

/** The dialog with this title: its text, then OK, and it closes. */
export async function acknowledge(page: Page, title: string, text: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A category of 'Produtos' by name (of type 'Produto'), or with its type ('Curso' sells on 'Cursos'). */
export type StoreCategory = string | { name: string; type: 'Produto' | 'Curso' };

/**
 * 'Produtos': the categories on the 'Categorias' tab, then the products, each in its category, on
 * the 'Produtos' tab (which it leaves open).
 */
export async function createProducts(
  page: Page,
  categories: readonly StoreCategory[],
  products: readonly (StoreProduct & { category: string })[],
): Promise<void> {
  await openMenu(page, 'Produtos');
  await page.getByRole('tab', { name: 'Categorias' }).click();
  for (const category of categories) {
    const { name, type } =
      typeof category === 'string' ? { name: category, type: 'Produto' } : category;
    await createRow(page, { Nome: name, Tipo: { choose: type } });
  }
  await page.getByRole('tab', { name: 'Produtos' }).click();
  for (const product of products) {
    await createRow(page, {
      Nome: product.name,
      Categoria: { choose: product.category },
      Preço: product.price,
      'Estoque inicial': product.stock,
      'Código Totvs': product.code,
    });
  }
}

/** 'Gerenciar Participantes': the event chosen on the page, then each customer 'PAGO' of the center. */
export async function addParticipants(
  page: Page,
  { event, center }: { event: string; center: string },
  customers: readonly Customer[],
): Promise<void> {
  await openMenu(page, 'Gerenciar Participantes');
  // The page's own event choice (the top bar has one too); it starts on the selected event.
  await page.getByRole('main').getByLabel('Evento', { exact: true }).selectOption({ label: event });
  await page.getByRole('heading', { name: `Participantes de ${event}` }).waitFor();
  for (const customer of customers) {
    await createRow(page, {
      CPF: customer.cpf,
      Nome: customer.name,
      Situação: { choose: 'PAGO' },
      Núcleo: { choose: center },
    });
    await rowOf(page, 'Participantes', customer.name).waitFor();
  }
}

/** 'Usuários': a clerk of the center with these direct permissions and product categories. */
export async function createClerk(
  page: Page,
  clerk: Clerk,
  {
    center,
    permissions,
    categories,
    maxDiscount,
  }: { center: string; permissions: string[]; categories: string[]; maxDiscount?: string },
): Promise<void> {
  await openMenu(page, 'Usuários');
  await createRow(page, {
    Nome: clerk.name,
    Usuário: clerk.username,
    Senha: clerk.password,
    'Confirmação da senha': clerk.password,
    Núcleo: { choose: center },
    'Permissões diretas': { check: permissions },
    'Categorias de produtos que pode vender': { check: categories },
    ...(maxDiscount === undefined ? {} : { 'Desconto máximo (%)': maxDiscount }),
  });
}

/** 'Vendas' (open): the product's code typed and Enter, as a USB scanner does; one in the cart. */
export async function addByCode(
  page: Page,
  product: StoreProduct,
  scope: Scope = page,
): Promise<void> {
  await scope.getByRole('cell', { name: product.name, exact: true }).waitFor();
  const code = scope.getByLabel('Código Totvs', { exact: true });
  await typeInto(code, product.code);
  await code.press('Enter');
  await scope
    .getByRole('list', { name: 'Itens do carrinho' })
    .getByText(`1 x ${product.name}`)
    .waitFor();
}

/**
 * 'Finalizar Pedido' and the customer's CPF typed into the field that has the focus, until the
 * screen names the customer. Answers the CPF field: Enter there finalizes.
 */
export async function enterCustomer(
  page: Page,
  customer: Customer,
  scope: Scope = page,
): Promise<Locator> {
  await scope.locator('button:not([disabled])', { hasText: 'Finalizar Pedido' }).click();
  const cpf = scope.getByLabel('CPF do cliente', { exact: true });
  await cpf.waitFor();
  expect(await cpf.evaluate((input) => input === document.activeElement)).toBe(true);
  await page.keyboard.type(customer.cpf);
  await scope
    .locator('#finalize-name')
    .and(page.locator(`[value="${customer.name}"]`))
    .waitFor();
  return cpf;
}

/** 'Vendas' (open, the cart filled): finalizes the order for the customer; the desk says so. */
export async function finalizeOrder(page: Page, customer: Customer): Promise<void> {
  const cpf = await enterCustomer(page, customer);
  await cpf.press('Enter');
  await page.getByRole('status').getByText('O pedido foi devidamente finalizado.').waitFor();
}

/** The cashier's drawer opened (no float) unless it already is: cash needs an open drawer. */
export async function openDrawerIfClosed(page: Page): Promise<void> {
  const drawer = page.getByRole('region', { name: 'Gaveta do caixa' });
  const action = drawer.getByRole('button', { name: /^(Abrir|Fechar) caixa$/ });
  await action.waitFor();
  if ((await action.textContent())?.trim() !== 'Abrir caixa') return;
  await action.click();
  await drawer.getByRole('button', { name: 'Fechar caixa' }).waitFor();
}

/** The cashier (its menu label: 'Caixa', or 'Loja'): the customer's order from the open ones. */
export async function openOrderAtCashier(
  page: Page,
  menu: string,
  customer: Customer,
): Promise<void> {
  await openMenu(page, menu);
  await openDrawerIfClosed(page);
  await page
    .getByRole('list', { name: 'Pedidos em aberto' })
    .getByRole('button')
    .filter({ hasText: customer.name })
    .click();
}

/**
 * 'Finalizar Pagamento' with no printer mapped: the receipt prints from this tab, then the success
 * notice's OK. Answers the receipt's text.
 */
export async function finishPayment(page: Page): Promise<string> {
  const receipt = await expectPrinted(page, () =>
    page.getByRole('button', { name: 'Finalizar Pagamento' }).click(),
  );
  await acknowledge(page, 'Sucesso!', 'O pedido foi devidamente finalizado.');
  return receipt;
}

/**
 * The confirmation with this title and text (ui/confirm-dialog.tsx), answered from the keyboard
 * as a clerk does: its confirm button has the focus, Enter confirms, and it closes.
 */
export async function confirmWithEnter(page: Page, title: string, text: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText(text).waitFor();
  await expect
    .poll(() =>
      dialog
        .locator('.modal-footer .btn-danger')
        .evaluate((button) => button === document.activeElement),
    )
    .toBe(true);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
}
