import { withCheckDigits } from '@balcao/contract';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  day,
  logOut,
  menuOf,
  openMenu,
  readRow,
  readRows,
  rowOf,
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
  finalizeOrder,
  finishPayment,
  openOrderAtCashier,
} from '../support/shop-screens.ts';

/**
 * Coupons through the screens only. The admin sets up an event, a product and a participant, a
 * coupon template of 10 % ('Template de Cupons') and prints 3 coupons of it, watching the
 * progress; a clerk sells the product, applies one of the coupons at the cashier, sees the
 * discount at once and pays; the admin then sees that coupon 'Utilizado' in 'Cupons'.
 */
const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 7) % 1_000_000).padStart(6, '0');

const category = `Categoria cupom ${run}`;
const product = { name: `Agenda ${run}`, code: `AGE${run}`, price: '8000', stock: '10' };
const customer = { name: `Ana Cupom ${run}`, cpf: withCheckDigits(`${ninePrefix}302`) };
const template = `Natal ${run}`;
const clerk = { name: `Caixa ${run}`, username: `caixa${run}`, password: 'senha-do-caixa-1' };

describe('coupons', () => {
  const { page } = usePage();

  it('creates a template, prints 3 coupons, applies one at the cashier, pays and sees it used', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const { center, event } = await setUpDesk(p, run);

    await createProducts(p, [category], [{ ...product, category }]);
    await addParticipants(p, { event, center }, [customer]);

    // Template de Cupons: the modal's checks, then a 10 % template for 'Produtos' only.
    await openMenu(p, 'Template de Cupons');
    await p.getByRole('button', { name: 'Novo template', exact: true }).click();
    const modal = p.getByRole('dialog', { name: 'Novo template' });
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByRole('alert').getByText('Preencha os campos').waitFor();
    await typeInto(modal.getByLabel('Nome', { exact: true }), template);
    await typeInto(modal.getByLabel('Porcentagem', { exact: true }), '10');
    await modal.getByLabel('Cursos', { exact: true }).uncheck();
    await typeInto(modal.getByLabel('Expiração', { exact: true }), `${day(30)} 23:59`);
    await modal
      .getByRole('group', { name: 'Somente estes produtos (lista branca)' })
      .getByLabel(product.name, { exact: true })
      .check();
    await p.screenshot({ path: `${ARTIFACTS}coupons-template-form.png` });
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await readRow(p, 'Templates de cupons', template)).toMatchObject({
      Nome: template,
      Porcentagem: '10,00%',
      Qtd: '0',
    });

    // Print 3: one call, the progress on screen, one PDF of the three printed in this tab.
    await rowOf(p, 'Templates de cupons', template)
      .getByRole('button', { name: 'Imprimir', exact: true })
      .click();
    const prompt = p.getByRole('dialog', { name: `Imprimir cupons de ${template}` });
    await typeInto(prompt.getByLabel('Quantidade', { exact: true }), '3');
    const seen = new Set<string>();
    const watch = p.waitForFunction(
      () => {
        const title = document.getElementById('coupon-batch-title')?.textContent ?? '';
        const marks = ((window as unknown as { seen?: string[] }).seen ??= []);
        if (title && !marks.includes(title)) marks.push(title);
        return document.body.textContent?.includes('3 cupons impressos.') ? marks : null;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    // No printer mapped: the batch's one PDF (a page per coupon) is fetched and printed here.
    const files: Promise<Buffer>[] = [];
    p.on('response', (response) => {
      if (response.url().includes('/api/prints/files/')) files.push(response.body());
    });
    await prompt.getByRole('button', { name: 'Imprimir' }).click();
    for (const title of (await (await watch).jsonValue()) as string[]) seen.add(title);
    expect([...seen].some((title) => /^Imprimindo - [0-2]\/3$/.test(title))).toBe(true);
    expect(files).toHaveLength(1);
    const pdf = (await files[0])!.toString('latin1');
    expect(pdf.slice(0, 5)).toBe('%PDF-');
    expect(pdf.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(3);
    expect(p.context().pages()).toHaveLength(1);
    const printed = p.getByRole('dialog', { name: 'Sucesso!' });
    await printed.getByText('3 cupons impressos.').waitFor();
    await printed.getByRole('button', { name: 'OK' }).click();
    await rowOf(p, 'Templates de cupons', template)
      .getByRole('cell', { name: '3', exact: true })
      .waitFor();
    await p.screenshot({ path: `${ARTIFACTS}coupons-templates.png` });

    // Cupons: the three, available; the clerk gets the first one's printed code.
    await openMenu(p, 'Cupons');
    await rowOf(p, 'Cupons', template).first().waitFor();
    const coupons = (await readRows(p, 'Cupons')).filter((row) => row['Template'] === template);
    expect(coupons).toHaveLength(3);
    for (const coupon of coupons) expect(coupon['Situação']).toBe('Disponível');
    const code = coupons[0]?.['Código'] ?? '';
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await p.screenshot({ path: `${ARTIFACTS}coupons-list.png` });

    await createClerk(p, clerk, {
      center,
      permissions: ['Vendas', 'Caixa'],
      categories: [category],
    });
    await logOut(p);

    // The clerk sells the product and finalizes with the customer's CPF.
    await signIn(p, clerk.username, clerk.password);
    await p.getByRole('heading', { level: 1, name: 'Vendas' }).waitFor();
    await addByCode(p, product);
    await finalizeOrder(p, customer);

    // The cashier: the coupon's code typed as a scanner does (code and Enter), 10 % at once.
    await openOrderAtCashier(p, 'Loja', customer);
    expect(await p.getByLabel('Total do pedido').innerText()).toBe('R$ 80,00');
    const field = p.getByLabel('Cupom', { exact: true });
    await typeInto(field, code);
    await field.press('Enter');
    await p.getByRole('status').getByText('Cupom inserido').waitFor();
    await expect.poll(() => p.getByLabel('Total do pedido').innerText()).toBe('R$ 72,00');
    expect(await p.getByLabel(`Desconto (%) de ${product.name}`).inputValue()).toBe('10');
    expect(await p.getByLabel('Cupom do pedido').innerText()).toContain(template);
    await p.screenshot({ path: `${ARTIFACTS}coupons-checkout.png` });

    await p.getByLabel('Forma de pagamento 1').selectOption({ label: 'Dinheiro' });
    await finishPayment(p);
    await logOut(p);

    // Cupons: that coupon is used, the other two still available.
    await signIn(p, 'admin', inject('adminPassword'));
    // 'Cupons' is also the coupons report's label: open the 'Cupons' group first.
    await menuOf(p).getByRole('button', { name: 'Grupo Cupons' }).click();
    await openMenu(p, 'Cupons');
    expect(await readRow(p, 'Cupons', code)).toMatchObject({ Situação: 'Utilizado' });
    const after = (await readRows(p, 'Cupons')).filter((row) => row['Template'] === template);
    expect(after.map((row) => row['Situação']).sort()).toEqual([
      'Disponível',
      'Disponível',
      'Utilizado',
    ]);
    await p.screenshot({ path: `${ARTIFACTS}coupons-used.png` });

    // Configurar cupons automáticos: on, with this template, from R$ 150,00.
    await openMenu(p, 'Configurar cupons automáticos');
    await p.getByText('Desativados', { exact: true }).waitFor();
    await p.getByRole('button', { name: 'Editar', exact: true }).click();
    await p.getByLabel('Gerar cupons automáticos', { exact: true }).check();
    await p.getByLabel('Template', { exact: true }).selectOption({ label: template });
    await typeInto(p.getByLabel('Valor mínimo do pedido', { exact: true }), '15000');
    await p.getByRole('button', { name: 'Salvar', exact: true }).click();
    await p.getByRole('status').getByText('Configuração salva!').waitFor();
    await p.getByText('Ativados', { exact: true }).waitFor();
    await p.getByText('R$ 150,00', { exact: true }).waitFor();
    await p.screenshot({ path: `${ARTIFACTS}coupons-config.png` });
  }, 240_000);
});
