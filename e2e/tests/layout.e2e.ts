import { withCheckDigits } from '@balcao/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  expectOnScreen,
  menuItem,
  menuOf,
  setUpDesk,
  signIn,
  uniqueSuffix,
  waitForPage,
} from '../support/screens.ts';
import {
  addByCode,
  addParticipants,
  createProducts,
  finalizeOrder,
} from '../support/shop-screens.ts';

/**
 * The accreditation desk and the cashier on a phone (390×844) and a laptop (1366×768): the page
 * never scrolls sideways, the desk's fields are inside the window, and on the phone the menu folds
 * behind 'Menu' (opened and closed by keyboard and by click, closed by choosing an item).
 */
const run = uniqueSuffix();
const ninePrefix = String(Date.now() % 1_000_000).padStart(6, '0');
const category = `Categoria ${run}`;
const shirt = { name: `Camiseta ${run}`, code: `CAM${run}`, price: '1990', stock: '25' };
const customer = { name: `Maria Souza ${run}`, cpf: withCheckDigits(`${ninePrefix}301`) };

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** The document is no wider than the window: nothing to scroll sideways to. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.window);
}

/** Shown and wholly between the window's left and right edges. */
async function expectInsideWidth(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  expect(await target.isVisible()).toBe(true);
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'not rendered').not.toBeNull();
  if (!box) return;
  expect(box.x, 'left of the window').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right of the window').toBeLessThanOrEqual(width);
}

/** A menu item chosen as the screen allows: through 'Menu' on a phone, directly on a laptop. */
async function open(page: Page, label: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  // By the window's width, not by what shows: just after a resize the old layout is still there.
  const folded = (page.viewportSize()?.width ?? 0) < 992;
  if (folded) {
    await toggle.click();
    await menuSlidIn(page);
  }
  await (await menuItem(page, label)).click();
  await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
  await waitForPage(page);
  // Choosing an item closes the folded menu.
  if (folded) await menuOf(page).getByRole('button', { name: 'Sair' }).waitFor({ state: 'hidden' });
}

/** The folded menu's panel has finished sliding in. */
const menuSlidIn = (page: Page) =>
  page.locator('.offcanvas.show:not(.offcanvas-toggling)').waitFor();

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}layout-${name}.png` });

describe('the desks on a phone and a laptop', () => {
  const { page } = usePage();

  it('fit the window at 390×844 and 1366×768, the menu folded on the phone', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const { center, event } = await setUpDesk(p, run);
    await createProducts(p, [category], [{ ...shirt, category }]);
    await addParticipants(p, { event, center }, [customer]);
    await (await menuItem(p, 'Vendas')).click();
    await addByCode(p, shirt);
    await finalizeOrder(p, customer);

    for (const size of [PHONE, LAPTOP]) {
      await p.setViewportSize(size);
      const name = `${size.width}x${size.height}`;

      await open(p, 'Credenciamento');
      await expectInsideWidth(p, p.getByLabel('CPF', { exact: true }));
      await expectInsideWidth(p, p.getByRole('button', { name: 'Verificar', exact: true }));
      await expectNoSidewaysScroll(p);
      await shot(p, `desk-${name}`);

      await open(p, 'Caixa');
      await p
        .getByRole('list', { name: 'Pedidos em aberto' })
        .getByRole('button')
        .filter({ hasText: customer.name })
        .click();
      await expectInsideWidth(p, p.getByRole('button', { name: 'Finalizar Pagamento' }));
      await expectNoSidewaysScroll(p);
      await shot(p, `cashier-${name}`);
    }

    // The phone: 'Menu' by keyboard opens the menu; Escape closes it and 'Menu' has the focus back.
    await p.setViewportSize(PHONE);
    const toggle = p.getByRole('button', { name: 'Menu', exact: true });
    const sair = menuOf(p).getByRole('button', { name: 'Sair', exact: true });
    await toggle.waitFor();
    expect(await sair.isVisible()).toBe(false);
    await toggle.focus();
    await p.keyboard.press('Enter');
    await menuSlidIn(p);
    // The panel lies over the page, 'Sair' within the window.
    await expectOnScreen(p, sair);
    await expectInsideWidth(p, sair);
    await expectNoSidewaysScroll(p);
    await shot(p, 'menu-390x844');
    await p.keyboard.press('Escape');
    await sair.waitFor({ state: 'hidden' });
    // The panel gives the focus back once it has slid out.
    await expect
      .poll(() => toggle.evaluate((button) => button === document.activeElement))
      .toBe(true);

    // By click: opened, then closed with its close button.
    await toggle.click();
    await menuSlidIn(p);
    await p.getByRole('button', { name: 'Fechar menu' }).click();
    await sair.waitFor({ state: 'hidden' });
  });
});
