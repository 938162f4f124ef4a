import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, inject, it } from 'vitest';
import { measureText, TEXT_BASELINE_EM, withCheckDigits, type LayoutFont } from '@balcao/contract';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createCoursewares,
  openMenu,
  participantsSheet,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';

interface Line {
  text: string;
  /** Left end and baseline, points from the page's top-left corner; width as drawn. */
  x: number;
  baseline: number;
  width: number;
}

const standardFontDataUrl = `${join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** The PDF's text runs as a viewer places them: one per line the server drew. */
async function pdfLines(pdf: Buffer): Promise<Line[]> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl,
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
  }).promise;
  try {
    const page = await document.getPage(1);
    const height = page.view[3]!;
    const { items } = await page.getTextContent();
    return items.flatMap((item) =>
      'str' in item && item.str.trim() !== ''
        ? [
            {
              text: item.str,
              x: item.transform[4] as number,
              baseline: height - (item.transform[5] as number),
              width: item.width,
            },
          ]
        : [],
    );
  } finally {
    await document.destroy();
  }
}

/**
 * Issue #42: the editor's preview and the server's PDF of the same long names in several scripts
 * are the same boxes, line for line: the same words on each line, at the same place, as wide as
 * the contract's measureText says (the browser drawing the bundled font, the PDF its embedded
 * subset). The offline desk's badge is drawn by the preview's own components from the same
 * engine, so it is the preview's.
 */
describe('one font from preview to paper', () => {
  const { page } = usePage();

  it('lays long names out alike in the editor preview and the desk’s PDF, box for box', async () => {
    const p = page();
    const run = uniqueSuffix();
    const fullName = `Αικατερίνη Nguyễn Thị Phương Thảo Łukasz Đặng Øster Шевченко ${run}`;
    const usualName = 'Đặng Øster';
    await signIn(p, 'admin', inject('adminPassword'));
    const names = await setUpDesk(p, run);
    await openMenu(p, 'Importar Participantes');
    const cpf = withCheckDigits(`${String(Date.now() % 1_000_000).padStart(6, '0')}424`);
    const csv = await participantsSheet(p, [
      {
        nome: fullName,
        email: `${cpf}@exemplo.com.br`,
        cpf_cnpj: cpf,
        pacote: 'VIP',
        situacao: '1',
        nucleo_origem: names.centerCode,
      },
    ]);
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
    await p.getByText(/1 criados?/).waitFor();
    const [series] = await createCoursewares(p, names, 1);

    // The desk prints the badge with the default layout: the server's PDF.
    await openMenu(p, 'Credenciamento');
    const cpfField = p.getByLabel('CPF', { exact: true });
    await typeInto(cpfField, cpf);
    await cpfField.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
    await p.keyboard.type(series!);
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
    await typeInto(p.getByLabel('Nome no crachá', { exact: true }), usualName);
    const file = p.waitForResponse((response) => response.url().includes('/api/prints/files/'));
    await p.getByRole('button', { name: 'Imprimir crachá', exact: true }).click();
    const printed = await pdfLines(await (await file).body());

    // The editor previews the badge with the participant just accredited.
    await openMenu(p, 'Layouts de impressão');
    await p.getByText(`Participante: ${fullName}`).waitFor();
    await p.evaluate(() => document.fonts.ready);
    const preview = p.getByRole('img').first();
    await preview.locator('text').first().waitFor();
    await p.screenshot({ path: `${ARTIFACTS}font-layout-preview.png`, fullPage: true });
    const shown = await preview.locator('text').evaluateAll((texts) =>
      (texts as SVGTextElement[]).map((text) => ({
        text: text.textContent ?? '',
        x: Number(text.getAttribute('x')),
        baseline: Number(text.getAttribute('y')),
        width: text.getComputedTextLength(),
        font: text.getAttribute('font-weight') === 'bold' ? 'bold' : 'regular',
        size: Number(text.getAttribute('font-size')),
        family: getComputedStyle(text).fontFamily,
        loaded: document.fonts.check(
          `${text.getAttribute('font-weight')} ${text.getAttribute('font-size')}px ${getComputedStyle(text).fontFamily}`,
          text.textContent ?? '',
        ),
      })),
    );

    // The long full name wraps, and the lines are the same words in both.
    expect(shown.map((line) => line.text)).toEqual(printed.map((line) => line.text));
    expect(shown.map((line) => line.text)).toContain(usualName);
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const [index, line] of shown.entries()) {
      const paper = printed[index]!;
      const measured = measureText(line.text, line.font as LayoutFont, line.size);
      expect(line.loaded, line.family).toBe(true);
      expect(line.x, line.text).toBeCloseTo(paper.x, 1);
      expect(line.baseline, line.text).toBeCloseTo(paper.baseline, 1);
      // Within 0.05 pt (0.02 mm) of each other and of the contract's measure.
      expect(Math.abs(line.width - measured), `preview ${line.text}`).toBeLessThan(0.05);
      expect(Math.abs(paper.width - measured), `PDF ${line.text}`).toBeLessThan(0.05);
      expect(line.baseline - TEXT_BASELINE_EM * line.size).toBeGreaterThan(0);
    }
  });

  it('says at the desk which character of which name will not print, and refuses it in the badge name', async () => {
    const p = page();
    const run = uniqueSuffix();
    // Georgian: a script the font does not cover.
    const fullName = `Nino ნინო Beridze ${run}`;
    await signIn(p, 'admin', inject('adminPassword'));
    const names = await setUpDesk(p, run);
    await openMenu(p, 'Importar Participantes');
    const cpf = withCheckDigits(`${String(Date.now() % 1_000_000).padStart(6, '0')}425`);
    const csv = await participantsSheet(p, [
      {
        nome: fullName,
        email: `${cpf}@exemplo.com.br`,
        cpf_cnpj: cpf,
        pacote: 'VIP',
        situacao: '1',
        nucleo_origem: names.centerCode,
      },
    ]);
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
    await p.getByText(/1 criados?/).waitFor();

    await openMenu(p, 'Credenciamento');
    const cpfField = p.getByLabel('CPF', { exact: true });
    await typeInto(cpfField, cpf);
    await cpfField.press('Enter');
    const warning = p.getByText('O crachá não imprime tudo:').locator('..');
    await warning.waitFor();
    await expect
      .poll(() => warning.textContent())
      .toContain(
        `Nome completo "${fullName}": a fonte não tem 'ნ' (U+10DC), 'ი' (U+10D8), 'ო' (U+10DD); saem como um quadrado vazio.`,
      );
    await typeInto(p.getByLabel('Nome no crachá', { exact: true }), 'ნინო');
    await p
      .getByText("O nome do crachá tem 'ნ' (U+10DC), 'ი' (U+10D8), 'ო' (U+10DD), que a fonte")
      .waitFor();
    await p.screenshot({ path: `${ARTIFACTS}font-layout-desk.png`, fullPage: true });
    expect(await p.getByRole('button', { name: 'Imprimir crachá', exact: true }).isDisabled()).toBe(
      true,
    );
  });
});
