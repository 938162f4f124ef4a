import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUTS } from './layout-defaults.ts';
import {
  layOut,
  layoutProblems,
  lineHeight,
  mmToPt,
  sheetSlots,
  type DrawOp,
  type Layout,
  type LayoutElement,
} from './layouts.ts';
import type { MeasureText } from './font.ts';

/** Every character half as wide as the font is high: easy to reckon with. */
const measure: MeasureText = (text, _font, size) => text.length * size * 0.5;

const page = (elements: LayoutElement[], heightMm = 50): Layout => ({
  version: 1,
  document: 'badge',
  page: { widthMm: 90, heightMm },
  elements,
});

const texts = (ops: DrawOp[]) =>
  ops.flatMap((op) => (op.kind === 'text' ? [{ text: op.text, y: op.y, size: op.sizePt }] : []));

describe('layOut', () => {
  it('shrinks a long badge name to the largest size that fits its box, on one line', () => {
    const layout = page([
      {
        kind: 'text',
        xMm: 4,
        yMm: 4,
        widthMm: 40,
        text: '{badgeName}',
        font: 'bold',
        sizePt: 30,
        minSizePt: 8,
      },
    ]);
    const [name] = layOut(layout, { badgeName: 'Maximiliano Jr.' }, measure);
    // 15 characters at 0.5 em in 40 mm (113.4 pt): 15 pt fits, 15.5 pt does not.
    expect(name).toMatchObject({ kind: 'text', text: 'Maximiliano Jr.', sizePt: 15 });
  });

  it('wraps to maxLines and ends the last kept line in …', () => {
    const layout = page([
      {
        kind: 'text',
        xMm: 0,
        yMm: 0,
        widthMm: 20,
        text: '{fullName}',
        font: 'regular',
        sizePt: 10,
        maxLines: 2,
      },
    ]);
    const lines = texts(layOut(layout, { fullName: 'Ana Maria Souza Lima Barbosa' }, measure));
    expect(lines.map((line) => line.text)).toEqual(['Ana Maria', 'Souza Lima…']);
    for (const line of lines)
      expect(measure(line.text, 'regular', 10)).toBeLessThanOrEqual(mmToPt(20));
  });

  it('never draws a line whose glyphs pass the bottom of its box or of the page', () => {
    const long = 'um dois três quatro cinco seis sete oito nove dez onze doze treze catorze';
    const boxed = page([
      {
        kind: 'text',
        xMm: 0,
        yMm: 0,
        widthMm: 20,
        heightMm: 10,
        text: long,
        font: 'regular',
        sizePt: 10,
        maxLines: 20,
      },
    ]);
    const inBox = texts(layOut(boxed, {}, measure));
    expect(inBox.length).toBe(2); // 10 mm = 28.3 pt: lines at 0 and 11.8 pt end by 21.8 pt
    expect(inBox.at(-1)?.text.endsWith('…')).toBe(true);
    const low = page(
      [
        {
          kind: 'text',
          xMm: 0,
          yMm: 8,
          widthMm: 20,
          text: long,
          font: 'regular',
          sizePt: 10,
          maxLines: 20,
        },
      ],
      12,
    );
    for (const line of texts(layOut(low, {}, measure))) {
      expect(line.y + line.size).toBeLessThanOrEqual(mmToPt(12));
    }
  });

  it('places an element after another, and a left-out one passes its place on', () => {
    const layout = page([
      {
        kind: 'text',
        id: 'a',
        xMm: 0,
        yMm: 2,
        widthMm: 80,
        text: '{fullName}',
        font: 'bold',
        sizePt: 10,
      },
      {
        kind: 'text',
        id: 'b',
        xMm: 0,
        yMm: 0,
        after: 'a',
        gapMm: 1,
        widthMm: 80,
        text: '{center}',
        font: 'regular',
        sizePt: 8,
      },
      {
        kind: 'text',
        xMm: 0,
        yMm: 0,
        after: 'b',
        gapMm: 1,
        widthMm: 80,
        text: '{event}',
        font: 'regular',
        sizePt: 7,
      },
    ]);
    const afterA = mmToPt(2) + lineHeight(10) + mmToPt(1);
    const withCenter = texts(
      layOut(layout, { fullName: 'Ana', center: 'Sul', event: 'Encontro' }, measure),
    );
    expect(withCenter.map((line) => [line.text, line.y])).toEqual([
      ['Ana', mmToPt(2)],
      ['Sul', afterA],
      ['Encontro', afterA + lineHeight(8) + mmToPt(1)],
    ]);
    const without = texts(layOut(layout, { fullName: 'Ana', event: 'Encontro' }, measure));
    expect(without.map((line) => [line.text, line.y])).toEqual([
      ['Ana', mmToPt(2)],
      ['Encontro', afterA],
    ]);
  });

  it('shows an element only while its `when` holds, and fills fixed words around fields', () => {
    const layout: Layout = {
      ...DEFAULT_LAYOUTS.coupon,
      elements: DEFAULT_LAYOUTS.coupon.elements,
    };
    const values = {
      couponId: '7',
      template: 'Volta às aulas',
      percent: '10,00%',
      validUntil: '31/12/2026',
    };
    const plain = texts(layOut(layout, values, measure)).map((line) => line.text);
    expect(plain).toContain('Válido até 31/12/2026');
    expect(plain).not.toContain('ABCD');
    const coded = texts(layOut(layout, { ...values, code: 'ABCD' }, measure)).map(
      (line) => line.text,
    );
    expect(coded).toContain('ABCD');
    expect(coded.filter((text) => text.startsWith('Volta'))).toHaveLength(1);
  });

  it('puts a bottom-aligned line so its glyphs end at the box bottom', () => {
    const layout = page([
      {
        kind: 'text',
        xMm: 0,
        yMm: 2,
        widthMm: 80,
        heightMm: 20,
        valign: 'bottom',
        text: '{badgeName}',
        font: 'bold',
        sizePt: 12,
      },
    ]);
    const [line] = texts(layOut(layout, { badgeName: 'Ana' }, measure));
    expect(line?.y).toBeCloseTo(mmToPt(22) - 12);
  });

  it('leaves out a QR or a bar code whose field is empty', () => {
    const layout = page([
      { kind: 'qr', xMm: 0, yMm: 0, sizeMm: 20, field: 'participantId' },
      { kind: 'barcode', xMm: 30, yMm: 0, widthMm: 40, heightMm: 10, field: 'participantId' },
      { kind: 'band', xMm: 0, yMm: 40, widthMm: 90, heightMm: 10, color: '#1e66f5' },
    ]);
    expect(layOut(layout, {}, measure).map((op) => op.kind)).toEqual(['rect']);
    expect(layOut(layout, { participantId: '42' }, measure).map((op) => op.kind)).toEqual([
      'qr',
      'barcode',
      'rect',
    ]);
  });
  it("colours a band with the participant's center, or its own colour when the center has none", () => {
    const layout = page([
      {
        kind: 'band',
        xMm: 0,
        yMm: 0,
        widthMm: 90,
        heightMm: 8,
        color: '#999999',
        colorFrom: 'center',
      },
      {
        kind: 'image',
        xMm: 60,
        yMm: 10,
        widthMm: 25,
        heightMm: 12,
        imageId: 'c0ffee00-0000-4000-8000-000000000001',
      },
    ]);
    const [band, image] = layOut(layout, { centerColor: '#2a9d8f' }, measure);
    expect(band).toMatchObject({ kind: 'rect', color: '#2a9d8f', height: mmToPt(8) });
    expect(image).toMatchObject({ kind: 'image', x: mmToPt(60), width: mmToPt(25) });
    expect(layOut(layout, {}, measure)[0]).toMatchObject({ color: '#999999' });
    expect(layOut(layout, { centerColor: 'vermelho' }, measure)[0]).toMatchObject({
      color: '#999999',
    });
  });
});

describe('a background', () => {
  const background = { imageId: 'c0ffee00-0000-4000-8000-000000000002' };
  it('is drawn first, over the whole page, under every element', () => {
    const layout = { ...page([{ kind: 'rule', xMm: 0, yMm: 5, widthMm: 10 }], 40), background };
    expect(layOut(layout, {}, measure)).toEqual([
      {
        kind: 'background',
        x: 0,
        y: 0,
        width: mmToPt(layout.page.widthMm),
        height: mmToPt(40),
        imageId: background.imageId,
      },
      expect.objectContaining({ kind: 'rule' }),
    ]);
    expect(layoutProblems(layout)).toEqual([]);
  });
  it('names an upload, or is refused in Portuguese', () => {
    for (const wrong of [{ imageId: 'fundo' }, 'fundo.pdf', {}]) {
      expect(layoutProblems({ ...page([]), background: wrong })).toEqual([
        'Fundo inválido: envie a imagem ou o PDF de novo.',
      ]);
    }
  });
});

describe('layoutProblems', () => {
  it('accepts every default layout', () => {
    for (const layout of Object.values(DEFAULT_LAYOUTS)) expect(layoutProblems(layout)).toEqual([]);
  });

  it('names each fault in Portuguese', () => {
    expect(
      layoutProblems({
        version: 2,
        document: 'badge',
        page: { widthMm: 54, heightMm: 86 },
        elements: [
          { kind: 'text', xMm: 40, yMm: 4, widthMm: 30, text: '{cpf}', font: 'bold', sizePt: 12 },
          { kind: 'qr', xMm: 10, yMm: 70, sizeMm: 20, field: 'participantId' },
          {
            kind: 'text',
            xMm: 0,
            yMm: 0,
            after: 'nome',
            widthMm: 10,
            text: 'x',
            font: 'bold',
            sizePt: 8,
          },
          { kind: 'band', xMm: 0, yMm: 0, widthMm: 54, heightMm: 5, color: 'azul' },
          { kind: 'circle', xMm: 0, yMm: 0 },
        ],
      }),
    ).toEqual([
      'Versão de layout não suportada: use 1.',
      'Elemento 1 (texto): passa da largura da página.',
      'Elemento 1 (texto): campo desconhecido: {cpf}.',
      'Elemento 2 (QR): passa da altura da página.',
      'Elemento 3 (texto): "after" deve nomear um elemento anterior.',
      'Elemento 4 (faixa): cor inválida: use #rrggbb.',
      'Elemento 5: tipo desconhecido (text, qr, barcode, rule, band ou image).',
    ]);
  });

  it('refuses what is not a layout at all', () => {
    expect(layoutProblems('crachá')).toEqual(['O layout deve ser um objeto JSON.']);
    expect(
      layoutProblems({ version: 1, document: 'menu', page: { widthMm: 5, heightMm: 900 } }),
    ).toEqual([
      'Documento desconhecido: use badge, courseware_label, coupon ou certificate.',
      'Tamanho da página inválido: de 10 a 400 mm em cada lado.',
      'Faltam os elementos do layout.',
    ]);
  });
});

describe('sheets', () => {
  const label = DEFAULT_LAYOUTS.badge; // 90 × 50 mm
  const a4 = {
    widthMm: 210,
    heightMm: 297,
    columns: 2,
    rows: 5,
    marginLeftMm: 10,
    marginTopMm: 20,
    pitchXMm: 100,
    pitchYMm: 52,
  };

  it('places labels row by row from the margins, a pitch apart', () => {
    const slots = sheetSlots(a4);
    expect(slots).toHaveLength(10);
    expect(slots.slice(0, 3)).toEqual([
      { x: mmToPt(10), y: mmToPt(20) },
      { x: mmToPt(110), y: mmToPt(20) },
      { x: mmToPt(10), y: mmToPt(72) },
    ]);
  });

  it('refuses a sheet whose labels overlap or pass its edges', () => {
    expect(layoutProblems({ ...label, sheet: a4 })).toEqual([]);
    expect(layoutProblems({ ...label, sheet: { ...a4, pitchXMm: 80 } })).toEqual([
      'Folha: o passo horizontal é menor que a etiqueta.',
    ]);
    expect(layoutProblems({ ...label, sheet: { ...a4, rows: 6 } })).toEqual([
      'Folha: as etiquetas passam da altura da folha.',
    ]);
    expect(layoutProblems({ ...label, sheet: { ...a4, columns: 0 } })).toEqual([
      'Folha: colunas e linhas de 1 a 50.',
    ]);
  });
});
