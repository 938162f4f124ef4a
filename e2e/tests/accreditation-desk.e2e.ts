import { withCheckDigits } from '@balcao/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { logIn, usePage } from '../support/browser.ts';
import { apiClient } from '../support/api.ts';

/**
 * A desk clerk's day at the accreditation desk, through the UI: import the participants, accredit
 * one (courseware linked by code, badge printed as a PDF), exchange the courseware, return
 * another, and find the check-in time in 'Lista de Presença'. The admin sets up the event and the
 * coursewares through the HTTP API beforehand, as a back office would.
 */
const baseUrl = inject('baseUrl');

const api = apiClient(baseUrl);

const form = (fields: Record<string, string | number | boolean>) =>
  Object.entries(fields)
    .map(([key, value]) => `data[0]${key}=${encodeURIComponent(String(value))}`)
    .join('&');

/** Names and CPFs no other run on the shared server uses. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const ninePrefix = String(Date.now() % 1_000_000).padStart(6, '0');
const cpfOf = (n: number) => withCheckDigits(`${ninePrefix}${String(n).padStart(3, '0')}`);

const center = `Núcleo ${run}`;
const event = `Evento ${run}`;
const clerk = { name: `Ana Souza ${run}`, cpf: cpfOf(101) };
const other = { name: `Bruno Lima ${run}`, cpf: cpfOf(102) };

/** The displayed mask the desk's CPF field produces. */
const masked = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/** HH:mm in the server's event zone (America/Sao_Paulo by default). */
const clock = (at: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** DD/MM/YYYY in the event zone, `shift` days from today: the event spans today. */
const day = (shift: number) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() + shift * 86_400_000));

let admin: string;
let courseId: number;
let coursewares: [string, string, string];

beforeAll(async () => {
  admin = (
    await api(null, 'POST', '/api/token', {
      grant_type: 'password',
      username: 'admin',
      password: inject('adminPassword'),
    })
  ).access_token;
  const country = await api(
    admin,
    'POST',
    '/api/countries/insert',
    form({ '[name]': `País ${run}` }),
  );
  const city = await api(
    admin,
    'POST',
    '/api/cities/insert',
    form({ '[name]': `Cidade ${run}`, '[country][id]': country.data[0].id }),
  );
  const centerRow = await api(
    admin,
    'POST',
    '/api/centers/insert',
    form({ '[name]': center, '[city][id]': city.data[0].id }),
  );
  const course = await api(
    admin,
    'POST',
    '/api/courses/insert',
    form({ '[name]': `Curso ${run}` }),
  );
  courseId = course.data[0].id;
  const eventRow = await api(
    admin,
    'POST',
    '/api/events/insert',
    form({
      '[name]': event,
      '[course][id]': courseId,
      '[printEnabled]': true,
      '[linkCourseware]': true,
      '[inicio]': `${day(-1)} 00:00`,
      '[fim]': `${day(1)} 23:00`,
    }),
  );
  await api(admin, 'POST', '/api/events/select', { id: eventRow.data[0].id });
  const created = await api(
    admin,
    'POST',
    `/api/courses/${courseId}/coursewares/insert`,
    form({ '[quantity]': 3, '[center][id]': centerRow.data[0].id }),
  );
  const ids: string[] = created.data.map((row: { id: string }) => row.id);
  expect(ids).toHaveLength(3);
  coursewares = ids as [string, string, string];
  // The third one goes back to the shelf: only a printed courseware is returnable.
  await api(admin, 'POST', `/api/courses/${courseId}/coursewares/print`, { id: coursewares[2] });
}, 60_000);

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

async function openMenu(page: Page, label: string): Promise<void> {
  await menuOf(page).getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
}

/** Key by key, as a USB scanner types. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.fill('');
  await field.pressSequentially(text);
}

describe('the accreditation desk', () => {
  const { page } = usePage();

  it('imports participants, accredits one, exchanges and returns courseware, lists the check-in', async () => {
    const p = page();
    await logIn(p, 'admin', inject('adminPassword'));
    await p.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();

    // Importar Participantes: good lines are kept, bad ones come back with line and reason.
    await openMenu(p, 'Importar Participantes');
    const csv = [
      'nome;email;cpf_cnpj;pacote;situacao;nucleo_origem;business',
      `${clerk.name};ana.${run}@exemplo.com.br;${clerk.cpf};VIP;1;${center};Sim`,
      `Carla Errada ${run};carla@exemplo.com.br;12345678900;VIP;1;${center};Sim`,
      `${other.name};bruno.${run}@exemplo.com.br;${other.cpf};Básico;1;;Não`,
      `Davi Sem Situação ${run};davi@exemplo.com.br;${cpfOf(104)};VIP;;${center};Sim`,
    ].join('\r\n');
    await p.getByLabel('Planilha (.csv ou .xlsx)').setInputFiles({
      name: 'participantes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await p.getByLabel('Evento', { exact: true }).selectOption({ label: event });
    await p.getByRole('button', { name: 'Importar', exact: true }).click();
    await p.getByText('2 linhas não foram importadas.').waitFor();
    expect(await p.getByText(/criados/).innerText()).toBe(
      '2 criados, 0 atualizados, 0 sem alteração.',
    );
    const failures = p.getByRole('table', { name: 'Linhas com erro', exact: true });
    const failureRows = failures.getByRole('row').filter({ has: p.getByRole('cell') });
    await failureRows.first().waitFor();
    const fails = await failureRows.evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (cell) => (cell.textContent ?? '').trim()),
      ),
    );
    expect(fails).toEqual([
      ['3', 'cpf invalido'],
      ['5', 'Situação não informada (use 1 a 7)'],
    ]);

    // Credenciamento: CPF and Enter; the event links courseware, so the code comes first.
    await openMenu(p, 'Credenciamento');
    const cpf = p.getByLabel('CPF', { exact: true });
    await typeInto(cpf, clerk.cpf);
    expect(await cpf.inputValue()).toBe(masked(clerk.cpf));
    await cpf.press('Enter');
    const status = p.locator('.desk-status');
    await p.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
    expect(await status.innerText()).toContain('Participante sem apostila. Vincule a apostila.');
    const participant = p.getByLabel('Participante', { exact: true });
    expect(await participant.innerText()).toContain(clerk.name);

    const code = p.getByLabel('Código da apostila', { exact: true });
    await code.waitFor();
    // The status moved the cursor to the code: a scanner types straight into it.
    expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
    await p.keyboard.type(coursewares[0]);
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
    expect(await participant.innerText()).toContain(coursewares[0]);
    await code.waitFor({ state: 'detached' });

    const badgeName = p.getByLabel('Nome no crachá', { exact: true });
    expect(await badgeName.inputValue()).toBe('Ana');
    await typeInto(badgeName, 'Aninha');
    const printedAt = new Date();
    await p.getByRole('button', { name: 'Imprimir crachá', exact: true }).click();
    // No printer mapped: the badge prints from a hidden frame in this tab, not a new tab.
    const printFrame = p.locator('iframe[data-print-frame]');
    await printFrame.waitFor({ state: 'attached' });
    expect(await printFrame.getAttribute('src')).toMatch(/^blob:/);
    expect(p.context().pages()).toHaveLength(1);
    // The form resets for the next in line, with the cursor back in the CPF field.
    await status.waitFor({ state: 'detached' });
    expect(await cpf.inputValue()).toBe('');
    await expect.poll(() => cpf.evaluate((input) => input === document.activeElement)).toBe(true);

    // The same CPF again: accredited now, one badge printed.
    await typeInto(cpf, clerk.cpf);
    await cpf.press('Enter');
    await p.locator('.desk-status[data-status="REGISTERED"]').waitFor();
    expect(await participant.innerText()).toMatch(/Crachás impressos\s+1/);

    // Troca de Apostila: the first courseware for the second one.
    await openMenu(p, 'Troca de Apostila');
    const exchangeCpf = p.getByLabel('CPF do participante', { exact: true });
    await typeInto(exchangeCpf, clerk.cpf);
    await exchangeCpf.press('Enter');
    await p.getByText(`Participante: ${clerk.name}`).waitFor();
    const current = p.getByLabel('Apostila atual', { exact: true });
    await typeInto(current, coursewares[0]);
    const next = p.getByLabel('Nova apostila', { exact: true });
    await p.locator('#exchange-next:not([disabled])').waitFor();
    await typeInto(next, coursewares[1]);
    await next.press('Enter');
    const confirm = p.getByRole('button', { name: 'Confirmar', exact: true });
    await p.locator('button[type="submit"]:not([disabled])', { hasText: 'Confirmar' }).waitFor();
    await confirm.click();
    const notice = p.getByRole('dialog');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Apostila trocada.');
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'hidden' });
    const exchanged = await api(admin, 'GET', `/api/coursewares/${coursewares[0]}`);
    const linked = await api(admin, 'GET', `/api/coursewares/${coursewares[1]}`);
    expect([exchanged.status, linked.status]).toEqual(['EXCHANGED', 'ASSOCIATED']);

    // Devolução de Apostilas: the lookup fires at 36 characters.
    await openMenu(p, 'Devolução de Apostilas');
    await typeInto(p.getByLabel('Código da apostila', { exact: true }), coursewares[2]);
    const card = p.getByLabel('Apostila', { exact: true });
    await card.waitFor();
    expect(await card.innerText()).toContain('Impresso');
    await p.getByRole('button', { name: 'Devolver', exact: true }).click();
    await p.getByText(/^Apostila .+ devolvida\.$/).waitFor();
    expect((await api(admin, 'GET', `/api/coursewares/${coursewares[2]}`)).status).toBe('RETURNED');

    // Lista de Presença: the check-in time of the badge print.
    await openMenu(p, 'Lista de Presença');
    await p.getByLabel('Evento', { exact: true }).selectOption({ label: event });
    const list = p.getByRole('table', { name: 'Lista de presença', exact: true });
    const row = list.getByRole('row').filter({ hasText: clerk.name });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    const times = cells.map((cell) => cell.trim()).filter((cell) => /^\d{2}:\d{2}$/.test(cell));
    expect(times).toHaveLength(1);
    const around = [-60_000, 0, 60_000].map((shift) =>
      clock(new Date(printedAt.getTime() + shift)),
    );
    expect(around).toContain(times[0]);
    expect(await list.getByRole('row').filter({ hasText: other.name }).count()).toBe(0);
  }, 120_000);
});
