import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import { openMenu, readRow, setUpDesk, signIn, uniqueSuffix } from '../support/screens.ts';
import {
  addByCode,
  addParticipants,
  createProducts,
  finalizeOrder,
  finishPayment,
  openOrderAtCashier,
} from '../support/shop-screens.ts';

/**
 * The lottery through the screens. The admin sets up an event, a product and two participants,
 * sells the product to both at 'Vendas' and takes payment at 'Caixa'; then configures a lottery
 * over that product with two prizes, draws both winners on the projector at 1920×1080 and closes.
 */
const run = uniqueSuffix();
const ninePrefix = String(Date.now() % 1_000_000).padStart(6, '0');
const category = `Brindes ${run}`;
const prize = { name: `Rifa ${run}`, code: `RIF${run}`, price: '1000', stock: '20' };
const buyers = [
  { name: `Ana Prêmio ${run}`, cpf: withCheckDigits(`${ninePrefix}311`) },
  { name: `Bruno Sorte ${run}`, cpf: withCheckDigits(`${ninePrefix}312`) },
];

/** 'Vendas': the product by its code, finalized with the CPF; then paid in cash at 'Caixa'. */
async function sellAndPay(p: Page, buyer: (typeof buyers)[number], units: number) {
  await openMenu(p, 'Vendas');
  await addByCode(p, prize);
  const cart = p.getByRole('list', { name: 'Itens do carrinho' });
  for (let unit = 1; unit < units; unit++) {
    await p.getByRole('button', { name: `Mais ${prize.name}` }).click();
    await cart.getByText(`${unit + 1} x ${prize.name}`).waitFor();
  }
  await finalizeOrder(p, buyer);

  await openOrderAtCashier(p, 'Caixa', buyer);
  await p.getByLabel('Forma de pagamento 1').selectOption({ label: 'Dinheiro' });
  expect(await p.getByLabel('Restante').innerText()).toBe('R$ 0,00');
  await finishPayment(p);
}

describe('the lottery', () => {
  const { page } = usePage();

  it('configures a lottery over a sold product and draws two winners on the projector', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const { center, event } = await setUpDesk(p, run);

    await createProducts(p, [category], [{ ...prize, category }]);
    expect(await readRow(p, 'Produtos', prize.name)).toMatchObject({ Estoque: '20' });
    await addParticipants(p, { event, center }, buyers);

    await sellAndPay(p, buyers[0]!, 2);
    await sellAndPay(p, buyers[1]!, 1);

    // 'Configurar sorteio': the product sold 3 units to 2 participants.
    await openMenu(p, 'Configurar sorteio');
    expect(await readRow(p, 'Vendidos', prize.name)).toMatchObject({
      Vendidos: '3',
      Participantes: '2',
    });
    const add = p.getByRole('button', { name: `Adicionar ${prize.name}`, exact: true });
    await add.click();
    expect(await add.isDisabled()).toBe(true);
    await p
      .getByRole('list', { name: 'Produtos do sorteio' })
      .getByText('2 participantes')
      .waitFor();
    expect(await p.getByRole('button', { name: 'Menos um prêmio' }).isDisabled()).toBe(true);
    await p.getByRole('button', { name: 'Mais um prêmio' }).click();
    expect(await p.getByLabel('Quantidade de prêmios').inputValue()).toBe('2');
    await p.screenshot({ path: `${ARTIFACTS}lottery-config.png` });

    // The projector, at a room's 1920×1080.
    await p.setViewportSize({ width: 1920, height: 1080 });
    await p.getByRole('button', { name: 'Configurar', exact: true }).click();
    await p.getByRole('heading', { name: 'Clique no botão para sortear' }).waitFor();
    const draw = p.getByRole('button', { name: 'Sortear', exact: true });
    const winners = p.getByRole('list', { name: 'Ganhador(es)' }).getByRole('listitem');
    const names = buyers.map((buyer) => buyer.name);

    await draw.click();
    expect(await draw.isDisabled()).toBe(true);
    await p.waitForTimeout(2500);
    await p.screenshot({ path: `${ARTIFACTS}lottery-spinning.png` });
    const first = p.getByRole('heading', { name: /^Parabéns / });
    await first.waitFor({ timeout: 15_000 });
    const firstName = (await first.innerText()).replace(/^Parabéns /, '');
    expect(names).toContain(firstName);
    expect(await winners.allInnerTexts()).toEqual([firstName]);

    await p.locator('button:not([disabled])', { hasText: 'Sortear' }).waitFor();
    await draw.click();
    const secondName = names.find((name) => name !== firstName)!;
    await p.getByRole('heading', { name: `Parabéns ${secondName}` }).waitFor({ timeout: 15_000 });
    expect(await winners.allInnerTexts()).toEqual([firstName, secondName]);
    // Both prizes drawn: 'Sortear' stays off.
    expect(await draw.isDisabled()).toBe(true);
    await p.screenshot({ path: `${ARTIFACTS}lottery-projector.png` });

    // Closing returns to the admin page with the selection, prize count and winners reset.
    await p.getByRole('button', { name: 'Fechar sorteio' }).click();
    await p.getByRole('heading', { level: 1, name: 'Configurar sorteio' }).waitFor();
    expect(await p.getByRole('list', { name: 'Produtos do sorteio' }).count()).toBe(0);
    expect(await p.getByLabel('Quantidade de prêmios').inputValue()).toBe('1');
    expect(await add.isDisabled()).toBe(false);
  }, 240_000);
});
