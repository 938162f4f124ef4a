import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, inject, it } from 'vitest';
import { withCheckDigits } from '@balcao/contract';
import {
  colourAt,
  differingFromReference,
  rasterise,
} from '../../apps/api/test/helpers/pdf-image.ts';
import { readPdf } from '../../apps/api/test/helpers/pdf-text.ts';
import { ARTIFACTS, usePage } from '../support/browser.ts';
import {
  createCoursewares,
  editRow,
  openMenu,
  participantsSheet,
  setUpDesk,
  signIn,
  typeInto,
  uniqueSuffix,
} from '../support/screens.ts';

const mm = (points: number) => Math.round((points * 25.4) / 72);
const REFERENCE = new URL('../references/cr80-badge.png', import.meta.url).pathname;
const DPI = 100;

/** A 60 × 30 px logo in one colour (crimson), made here: a real PNG for the upload. */
function logo(): Buffer {
  const png = new PNG({ width: 60, height: 30 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([220, 20, 60, 255], i);
  return PNG.sync.write(png);
}

/** The selected element's properties form, its numbers typed in millimetres. */
async function place(page: Page, kind: string, fields: Record<string, string>): Promise<void> {
  const form = page.getByRole('form', { name: `Propriedades: ${kind}` });
  for (const [label, value] of Object.entries(fields)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
}

/**
 * Issue #27 through the screens: the admin gives the center a colour in 'Núcleos', builds the
 * event's badge on a CR80 card in 'Layouts de impressão' (a band in the center's colour, the badge
 * name, an uploaded logo), saves it, and the desk then prints the guest's badge with it: the PDF
 * is 54 × 86 mm and, rasterised, matches the reference image.
 */
describe('print layouts', () => {
  const { page } = usePage();

  it('builds a CR80 badge with a logo and a center colour band, and the desk prints it', async () => {
    const p = page();
    const run = uniqueSuffix();
    await signIn(p, 'admin', inject('adminPassword'));
    const names = await setUpDesk(p, run);
    await openMenu(p, 'Núcleos');
    await editRow(p, 'Núcleos', names.center, { Cor: '#2a9d8f' });

    await openMenu(p, 'Importar Participantes');
    const cpf = withCheckDigits(`${String(Date.now() % 1_000_000).padStart(6, '0')}777`);
    const csv = await participantsSheet(p, [
      {
        nome: `Ana Souza ${run}`,
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

    // The layout, built in the editor: the default badge's elements go, three new ones come.
    await openMenu(p, 'Layouts de impressão');
    await p.getByLabel('Tamanho da página', { exact: true }).selectOption({
      label: 'Cartão CR80 54 × 86 mm',
    });
    // The 90 mm badge's elements pass the card's edge: the editor offers to fit them; they go
    // anyway, so they stay as they were.
    const fit = p.getByRole('dialog', { name: 'Ajustar elementos ao novo tamanho?' });
    await fit.getByRole('button', { name: 'Voltar', exact: true }).click();
    await fit.waitFor({ state: 'hidden' });
    const elements = p.getByRole('list', { name: 'Elementos do layout' }).getByRole('button');
    while ((await elements.count()) > 0) {
      await elements.last().click();
      await p.getByRole('button', { name: 'Remover elemento', exact: true }).click();
    }
    const add = p.getByRole('group', { name: 'Adicionar elemento' });
    await add.getByRole('button', { name: 'Faixa', exact: true }).click();
    await place(p, 'Faixa', {
      'X (mm)': '0',
      'Y (mm)': '0',
      'Largura (mm)': '54',
      'Altura (mm)': '16',
    });
    await p.getByLabel('Cor do núcleo do participante', { exact: true }).check();
    await add.getByRole('button', { name: 'Texto', exact: true }).click();
    await place(p, 'Texto', {
      Texto: '{badgeName}',
      'X (mm)': '3',
      'Y (mm)': '24',
      'Largura (mm)': '48',
      'Tamanho (pt)': '28',
    });
    const text = p.getByRole('form', { name: 'Propriedades: Texto' });
    await text.getByLabel('Fonte', { exact: true }).selectOption({ label: 'Negrito' });
    await text.getByLabel('Alinhamento', { exact: true }).selectOption({ label: 'Centro' });
    await p.getByLabel('Imagem a adicionar (PNG, JPEG ou SVG)', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logo(),
    });
    await p.getByRole('form', { name: 'Propriedades: Imagem' }).waitFor();
    await place(p, 'Imagem', {
      'X (mm)': '7',
      'Y (mm)': '50',
      'Largura (mm)': '40',
      'Altura (mm)': '20',
    });
    // The preview draws the logo it was sent.
    await expect.poll(() => p.getByRole('img').locator('image').count()).toBeGreaterThan(0);
    await p.getByRole('button', { name: 'Salvar', exact: true }).click();
    await p.getByText('Layout salvo.').waitFor();
    await p.screenshot({ path: `${ARTIFACTS}print-layouts-cr80.png`, fullPage: true });

    // The desk: CPF, the courseware's series, then the badge, printed with the event's layout.
    await openMenu(p, 'Credenciamento');
    const cpfField = p.getByLabel('CPF', { exact: true });
    await typeInto(cpfField, cpf);
    await cpfField.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_COURSEWARE"]').waitFor();
    await p.keyboard.type(series!);
    await p.keyboard.press('Enter');
    await p.locator('.desk-status[data-status="WITHOUT_BADGE"]').waitFor();
    await typeInto(p.getByLabel('Nome no crachá', { exact: true }), 'Ana');
    const file = p.waitForResponse((response) => response.url().includes('/api/prints/files/'));
    await p.getByRole('button', { name: 'Imprimir crachá', exact: true }).click();
    const pdf = await (await file).body();
    const [printed] = (await readPdf(pdf)).pages;
    expect([mm(printed!.width), mm(printed!.height)]).toEqual([54, 86]);
    expect(printed!.text).toBe('Ana');

    const picture = rasterise(pdf, { dpi: DPI });
    expect(colourAt(picture, DPI, 27, 8)).toBe('#2a9d8f'); // the band, in the center's colour
    expect(colourAt(picture, DPI, 27, 60)).toBe('#dc143c'); // the logo, fitted and centred
    const differing = differingFromReference(picture, REFERENCE);
    // The PDF carries its font and pdf.js draws it: the same pixels on any machine, a few spared.
    expect(differing).toBeLessThan(picture.width * picture.height * 0.005);
  });
});
