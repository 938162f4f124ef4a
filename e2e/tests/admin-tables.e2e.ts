import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, logIn, usePage } from '../support/browser.ts';
import {
  createRow,
  fillNewRow,
  logOut,
  menuOf,
  openMenu,
  readRow,
  signIn,
  uniqueSuffix,
} from '../support/screens.ts';

describe('the admin tables at a desk', () => {
  const { page } = usePage();

  it('an admin registers a cashier from scratch, who then sees only the store menu', async () => {
    const p = page();
    const run = uniqueSuffix();
    const country = `País ${run}`;
    const city = `Cidade ${run}`;
    const center = `Núcleo ${run}`;
    const course = `Curso ${run}`;
    const event = `Evento ${run}`;
    const category = `Categoria ${run}`;
    const product = `Produto ${run}`;
    const profile = `Perfil Caixa ${run}`;
    const user = { name: `Caixa ${run}`, username: `caixa${run}`, password: 'senha-do-caixa-1' };

    await signIn(p, 'admin', inject('adminPassword'));

    await openMenu(p, 'Países');
    await createRow(p, { Nome: country });
    expect(await readRow(p, 'Países', country)).toMatchObject({ Nome: country });

    await openMenu(p, 'Cidades');
    await createRow(p, { Nome: city, País: { choose: country } });
    expect(await readRow(p, 'Cidades', city)).toMatchObject({ Nome: city, País: country });

    await openMenu(p, 'Núcleos');
    await createRow(p, { Nome: center, Cidade: { choose: city } });
    const centerRow = await readRow(p, 'Núcleos', center);
    expect(centerRow).toMatchObject({ Nome: center, Cidade: city });
    expect(centerRow['Código']).toMatch(/^\d{3}$/);

    await openMenu(p, 'Cursos');
    await createRow(p, { Nome: course });
    expect(await readRow(p, 'Cursos', course)).toMatchObject({ Nome: course });

    await openMenu(p, 'Eventos');
    const eventEditor = await fillNewRow(p, {
      Nome: event,
      Curso: { choose: course },
      Endereço: 'Rua das Flores, 100',
      Local: 'Auditório',
      Valor: '123456', // the mask fills the cents from the right: R$ 1.234,56
      Início: '10/03/2026 08:00',
      Fim: '12/03/2026 18:30',
    });
    expect(await eventEditor.getByLabel('Valor', { exact: true }).inputValue()).toBe('R$ 1.234,56');
    await p.screenshot({ path: `${ARTIFACTS}admin-tables-editor.png` });
    await eventEditor.getByRole('button', { name: 'Salvar' }).click();
    await eventEditor.waitFor({ state: 'hidden' });
    expect(await readRow(p, 'Eventos', event)).toMatchObject({
      Nome: event,
      Curso: course,
      Valor: 'R$ 1.234,56',
      Início: '10/03/2026 08:00',
      Fim: '12/03/2026 18:30',
      Apostila: 'Sim',
    });

    await openMenu(p, 'Produtos');
    await p.getByRole('tab', { name: 'Categorias' }).click();
    await createRow(p, { Nome: category, Tipo: { choose: 'Produto' } });
    expect(await readRow(p, 'Categorias de produtos', category)).toMatchObject({
      Nome: category,
      Tipo: 'Produto',
    });
    await p.getByRole('tab', { name: 'Produtos' }).click();
    await createRow(p, {
      Nome: product,
      Categoria: { choose: category },
      Preço: '1990',
      'Estoque inicial': '25',
    });
    expect(await readRow(p, 'Produtos', product)).toMatchObject({
      Nome: product,
      Categoria: category,
      Preço: 'R$ 19,90',
      Estoque: '25',
    });
    await p.screenshot({ path: `${ARTIFACTS}admin-tables-table.png` });

    await openMenu(p, 'Perfis de Usuários');
    await createRow(p, { Nome: profile, Permissões: { check: ['Caixa'] } });
    expect(await readRow(p, 'Perfis de Usuários', profile)).toMatchObject({
      Nome: profile,
      Permissões: 'Caixa',
    });

    await openMenu(p, 'Usuários');
    await createRow(p, {
      Nome: user.name,
      Usuário: user.username,
      Senha: user.password,
      'Confirmação da senha': user.password,
      Núcleo: { choose: center },
      Perfis: { check: [profile] },
    });
    expect(await readRow(p, 'Usuários', user.name)).toMatchObject({
      Nome: user.name,
      Usuário: user.username,
      Ativo: 'Sim',
      Núcleo: center,
      Perfis: profile,
      'Permissões diretas': '',
    });

    await logOut(p);
    await logIn(p, user.username, user.password);
    await p.getByText(`Olá, ${user.username}`).waitFor();
    const menu = menuOf(p);
    await menu.getByRole('button', { name: 'Sair', exact: true }).waitFor();
    // The items, whatever headings group them (a heading button says whether it is open).
    expect(await menu.locator('button:not([aria-expanded])').allTextContents()).toEqual([
      'Loja',
      'Configurar webcam',
      'Sair',
    ]);
    // Checkout's first page is the cashier, whose item reads 'Loja' for a Checkout-only user.
    const openItem = menu.locator('[aria-current="page"]');
    await openItem.waitFor();
    expect(await openItem.allInnerTexts()).toEqual(['Loja']);
    await p.getByText(center, { exact: true }).waitFor(); // the top bar shows the user's center
  }, 120_000);

  it('refuses a second country with the same name beside the name field', async () => {
    const p = page();
    const country = `País ${uniqueSuffix()}`;

    await signIn(p, 'admin', inject('adminPassword'));
    await openMenu(p, 'Países');
    await createRow(p, { Nome: country });
    await readRow(p, 'Países', country);

    const editor = await fillNewRow(p, { Nome: country });
    await editor.getByLabel('Nome', { exact: true }).press('Enter');

    const name = editor.getByLabel('Nome', { exact: true });
    await editor.locator('[aria-invalid="true"]').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const errorId = await name.getAttribute('aria-describedby');
    expect(errorId).toBeTruthy();
    const message = editor.locator(`[id="${errorId}"]`);
    expect(await message.innerText()).toBe('Já existe um país com este nome.');
    // Beside the field: in the name's own form group, not only in an alert at the top.
    const group = editor.locator('.mb-3', { has: p.getByLabel('Nome', { exact: true }) });
    expect(await group.locator('.invalid-feedback').innerText()).toBe(
      'Já existe um país com este nome.',
    );
    await p.screenshot({ path: `${ARTIFACTS}admin-tables-field-error.png` });

    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await editor.waitFor({ state: 'hidden' });
    const table = p.getByRole('table', { name: 'Países', exact: true });
    expect(await table.getByRole('cell', { name: country, exact: true }).count()).toBe(1);
  });
});
