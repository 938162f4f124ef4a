import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createRow,
  openMenu,
  rowOf,
  signIn,
  tableBlock,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';

/**
 * The audit log through the screens: the admin creates a printer and renames it in
 * 'Impressoras', then opens 'Auditoria', filters by user and entity, sees the rename as
 * before → after, and downloads the CSV with that line.
 */
const run = uniqueSuffix();
const printer = `Balcão ${run}`;
const renamed = `Caixa ${run}`;

describe('audit log', () => {
  const { page } = usePage();

  it('a change made on the screens shows in Auditoria and its CSV', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));

    await openMenu(p, 'Impressoras');
    await createRow(p, { Nome: printer }, { table: 'Impressoras' });
    await rowOf(p, 'Impressoras', printer).getByRole('cell', { name: printer }).click();
    await tableBlock(p, 'Impressoras').getByRole('button', { name: 'Editar', exact: true }).click();
    const editor = p.getByRole('dialog', { name: 'Editar registro' });
    await typeInto(editor.getByLabel('Nome', { exact: true }), renamed);
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await editor.waitFor({ state: 'hidden' });
    await rowOf(p, 'Impressoras', renamed).waitFor();

    await openMenu(p, 'Auditoria');
    const main = p.getByRole('main');
    await main.getByLabel('Usuário', { exact: true }).selectOption({ label: 'admin' });
    await main.getByLabel('Entidade', { exact: true }).selectOption({ label: 'Impressoras' });
    await main.getByRole('button', { name: 'Filtrar' }).click();
    const change = `name: ${printer} → ${renamed}`;
    const row = rowOf(p, 'Auditoria', 'Alteração').filter({ hasText: change });
    await row.waitFor();
    await expect(row.getByRole('cell', { name: 'admin', exact: true }).count()).resolves.toBe(1);
    await expect(
      rowOf(p, 'Auditoria', 'Inclusão')
        .filter({ hasText: `name: ${printer}` })
        .count(),
    ).resolves.toBe(1);
    await p.screenshot({ path: `${ARTIFACTS}audit-log.png`, fullPage: true });

    const download = p.waitForEvent('download');
    await main.getByRole('button', { name: 'Baixar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Auditoria.csv');
    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Quando;Usuário;Endereço;Entidade;Registro;Ação;Alterações');
    expect(lines.some((line) => line.includes(`;Impressoras;`) && line.endsWith(change))).toBe(
      true,
    );
  });
});
