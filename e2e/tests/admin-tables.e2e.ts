import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, logIn, usePage } from '../support/browser.ts';

/** What a clerk does with one editor field, by its label. */
type FieldInput =
  | string // type this text
  | { choose: string } // pick this option of a select
  | { check: readonly string[] }; // tick these boxes of a checklist

/** Names no other run or test on the shared server uses. */
function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Clicks a menu item and waits for its page and its table to finish loading. */
async function openMenu(page: Page, label: string): Promise<void> {
  await menuOf(page).getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
  await page.locator('table[aria-busy="false"]').first().waitFor();
}

/** Types into a field as a person would: clear it, then key by key (the masks see each key). */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.fill('');
  await field.pressSequentially(text);
}

/** Fully inside the window, where a mouse can reach it without scrolling. */
async function expectOnScreen(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const window = page.viewportSize();
  expect(box, 'not rendered').not.toBeNull();
  expect(window).not.toBeNull();
  if (!box || !window) return;
  expect(box.y, 'above the window').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'below the window').toBeLessThanOrEqual(window.height);
}

/** Opens 'Novo', fills the editor and leaves it open (for a screenshot or a refusal). */
async function fillNewRow(page: Page, fields: Record<string, FieldInput>): Promise<Locator> {
  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Novo registro' });
  await editor.waitFor();
  await expectOnScreen(page, editor.getByRole('button', { name: 'Salvar' }));
  for (const [label, input] of Object.entries(fields)) {
    if (typeof input === 'string') {
      await typeInto(editor.getByLabel(label, { exact: true }), input);
    } else if ('choose' in input) {
      await editor.getByLabel(label, { exact: true }).selectOption({ label: input.choose });
    } else {
      const checklist = editor.getByRole('group', { name: label, exact: true });
      for (const item of input.check) await checklist.getByLabel(item, { exact: true }).check();
    }
  }
  return editor;
}

/** Creates a row through the editor: 'Novo', the fields, 'Salvar', and the editor closes. */
async function createRow(page: Page, fields: Record<string, FieldInput>): Promise<void> {
  const editor = await fillNewRow(page, fields);
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await editor.waitFor({ state: 'hidden' });
}

/** The one row of a table with a cell reading `key`, as {column header: cell text}. */
async function readRow(page: Page, table: string, key: string): Promise<Record<string, string>> {
  const grid = page.getByRole('table', { name: table, exact: true });
  const row = grid
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: key, exact: true }) });
  await row.waitFor();
  const headers = await grid.getByRole('columnheader').allInnerTexts();
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(
    headers.map((header, i) => [header.replace(/[▲▼⇅]/g, '').trim(), cells[i]?.trim() ?? '']),
  );
}

async function logOut(page: Page): Promise<void> {
  await menuOf(page).getByRole('button', { name: 'Sair', exact: true }).click();
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
}

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

    await logIn(p, 'admin', inject('adminPassword'));
    await p.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();

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
    expect(await menu.getByRole('button').allInnerTexts()).toEqual([
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

    await logIn(p, 'admin', inject('adminPassword'));
    await p.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
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
