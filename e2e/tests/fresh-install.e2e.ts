import { withCheckDigits } from '@balcao/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createCoursewares,
  expectPrinted,
  masked,
  openMenu,
  participantsSheet,
  readRow,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';

/**
 * A fresh install, only through the screens (issue 14): the first admin creates a course, a
 * city, a center and an event, selects the event in 'Eventos', imports the participants in the
 * downloaded model, creates coursewares and accredits a guest by typing the CPF and the series
 * printed on a label. The sequencer (vitest.config.ts) runs this file first, on the empty database; it names everything
 * it creates uniquely, so it passes on a used one too.
 */
const run = uniqueSuffix();
const ninePrefix = String(Date.now() % 1_000_000).padStart(6, '0');
const cpfOf = (n: number) => withCheckDigits(`${ninePrefix}${String(n).padStart(3, '0')}`);
const guest = { name: `Ana Souza ${run}`, cpf: cpfOf(201) };
const second = { name: `Bruno Lima ${run}`, cpf: cpfOf(202) };
const pending = { name: `Pedro Pendente ${run}`, cpf: cpfOf(203) };

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}desk-${name}.png`, fullPage: true });

describe('a fresh install, through the screens', () => {
  const { page } = usePage();

  it('sets up an event and accredits a guest by CPF and the printed courseware series', async () => {
    const p = page();
    await signIn(p, 'admin', inject('adminPassword'));
    // The empty database greets the first admin with the first-run checklist.
    await p.getByRole('heading', { level: 1, name: 'Primeiros passos' }).waitFor();
    const names = await setUpDesk(p, run);

    // The participants go in the model the import page offers, the center by its code.
    await openMenu(p, 'Importar Participantes');
    const person = (who: { name: string; cpf: string }, situacao: string) => ({
      nome: who.name,
      email: `${who.cpf}@exemplo.com.br`,
      cpf_cnpj: who.cpf,
      pacote: 'VIP',
      situacao,
      nucleo_origem: names.centerCode,
      business: 'Varejo',
    });
    const csv = await participantsSheet(p, [
      person(guest, '1'),
      person(second, '1'),
      person(pending, '2'),
    ]);
    expect(csv.split('\r\n')[0]).toMatch(
      /^nome;email;cpf_cnpj;pacote;situacao;nucleo_origem;business/,
    );
    await p.getByLabel('Planilha (.csv ou .xlsx)').setInputFiles({
      name: 'participantes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await p
      .getByRole('main')
      .getByLabel('Evento', { exact: true })
      .selectOption({ label: names.event });
    await p.getByRole('button', { name: 'Importar', exact: true }).click();
    await p.getByText(/3 criados/).waitFor();

    // Apostilas: two labels of the course for the center; the series is what a clerk reads.
    const [series] = await createCoursewares(p, names, 2);

    await openMenu(p, 'Credenciamento');
    const cpf = p.getByLabel('CPF', { exact: true });
    const panel = p.getByRole('status');
    const focused = (label: string) =>
      p.getByLabel(label, { exact: true }).evaluate((input) => input === document.activeElement);

    // A mistyped CPF: said in the panel, the cursor stays for the next scan.
    await typeInto(cpf, '11111111112');
    await cpf.press('Enter');
    await panel.getByText('CPF inválido', { exact: true }).waitFor();
    expect(await p.getByRole('dialog').count()).toBe(0);
    expect(await focused('CPF')).toBe(true);
    await shot(p, 'cpf-invalido');

    // Not in the event, then pending payment: panels, no dialog.
    await p.keyboard.type(cpfOf(299));
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="NOT_REGISTERED"]').waitFor();
    await shot(p, 'nao-cadastrado');
    await typeInto(cpf, pending.cpf);
    await cpf.press('Enter');
    await p.locator('.desk-status[data-status="PENDING"]').waitFor();
    expect(await focused('CPF')).toBe(true);
    await shot(p, 'pendente');

    // The guest: CPF and Enter, then the series typed without dashes, as read off the label.
    await typeInto(cpf, guest.cpf);
    expect(await cpf.inputValue()).toBe(masked(guest.cpf));
    await cpf.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
    expect(await focused('Código da apostila')).toBe(true);
    await shot(p, 'sem-apostila');
    await p.keyboard.type(series!.replaceAll('-', ''));
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
    const participant = p.getByLabel('Participante', { exact: true });
    expect(await participant.innerText()).toContain(series);
    await shot(p, 'sem-cracha');

    await expectPrinted(p, () =>
      p.getByRole('button', { name: 'Imprimir crachá', exact: true }).click(),
    );
    await panel.getByText('Crachá impresso: Ana', { exact: true }).waitFor();
    expect(await cpf.inputValue()).toBe('');
    await shot(p, 'cracha-impresso');

    // Reprint: the count says so.
    await typeInto(cpf, guest.cpf);
    await cpf.press('Enter');
    await p.locator('.desk-status[data-status="REGISTERED"]').waitFor();
    await shot(p, 'credenciado');
    await expectPrinted(p, () =>
      p.getByRole('button', { name: 'Imprimir crachá', exact: true }).click(),
    );
    await panel.getByText('Crachá impresso: Ana (2ª impressão)', { exact: true }).waitFor();

    // The guest's courseware is taken: a second participant is refused in the panel.
    await typeInto(cpf, second.cpf);
    await cpf.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
    await p.keyboard.type(series!);
    await p.keyboard.press('Enter');
    await panel.getByText('Esta apostila não pode ser vinculada. Situação: Associado.').waitFor();
    expect(await p.getByRole('dialog').count()).toBe(0);
    expect(await focused('Código da apostila')).toBe(true);
    // A name longer than 15 characters is refused, not cut.
    const badgeName = p.getByLabel('Nome no crachá', { exact: true });
    await typeInto(badgeName, 'Bruno Lima Souza');
    await p.getByText('O nome do crachá deve ter no máximo 15 caracteres.').waitFor();
    expect(await p.getByRole('button', { name: 'Imprimir crachá' }).isDisabled()).toBe(true);
    await shot(p, 'apostila-recusada');

    // Participantes: who is accredited, and when.
    await openMenu(p, 'Participantes');
    const row = await readRow(p, 'Participantes', guest.name);
    expect(row['Credenciado em']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect((await readRow(p, 'Participantes', second.name))['Credenciado em']).toBe(
      'Não credenciado',
    );
    await shot(p, 'participantes');
  }, 180_000);
});
