import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api.ts';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createCoursewares,
  expectPrinted,
  masked,
  openMenu,
  printLabel,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
  type DeskSetup,
} from '../support/screens.ts';

/**
 * A desk clerk's day at the accreditation desk, all through the screens: the admin sets up the
 * event and prints a courseware label, imports the participants, accredits one (courseware
 * linked by its printed series, badge printed as a PDF), exchanges the courseware, returns
 * another, and finds the check-in time in 'Lista de Presença'. The API is only read, to check.
 */
const baseUrl = inject('baseUrl');
const api = apiClient(baseUrl);

const run = uniqueSuffix();
const ninePrefix = String(Date.now() % 1_000_000).padStart(6, '0');
const cpfOf = (n: number) => withCheckDigits(`${ninePrefix}${String(n).padStart(3, '0')}`);
const clerk = { name: `Ana Souza ${run}`, cpf: cpfOf(101) };
const other = { name: `Bruno Lima ${run}`, cpf: cpfOf(102) };

/** HH:mm in the server's event zone (America/Sao_Paulo by default). */
const clock = (at: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}desk-${name}.png`, fullPage: true });

/** A token to read the results back; nothing is written through it. */
let reader: string;
beforeAll(async () => {
  reader = (
    await api(null, 'POST', '/api/token', {
      grant_type: 'password',
      username: 'admin',
      password: inject('adminPassword'),
    })
  ).access_token;
});
const coursewareBy = (code: string) => api(reader, 'GET', `/api/coursewares/${code}`);

describe('the accreditation desk', () => {
  const { page } = usePage();

  it('imports participants, accredits one, exchanges and returns courseware, lists the check-in', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    const names: DeskSetup = await setUpDesk(p, run);
    const { center, event } = names;
    // Three coursewares; the third one's label is printed: only a printed one is returnable.
    const [first, second, third] = (await createCoursewares(p, names, 3)) as [
      string,
      string,
      string,
    ];
    await printLabel(p, third);

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
    await p.getByRole('main').getByLabel('Evento', { exact: true }).selectOption({ label: event });
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
    expect(fails.map(([line]) => line)).toEqual(['3', '5']);
    expect(fails[1]).toEqual(['5', 'Situação não informada (use 1 a 7)']);

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
    // The status moved the cursor to the code: the series off the label goes straight in.
    expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
    await p.keyboard.type(first);
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
    expect(await participant.innerText()).toContain(first);
    await code.waitFor({ state: 'detached' });

    const badgeName = p.getByLabel('Nome no crachá', { exact: true });
    expect(await badgeName.inputValue()).toBe('Ana');
    await typeInto(badgeName, 'Aninha');
    const printedAt = new Date();
    // No printer mapped: the badge prints from a hidden frame in this tab, not a new tab.
    await expectPrinted(p, () =>
      p.getByRole('button', { name: 'Imprimir crachá', exact: true }).click(),
    );
    // The form resets for the next in line, with the cursor back in the CPF field.
    await status.waitFor({ state: 'detached' });
    await p.getByText('Crachá impresso: Aninha', { exact: true }).waitFor();
    expect(await cpf.inputValue()).toBe('');
    await expect.poll(() => cpf.evaluate((input) => input === document.activeElement)).toBe(true);

    // The same CPF again: accredited now, one badge printed.
    await typeInto(cpf, clerk.cpf);
    await cpf.press('Enter');
    await p.locator('.desk-status[data-status="REGISTERED"]').waitFor();
    expect(await participant.innerText()).toMatch(/Crachás solicitados\s+1$/);

    // Troca de Apostila: the first courseware for the second one, both by their series.
    await openMenu(p, 'Troca de Apostila');
    const exchangeCpf = p.getByLabel('CPF do participante', { exact: true });
    await typeInto(exchangeCpf, clerk.cpf);
    await exchangeCpf.press('Enter');
    await p.getByText(`Participante: ${clerk.name}`).waitFor();
    const current = p.getByLabel('Apostila atual', { exact: true });
    // Someone else's courseware is refused in the panel; the cursor stays for the next scan.
    await typeInto(current, third);
    await current.press('Enter');
    const panel = p.getByRole('status');
    await panel.getByText('A apostila atual não confere com a do participante.').waitFor();
    expect(await p.getByRole('dialog').count()).toBe(0);
    await shot(p, 'troca-recusada');
    await typeInto(current, first.replaceAll('-', ''));
    await current.press('Enter');
    const next = p.getByLabel('Nova apostila', { exact: true });
    await p.locator('#exchange-next:not([disabled])').waitFor();
    await typeInto(next, second);
    await next.press('Enter');
    const confirm = p.getByRole('button', { name: 'Confirmar', exact: true });
    await p.locator('button[type="submit"]:not([disabled])', { hasText: 'Confirmar' }).waitFor();
    await confirm.click();
    await panel.getByText('Apostila trocada.', { exact: true }).waitFor();
    expect(await exchangeCpf.inputValue()).toBe('');
    await shot(p, 'troca');
    const exchanged = await coursewareBy(first);
    const linked = await coursewareBy(second);
    expect([exchanged.status, linked.status]).toEqual(['EXCHANGED', 'ASSOCIATED']);
    expect(linked.subscription?.name).toBe(clerk.name);

    // Devolução de Apostilas: a QR scan (the code read back from the label's QR) looks up at
    // 36 characters; a typed series looks up on Enter.
    await openMenu(p, 'Devolução de Apostilas');
    const returnCode = p.getByLabel('Código da apostila', { exact: true });
    await typeInto(returnCode, (await coursewareBy(second)).id);
    const card = p.getByLabel('Apostila', { exact: true });
    await card.waitFor();
    expect(await card.innerText()).toContain('Associado');
    expect(await p.getByRole('button', { name: 'Devolver', exact: true }).count()).toBe(0);
    await typeInto(returnCode, third);
    await returnCode.press('Enter');
    await card.getByText('Impresso', { exact: true }).waitFor();
    expect(await card.innerText()).toContain(third);
    await p.getByRole('button', { name: 'Devolver', exact: true }).click();
    await p.getByText(`Apostila ${third} devolvida.`, { exact: true }).waitFor();
    await shot(p, 'devolucao');
    expect((await coursewareBy(third)).status).toBe('RETURNED');

    // Lista de Presença: the check-in time of the badge print.
    await openMenu(p, 'Lista de Presença');
    await p.getByRole('main').getByLabel('Evento', { exact: true }).selectOption({ label: event });
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
  }, 180_000);
});
