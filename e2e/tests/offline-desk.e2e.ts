import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, newAppContext, printCount, usePage } from '../support/browser.ts';
import { ownServer } from '../support/own-server.ts';
import {
  createCoursewares,
  openMenu,
  participantsSheet,
  readRow,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';

/**
 * The accreditation desk without the server (issue #26, docs/offline-desk.md), on a server this
 * test owns so it can really stop it: the desk fills its replica, the server process goes, the
 * page is reloaded (the service worker serves the app), ten guests are accredited by scanner input
 * with their courseware linked and badges printed by the browser, a second desk accredits one of
 * them too, the server comes back on the same database, and the screens show all ten once, at the
 * times they came, with their print counts, and the conflict listed.
 */
const PASSWORD = 'mesa-offline-123';
const server = ownServer('offline', PASSWORD);
const SERVER = server.url;

beforeAll(server.start, 120_000);
afterAll(server.remove);

const run = uniqueSuffix();
const prefix = String(Date.now() % 1_000_000).padStart(6, '0');
const guests = Array.from({ length: 10 }, (_, i) => ({
  name: `Convidada ${String.fromCharCode(65 + i)} ${run}`,
  cpf: withCheckDigits(`${prefix}${String(101 + i).padStart(3, '0')}`),
}));

/** HH:mm in the event zone, as 'Lista de Presença' shows a check-in. */
const eventTime = (at: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

const topBar = (page: Page) => page.getByRole('banner');

/** The desk has its replica: the top bar says how old it is. */
async function replicaReady(page: Page): Promise<void> {
  await topBar(page)
    .getByText(/^Dados de \d\d:\d\d$/)
    .waitFor({ timeout: 20_000 });
  // The service worker holds the app: a reload without the server still opens it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** One guest at the desk by scanner input: CPF, the booklet's series, the badge. */
async function accredit(page: Page, cpf: string, series: string): Promise<void> {
  const cpfField = page.getByLabel('CPF', { exact: true });
  await typeInto(cpfField, cpf);
  await cpfField.press('Enter');
  await page.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
  await page.keyboard.type(series.replaceAll('-', ''));
  await page.keyboard.press('Enter');
  await page.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
  const printed = await printCount(page);
  // The clerk reads the name before Enter: keys right after a scan's would be taken for a scan.
  await page.waitForTimeout(300);
  await page.keyboard.press('Enter');
  await page.getByText(/Crachá enviado à impressão deste computador, sem conexão/).waitFor();
  await expect.poll(() => printCount(page)).toBe(printed + 1);
}

describe('the accreditation desk without the server', () => {
  const { page } = usePage(SERVER);

  it('accredits ten guests offline and the server gets them all once, at their times', async () => {
    const p = page();
    await signIn(p, 'admin', PASSWORD);
    await p.getByRole('heading', { level: 1, name: 'Primeiros passos' }).waitFor();
    const names = await setUpDesk(p, run);
    await openMenu(p, 'Importar Participantes');
    const csv = await participantsSheet(
      p,
      guests.map((guest) => ({
        nome: guest.name,
        email: `${guest.cpf}@exemplo.com.br`,
        cpf_cnpj: guest.cpf,
        pacote: 'VIP',
        situacao: '1',
        nucleo_origem: names.centerCode,
        business: 'Varejo',
      })),
    );
    await p.getByLabel('Planilha (.csv ou .xlsx)').setInputFiles({
      name: 'participantes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await p.getByRole('main').getByLabel('Evento', { exact: true }).selectOption({
      label: names.event,
    });
    await p.getByRole('button', { name: 'Importar', exact: true }).click();
    await p.getByText(/10 criados/).waitFor();
    const series = await createCoursewares(p, names, 11);

    // Two desks open 'Credenciamento' while the server is up: each fills its replica.
    await openMenu(p, 'Credenciamento');
    await replicaReady(p);
    const other = await (await newAppContext(p.context().browser()!)).newPage();
    await other.goto(SERVER);
    await signIn(other, 'admin', PASSWORD);
    await openMenu(other, 'Credenciamento');
    await replicaReady(other);

    await server.stop();
    await p.reload();
    await other.reload();
    for (const desk of [p, other]) {
      await desk.getByRole('heading', { level: 1, name: 'Credenciamento' }).waitFor();
      await topBar(desk).getByText('Sem conexão · 0 na fila').waitFor();
    }
    await p.screenshot({ path: `${ARTIFACTS}offline-desk-sem-conexao.png`, fullPage: true });

    // The minutes around each accreditation: on a loaded machine one may cross into the next.
    const cameAt: string[][] = [];
    for (const [index, guest] of guests.entries()) {
      const before = eventTime(new Date());
      await accredit(p, guest.cpf, series[index]!);
      cameAt.push([before, eventTime(new Date())]);
    }
    await topBar(p).getByText('Sem conexão · 20 na fila').waitFor();
    // The second desk accredits the first guest too, with another booklet.
    await accredit(other, guests[0]!.cpf, series[10]!);
    await topBar(other).getByText('Sem conexão · 2 na fila').waitFor();
    await p.screenshot({ path: `${ARTIFACTS}offline-desk-fila.png`, fullPage: true });

    // The server comes back a minute after the first guests: their check-ins keep their times.
    const lastMinute = eventTime(new Date());
    while (eventTime(new Date()) === lastMinute) await p.waitForTimeout(1_000);
    await server.start();
    for (const desk of [p, other]) {
      await topBar(desk).getByText('Sincronizado').waitFor({ timeout: 30_000 });
    }
    const syncedAt = eventTime(new Date());

    // 'Pendências da sincronização': the second desk's link refused, its badge counted.
    const issues = other.getByRole('table', { name: 'Pendências da sincronização', exact: true });
    await other.reload();
    await issues.waitFor();
    const issueText = await issues.innerText();
    expect(issueText).toContain(guests[0]!.name);
    expect(issueText).toMatch(/Recusada|Somada/);
    await other.screenshot({ path: `${ARTIFACTS}offline-desk-pendencias.png`, fullPage: true });

    // 'Lista de Presença': each guest once, at the time they came.
    await openMenu(p, 'Lista de Presença');
    await p.getByRole('main').getByLabel('Evento', { exact: true }).selectOption({
      label: names.event,
    });
    for (const [index, guest] of guests.entries()) {
      const row = await readRow(p, 'Lista de presença', guest.name);
      expect(row['Total'], guest.name).toBe('1');
      const time = Object.values(row).find((cell) => /^\d\d:\d\d$/.test(cell));
      expect(cameAt[index], guest.name).toContain(time);
      expect(time, guest.name).not.toBe(syncedAt);
    }

    // 'Gerenciar Participantes': all confirmed; the guest both desks accredited printed twice.
    await openMenu(p, 'Gerenciar Participantes');
    for (const [index, guest] of guests.entries()) {
      const row = await readRow(p, 'Participantes', guest.name);
      expect(row['Credenciamento'], guest.name).toBe('CONFIRMADO');
      expect(row['Apostila'], guest.name).toBe('VINCULADO');
      expect(row['Crachás solicitados'], guest.name).toBe(index === 0 ? '2' : '1');
    }
    await other.context().close();
    // Setting up through the screens, and a wait of up to a minute for the clock to turn.
  }, 240_000);
});
