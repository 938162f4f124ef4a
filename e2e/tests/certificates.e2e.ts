import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createRow,
  day,
  expectPrinted,
  fillNewRow,
  openMenu,
  selectEvent,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';

/**
 * Certificates of attendance (issue #44), all on the screens: an admin makes an event, imports
 * two participants and accredits one at the desk, sets the event's rule in 'Certificados', sees
 * who earns one and why the other does not, and issues them. Then a phone that never signed in
 * opens the certificate's verification address and reads 'Certificado válido'; an altered code
 * reads 'Código não encontrado'.
 */
const run = uniqueSuffix();
const ninePrefix = String((Date.now() + 7) % 1_000_000).padStart(6, '0');
const cpfOf = (n: number) => withCheckDigits(`${ninePrefix}${String(n).padStart(3, '0')}`);
const ana = { name: `Ana Certificada ${run}`, cpf: cpfOf(201) };
const bruno = { name: `Bruno Ausente ${run}`, cpf: cpfOf(202) };
const course = `Curso ${run}`;
const event = `Imersão ${run}`;

const CODE = /^[2-9A-Z]{4}(-[2-9A-Z]{4}){4}$/;

/** An event of today whose desk prints the badge without linking courseware. */
async function createEvent(p: Page): Promise<void> {
  await openMenu(p, 'Cursos');
  await createRow(p, { Nome: course });
  await openMenu(p, 'Eventos');
  const editor = await fillNewRow(p, {
    Nome: event,
    Curso: { choose: course },
    Início: `${day(-1)} 08:00`,
    Fim: `${day(1)} 18:00`,
  });
  await editor.getByLabel('Vincular apostila no credenciamento', { exact: true }).uncheck();
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await editor.waitFor({ state: 'hidden' });
  await selectEvent(p, event);
}

async function importParticipants(p: Page): Promise<void> {
  await openMenu(p, 'Importar Participantes');
  const csv = [
    'nome;email;cpf_cnpj;pacote;situacao;nucleo_origem;business',
    `${ana.name};ana.${run}@exemplo.com.br;${ana.cpf};VIP;1;;Não`,
    `${bruno.name};bruno.${run}@exemplo.com.br;${bruno.cpf};VIP;1;;Não`,
  ].join('\r\n');
  await p.getByLabel('Planilha (.csv ou .xlsx)').setInputFiles({
    name: 'participantes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await p.getByRole('main').getByLabel('Evento', { exact: true }).selectOption({ label: event });
  await p.getByRole('button', { name: 'Importar', exact: true }).click();
  await p.getByText('2 criados, 0 atualizados, 0 sem alteração.').waitFor();
}

/** Credenciamento: the CPF, Enter, and the badge printed (her check-in of today). */
async function accredit(p: Page, cpf: string): Promise<void> {
  await openMenu(p, 'Credenciamento');
  const field = p.getByLabel('CPF', { exact: true });
  await typeInto(field, cpf);
  await field.press('Enter');
  await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
  await expectPrinted(p, () =>
    p.getByRole('button', { name: 'Imprimir crachá', exact: true }).click(),
  );
  await p.locator('.desk-status').waitFor({ state: 'detached' });
}

describe('certificates', () => {
  const { page, baseUrl } = usePage();

  it('an admin sets the rule and issues; a phone without login verifies the code', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    await createEvent(p);
    await importParticipants(p);
    await accredit(p, ana.cpf);

    // Certificados: the rule of the event, then who earns one.
    await openMenu(p, 'Certificados');
    await p.getByRole('main').getByLabel('Evento', { exact: true }).selectOption({ label: event });
    await p.getByRole('button', { name: 'Editar', exact: true }).click();
    await typeInto(p.getByLabel('Carga horária (horas)', { exact: true }), '20');
    await p.getByLabel('Quem recebe', { exact: true }).selectOption('accredited');
    await p.getByRole('button', { name: 'Salvar', exact: true }).click();
    await p.getByText('Configuração salva!').waitFor();
    await p
      .getByText('1 participante recebe o certificado; 1 participante não recebe.', {
        exact: false,
      })
      .waitFor();
    const people = p.getByRole('table', { name: 'Participantes e o certificado', exact: true });
    expect(await people.getByRole('row').filter({ hasText: bruno.name }).innerText()).toContain(
      'Não foi credenciado.',
    );

    await p.getByRole('button', { name: 'Emitir certificados', exact: true }).click();
    const confirm = p.getByRole('dialog', { name: 'Emitir certificados' });
    await confirm.getByRole('button', { name: 'Emitir', exact: true }).click();
    await p.getByText(/Emissão concluída/).waitFor({ timeout: 30_000 });
    const results = p.getByRole('table', { name: 'Resultado da emissão', exact: true });
    expect(await results.getByRole('row').filter({ hasText: ana.name }).innerText()).toContain(
      'Emitido',
    );

    const issued = p.getByRole('table', { name: 'Certificados emitidos', exact: true });
    const anaRow = issued.getByRole('row').filter({ hasText: ana.name });
    await anaRow.waitFor();
    const code = (await anaRow.getByRole('cell').nth(1).innerText()).trim();
    expect(code).toMatch(CODE);
    expect(await issued.getByRole('row').filter({ hasText: bruno.name }).count()).toBe(0);
    await p.screenshot({ path: `${ARTIFACTS}certificates-admin.png`, fullPage: true });

    // The certificate's own layout, in the editor beside the badge's.
    await openMenu(p, 'Layouts de impressão');
    await p.getByRole('tab', { name: 'Certificado', exact: true }).click();
    await p.getByRole('img', { name: /Certificado, 297 × 210 mm/ }).waitFor();
    expect(await p.getByLabel('Tamanho da página', { exact: true }).inputValue()).toBe(
      'a4-landscape',
    );
    await p.screenshot({ path: `${ARTIFACTS}certificates-layout.png`, fullPage: true });

    // A phone that never signed in, opening the QR's address.
    const phone = await p
      .context()
      .browser()!
      .newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 }, isMobile: true });
    const visitor = await phone.newPage();
    const scripts: string[] = [];
    visitor.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await visitor.goto(`${baseUrl}/verificar/${code}`);
    const valid = visitor.locator('.alert', {
      has: visitor.getByRole('heading', { name: 'Certificado válido' }),
    });
    await valid.waitFor();
    const facts = await valid.innerText();
    expect(facts).toContain(ana.name);
    expect(facts).toContain(event);
    expect(facts).toContain('20 horas');
    expect(facts).not.toContain(ana.cpf);
    expect(facts).not.toContain('@exemplo.com.br');
    expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await visitor.getByRole('button', { name: 'Entrar' }).count()).toBe(0);
    // Its own chunk: no back-office page came with it.
    const pageChunks = scripts.filter((script) => /-page-[\w-]+\.js$/.test(script));
    expect(pageChunks.every((script) => script.includes('verify-page'))).toBe(true);
    await visitor.screenshot({ path: `${ARTIFACTS}certificates-verify-phone.png`, fullPage: true });

    // One character changed (still of the alphabet): not found.
    const last = code.at(-1) === 'X' ? 'Y' : 'X';
    await visitor.goto(`${baseUrl}/verificar/${code.slice(0, -1)}${last}`);
    await visitor.getByRole('heading', { name: 'Código não encontrado' }).waitFor();
    expect(await visitor.getByText(ana.name).count()).toBe(0);
    await visitor.screenshot({
      path: `${ARTIFACTS}certificates-not-found-phone.png`,
      fullPage: true,
    });
    await phone.close();
  });
});
