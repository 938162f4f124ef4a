import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { readPdf } from '../../apps/api/test/helpers/pdf-text.ts';
import { logIn } from './browser.ts';

/**
 * What a person does on the screens, shared by the tests: menus, editors, tables and the setup
 * of an event (course, city, center, event, selection) the way an admin does it. Tests prepare
 * every state through these, never through the API.
 */

/** What a clerk does with one editor field, by its label. */
export type FieldInput =
  | string // type this text
  | { choose: string } // pick this option of a select
  | { check: readonly string[] }; // tick these boxes of a checklist

/** Names no other run or test on the shared server uses. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Logs in and waits for the menu (the first page depends on what the database holds). */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await logIn(page, username, password);
  await menuOf(page).getByRole('button', { name: 'Sair', exact: true }).waitFor();
  await waitForPage(page);
}

/** Waits until the page on screen has loaded: the menu ignores clicks while one loads (SPEC.md). */
export async function waitForPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByText('Carregando...', { exact: true }).waitFor({ state: 'hidden' });
}

export async function logOut(page: Page): Promise<void> {
  await menuOf(page).getByRole('button', { name: 'Sair', exact: true }).click();
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
}

/** A menu item, opening its heading's group first when the group is closed. */
export async function menuItem(page: Page, label: string): Promise<Locator> {
  const menu = menuOf(page);
  const item = menu.getByRole('button', { name: label, exact: true });
  const hidden = page.getByRole('button', { name: label, exact: true, includeHidden: true });
  const closed = menu
    .locator('.app-menu-group', { has: hidden })
    .locator('button[aria-expanded="false"]');
  // Right after a reload the menu is still being drawn: wait until either the item or its closed
  // group shows, then for a group still folding away (the last page's), which shows its items
  // until it is done.
  await item.or(closed).first().waitFor();
  await menu.locator('.collapsing').first().waitFor({ state: 'detached' });
  if (!(await item.isVisible())) {
    await closed.click();
    // Clicked while the group still unfolds, the item may not be where it is drawn yet.
    await menu.locator('.collapsing').first().waitFor({ state: 'detached' });
  }
  return item;
}

/** Clicks a menu item and waits for its page (and its table, if it has one) to load. */
export async function openMenu(page: Page, label: string, heading = label): Promise<void> {
  const title = page.getByRole('heading', { level: 1, name: heading, exact: true });
  await (await menuItem(page, label)).click();
  // On a loaded CI machine a click right after the menu moved was seen lost (no navigation at
  // all): clicked once more, which opens the same page.
  if (
    !(await title.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ))
  ) {
    await (await menuItem(page, label)).click();
  }
  await title.waitFor();
  if ((await page.locator('table[aria-busy]').count()) > 0) {
    await page.locator('table[aria-busy="false"]').first().waitFor();
  }
}

/** Types into a field as a person would: clear it, then key by key (masks and scanners alike). */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.fill('');
  await field.pressSequentially(text);
}

/** Fully inside the window, where a mouse can reach it without scrolling. */
export async function expectOnScreen(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const window = page.viewportSize();
  expect(box, 'not rendered').not.toBeNull();
  expect(window).not.toBeNull();
  if (!box || !window) return;
  expect(box.y, 'above the window').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'below the window').toBeLessThanOrEqual(window.height);
}

/** Where a create button is: its label ('Novo' unless the page names it) and its table. */
export interface CreateButton {
  createLabel?: string;
  /** The table, on a page with two ('Impressoras' and its mapping). */
  table?: string;
}

/** The toolbar and grid of one table of the page. */
export const tableBlock = (page: Page, table: string): Locator =>
  page
    .locator('.data-table')
    .filter({ has: page.getByRole('table', { name: table, exact: true }) });

/** Clicks the create button, fills the editor and leaves it open. */
export async function fillNewRow(
  page: Page,
  fields: Record<string, FieldInput>,
  { createLabel = 'Novo', table }: CreateButton = {},
): Promise<Locator> {
  const scope = table ? tableBlock(page, table) : page;
  await scope.getByRole('button', { name: createLabel, exact: true }).click();
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

/** Creates a row through the editor: the fields, 'Salvar', and the editor closes. */
export async function createRow(
  page: Page,
  fields: Record<string, FieldInput>,
  button: CreateButton = {},
): Promise<void> {
  const editor = await fillNewRow(page, fields, button);
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await editor.waitFor({ state: 'hidden' });
}

/** The row of a table with a cell reading `key`. */
export function rowOf(page: Page, table: string, key: string): Locator {
  return page
    .getByRole('table', { name: table, exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: key, exact: true }) });
}

/**
 * Shows the row of a table with a cell reading `key`; past the first page (earlier tests filled
 * the table) by typing it in 'Pesquisar', as a person would. Answers a function that empties the
 * search box again once the caller is done with the row.
 */
export async function showRow(
  page: Page,
  table: string,
  key: string,
): Promise<() => Promise<void>> {
  const grid = page.getByRole('table', { name: table, exact: true });
  const row = rowOf(page, table, key);
  await grid.and(page.locator(':not([aria-busy="true"])')).waitFor();
  if ((await row.count()) > 0) return async () => {};
  const search = page.getByLabel('Pesquisar', { exact: true });
  await typeInto(search, key);
  await row.waitFor();
  return () => search.fill('');
}

/** Edits the row of a table with a cell reading `key`: its fields typed, 'Salvar', closed. */
export async function editRow(
  page: Page,
  table: string,
  key: string,
  fields: Record<string, string>,
): Promise<void> {
  const done = await showRow(page, table, key);
  await rowOf(page, table, key).getByRole('cell', { name: key, exact: true }).click();
  await tableBlock(page, table).getByRole('button', { name: 'Editar', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Editar registro' });
  for (const [label, text] of Object.entries(fields)) {
    await typeInto(editor.getByLabel(label, { exact: true }), text);
  }
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await editor.waitFor({ state: 'hidden' });
  await done();
}

/** The one row of a table with a cell reading `key`, as {column header: cell text}. */
export async function readRow(
  page: Page,
  table: string,
  key: string,
): Promise<Record<string, string>> {
  const done = await showRow(page, table, key);
  const grid = page.getByRole('table', { name: table, exact: true });
  const row = rowOf(page, table, key);
  await row.waitFor();
  const read = await readRowOf(grid, row);
  await done();
  return read;
}

/** Every row of a table (header cells as keys), in the order shown. */
export async function readRows(page: Page, table: string): Promise<Record<string, string>[]> {
  const grid = page.getByRole('table', { name: table, exact: true });
  const rows = grid.getByRole('row').filter({ has: page.getByRole('cell') });
  await rows.first().waitFor();
  const all: Record<string, string>[] = [];
  for (const row of await rows.all()) all.push(await readRowOf(grid, row));
  return all;
}

async function readRowOf(grid: Locator, row: Locator): Promise<Record<string, string>> {
  const headers = await grid.getByRole('columnheader').allInnerTexts();
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(
    headers.map((header, i) => [header.replace(/[▲▼⇅]/g, '').trim(), cells[i]?.trim() ?? '']),
  );
}

/** DD/MM/YYYY in the event zone (America/Sao_Paulo), `shift` days from today. */
export const day = (shift: number) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() + shift * 86_400_000));

export interface DeskSetup {
  course: string;
  city: string;
  center: string;
  /** The center's 'Código' in 'Núcleos' ('001'), which an import may name it by. */
  centerCode: string;
  event: string;
}

/**
 * What an admin does before a desk can work, all on the screens: a course ('Cursos'), a city of
 * the seeded 'Brasil' ('Cidades'), a center ('Núcleos'), an event of that course spanning today
 * that links courseware and prints badges (the editor's defaults), and 'Selecionar' on its row
 * in 'Eventos'.
 */
export async function setUpDesk(page: Page, run: string): Promise<DeskSetup> {
  const names = {
    course: `Curso ${run}`,
    city: `Cidade ${run}`,
    center: `Núcleo ${run}`,
    event: `Evento ${run}`,
  };
  await openMenu(page, 'Cursos');
  await createRow(page, { Nome: names.course });
  await readRow(page, 'Cursos', names.course);

  await openMenu(page, 'Cidades');
  await createRow(page, { Nome: names.city, País: { choose: 'Brasil' } });
  await readRow(page, 'Cidades', names.city);

  await openMenu(page, 'Núcleos');
  await createRow(page, { Nome: names.center, Cidade: { choose: names.city } });
  const centerCode = (await readRow(page, 'Núcleos', names.center))['Código'] ?? '';

  await openMenu(page, 'Eventos');
  await createRow(page, {
    Nome: names.event,
    Curso: { choose: names.course },
    Início: `${day(-1)} 08:00`,
    Fim: `${day(1)} 18:00`,
  });
  await selectEvent(page, names.event);
  return { ...names, centerCode };
}

/** 'Selecionar' on the event's row in 'Eventos' (open): the desks work on it from then on. */
export async function selectEvent(page: Page, event: string): Promise<void> {
  await showRow(page, 'Eventos', event);
  const row = rowOf(page, 'Eventos', event);
  // Selecting reloads the table (a search typed in it is gone): the top bar's switch tells.
  const chosen = page.getByRole('banner').getByRole('combobox');
  const shown = () =>
    chosen.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);
  const select = async () => {
    await row.getByRole('button', { name: 'Selecionar', exact: true }).click();
    // A lost click opens no dialog: the poll below sees the event unchanged and clicks again.
    await confirmEventSwitch(page, event).catch(() => undefined);
  };
  await select();
  // A click seen lost on a loaded CI machine is given once more (selecting again changes nothing).
  const taken = await expect
    .poll(shown, { timeout: 4_000 })
    .toBe(event)
    .then(
      () => true,
      () => false,
    );
  if (!taken) {
    const again = row.getByRole('button', { name: 'Selecionar', exact: true });
    if (await again.isVisible()) await select();
    await expect.poll(shown).toBe(event);
  }
}

/** 'Trocar evento', the one confirmation of every event switch (top bar or 'Eventos'). */
export async function confirmEventSwitch(page: Page, event: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Trocar evento' });
  await dialog
    .getByText(`Todos os balcões e relatórios passam para o evento ${event}.`)
    .waitFor({ timeout: 4_000 });
  await dialog.getByRole('button', { name: 'Trocar evento' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * 'Apostilas': `quantity` new coursewares of the course for the center ('Criar'), answered with
 * the series the table shows for them (the ones printed on their labels), oldest first.
 */
export async function createCoursewares(
  page: Page,
  names: Pick<DeskSetup, 'course' | 'center'>,
  quantity: number,
): Promise<string[]> {
  await openMenu(page, 'Apostilas');
  await page.getByLabel('Curso', { exact: true }).selectOption({ label: names.course });
  await page.getByRole('table', { name: 'Apostilas', exact: true }).waitFor();
  await createRow(
    page,
    { Quantidade: String(quantity), Núcleo: { choose: names.center } },
    { createLabel: 'Criar' },
  );
  const grid = page.getByRole('table', { name: 'Apostilas', exact: true });
  await grid
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .nth(quantity - 1)
    .waitFor();
  const rows = await readRows(page, 'Apostilas');
  const series = rows.map((row) => row['Série'] ?? '');
  for (const serial of series) expect(serial).toMatch(/^\d{2,}-\d{3,}-\d{6,}$/);
  return series.sort();
}

/**
 * Runs `action` (the click that prints, no printer mapped) and checks what the clerk gets: the
 * PDF the SPA fetched (`/api/prints/files/…`) printed from a new hidden frame in this tab
 * (`data-print-frame`, a blob: URL) that really shows it, and no new tab. Answers the PDF's text
 * (every page's text runs, one a line), for what the clerk reads on the paper.
 */
export async function expectPrinted(page: Page, action: () => Promise<void>): Promise<string> {
  const frame = page.locator('iframe[data-print-frame]');
  const before = (await frame.count()) > 0 ? await frame.getAttribute('src') : null;
  const file = page.waitForResponse((response) => response.url().includes('/api/prints/files/'));
  await action();
  const pdf = await (await file).body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const shown = await page.waitForFunction((previous) => {
    const src = document.querySelector<HTMLIFrameElement>('iframe[data-print-frame]')?.src ?? '';
    return src.startsWith('blob:') && src !== previous ? src : null;
  }, before);
  const src = (await shown.jsonValue()) as string;
  // A frame the page's policy refuses shows Chromium's error page instead, and prints that.
  const content = await (await frame.elementHandle())?.contentFrame();
  const refused = 'the print frame does not show the PDF (a frame-src the CSP lacks?)';
  await expect.poll(() => content?.url(), { timeout: 5_000, message: refused }).toBe(src);
  // Once loaded, the frame's print() ran (browser.ts marks it in place of the print dialog).
  await content?.locator('html[data-printed]').waitFor({ state: 'attached' });
  expect(page.context().pages()).toHaveLength(1);
  return (await readPdf(pdf)).pages.map((printed) => printed.text).join('\n');
}

/** Ticks one courseware and prints its label, as at a desk. */
export async function printLabel(page: Page, series: string): Promise<void> {
  await page.getByLabel(`Selecionar apostila ${series}`, { exact: true }).check();
  await expectPrinted(page, () =>
    page.getByRole('button', { name: 'Imprimir etiquetas (1)', exact: true }).click(),
  );
  const notice = page.getByRole('dialog').filter({ hasText: 'Etiquetas impressas corretamente.' });
  await notice.waitFor();
  await notice.getByRole('button', { name: 'OK' }).click();
  await notice.waitFor({ state: 'hidden' });
}

/**
 * 'Importar Participantes' (open): downloads the CSV model the page offers and answers a
 * spreadsheet in its columns, its example line replaced by `lines` (cells by column name).
 */
export async function participantsSheet(
  page: Page,
  lines: readonly Record<string, string>[],
): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar modelo (.csv)', exact: true }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const [header = ''] = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const columns = header.split(';');
  return [header, ...lines.map((cells) => columns.map((name) => cells[name] ?? '').join(';'))].join(
    '\r\n',
  );
}

/** The CPF mask the desk fields show. */
export const masked = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
