import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createRow,
  expectPrinted,
  openMenu,
  rowOf,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';

describe('the remaining admin screens', () => {
  const { page } = usePage();

  it('an admin sets up the food panel and opens it for the kitchen', async () => {
    const p = page();
    const run = uniqueSuffix();
    const category = `Lanches ${run}`;
    await signIn(p, 'admin', inject('adminPassword'));

    await openMenu(p, 'Produtos');
    await p.getByRole('tab', { name: 'Categorias' }).click();
    await createRow(p, { Nome: category, Tipo: { choose: 'Produto' } });

    await openMenu(p, 'Configurar alimentos');
    await p.getByRole('button', { name: 'Editar', exact: true }).click();
    await typeInto(p.getByLabel('Ajuste', { exact: true }), '12');
    await typeInto(p.getByLabel('Meta', { exact: true }), '48');
    await typeInto(p.getByLabel('Intervalo de atualização (segundos)', { exact: true }), '5');
    await p.getByLabel(category, { exact: true }).check();
    await p.getByRole('button', { name: 'Salvar', exact: true }).click();
    await p.getByText('Configuração salva!').waitFor();
    await expect.poll(() => p.locator('dl').innerText()).toContain(category);
    expect(await p.locator('dl').innerText()).toMatch(/Meta\s+48/);

    await p.setViewportSize({ width: 1920, height: 1080 });
    await p.getByRole('button', { name: 'Abrir painel da cozinha' }).click();
    const panel = p.getByRole('dialog', { name: 'Painel de alimentos' });
    // Nothing of the new category sold yet: the total is the offset, a quarter of the target.
    await expect.poll(() => panel.getByLabel('Total de alimentos').innerText()).toBe('12');
    expect(await panel.innerText()).toContain('Meta: 48 · 25%');
    const total = await panel.getByLabel('Total de alimentos').boundingBox();
    expect(total?.height ?? 0).toBeGreaterThan(200); // legible across a kitchen
    await p.screenshot({ path: `${ARTIFACTS}food-panel-1920.png` });
    await panel.getByRole('button', { name: 'Fechar' }).click();
    await panel.waitFor({ state: 'hidden' });
  });

  it("a clerk prints product tags after 'Digite um número maior que 0.'", async () => {
    const p = page();
    const run = uniqueSuffix();
    const category = `Etiquetas ${run}`;
    const product = `Camiseta ${run}`;
    await signIn(p, 'admin', inject('adminPassword'));

    await openMenu(p, 'Produtos');
    await p.getByRole('tab', { name: 'Categorias' }).click();
    await createRow(p, { Nome: category, Tipo: { choose: 'Produto' } });
    await p.getByRole('tab', { name: 'Produtos' }).click();
    await createRow(p, {
      Nome: product,
      Categoria: { choose: category },
      Preço: '4990',
      'Estoque inicial': '10',
    });

    await openMenu(p, 'Etiquetas de Produtos');
    await p.getByLabel('Pesquisar', { exact: true }).fill(product);
    await rowOf(p, 'Etiquetas de Produtos', product)
      .getByRole('button', { name: 'Imprimir' })
      .click();
    let prompt = p.getByRole('dialog', { name: `Imprimir etiquetas de ${product}` });
    await typeInto(prompt.getByLabel('Quantidade', { exact: true }), '0');
    await prompt.getByRole('button', { name: 'Imprimir', exact: true }).click();
    const error = p.getByRole('dialog', { name: 'Erro!' });
    await expect.poll(() => error.innerText()).toContain('Digite um número maior que 0.');
    await error.getByRole('button', { name: 'OK' }).click();

    prompt = p.getByRole('dialog', { name: `Imprimir etiquetas de ${product}` });
    await typeInto(prompt.getByLabel('Quantidade', { exact: true }), '4');
    await expectPrinted(p, () =>
      prompt.getByRole('button', { name: 'Imprimir', exact: true }).click(),
    );
    await prompt.waitFor({ state: 'hidden' });
    await p.screenshot({ path: `${ARTIFACTS}product-tags.png` });
  });
});
