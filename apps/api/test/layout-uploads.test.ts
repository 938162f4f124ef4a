import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { PDFDocument, degrees, rgb } from 'pdf-lib';
import PDFKitDocument from 'pdfkit';
import { mmToPt, type Layout, type LayoutDto, type LayoutImageDto } from '@balcao/contract';
import { renderLayoutPages } from '../src/printing/documents/index.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import { selectNewEvent } from './helpers/store.ts';
import { colourAt, rasterise } from './helpers/pdf-image.ts';
import { readPdf } from './helpers/pdf-text.ts';
import { hasSystemTools } from './helpers/system-tools.ts';

// poppler's pdfimages and pdftotext read the PDFs as a printer's machine would (apt-get install
// poppler-utils); without them those checks are left out and the rest still runs.
const hasPoppler = hasSystemTools(
  ['pdfimages', 'pdftotext'],
  'poppler-utils',
  'layout-uploads.test.ts',
);
/** No raster image in the PDF: what was drawn stayed vector (checked when poppler is there). */
const expectNoRasterImage = (pdf: Buffer) => {
  if (!hasPoppler) return;
  expect(execFileSync('pdfimages', ['-list', '-'], { input: pdf }).toString()).not.toMatch(
    /image|smask/,
  );
};

let t: TestContext;
let designer: JsonCaller; // System

/** A CR80 card: the badge name, and a QR under it. */
const CARD: Layout = {
  version: 1,
  document: 'badge',
  page: { widthMm: 54, heightMm: 86 },
  elements: [
    {
      kind: 'text',
      xMm: 3,
      yMm: 18,
      widthMm: 48,
      text: '{badgeName}',
      font: 'bold',
      sizePt: 28,
      align: 'center',
    },
    { kind: 'qr', xMm: 15, yMm: 30, sizeMm: 24, field: 'participantId' },
  ],
};

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const dataUrl = (mime: string, content: Buffer | string) =>
  `data:${mime};base64,${Buffer.from(content).toString('base64')}`;

const upload = (mime: string, content: Buffer | string) =>
  designer.post('/api/layouts/images', { dataUrl: dataUrl(mime, content) });

async function uploaded(mime: string, content: Buffer | string): Promise<LayoutImageDto> {
  const answer = await upload(mime, content);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<LayoutImageDto>();
}

async function refusal(mime: string, content: Buffer | string): Promise<string> {
  const answer = await upload(mime, content);
  expect(answer.statusCode, answer.body).toBe(400);
  return answer.json<{ error_description: string }>().error_description;
}

const put = (layout: Layout) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/layouts/${layout.document}`,
    headers: designer.headers,
    payload: layout,
  });

/** 'Imprimir teste' of `layout` (saved first, as the editor would), the file it printed. */
async function printed(layout: Layout): Promise<Buffer> {
  const saved = await put(layout);
  expect(saved.statusCode, saved.body).toBe(200);
  const test = await designer.post(`/api/layouts/${layout.document}/print-test`, { layout });
  expect(test.statusCode, test.body).toBe(200);
  const { filename } = test.json<{ filename: string }>();
  const file = await t.app.inject({
    url: `/api/prints/files/${filename}`,
    headers: designer.headers,
  });
  return file.rawPayload;
}

/** A one-page PDF of `widthMm` × `heightMm` in `colour`, with a black 6 mm square at its top-left. */
async function colouredPdf(
  widthMm: number,
  heightMm: number,
  colour: [number, number, number],
  turn = 0,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([mmToPt(widthMm), mmToPt(heightMm)]);
  const [width, height] = [mmToPt(widthMm), mmToPt(heightMm)];
  page.drawRectangle({
    x: 0,
    y: 0,
    width,
    height,
    color: rgb(colour[0] / 255, colour[1] / 255, colour[2] / 255),
  });
  const square = mmToPt(6);
  page.drawRectangle({
    x: 0,
    y: height - square,
    width: square,
    height: square,
    color: rgb(0, 0, 0),
  });
  if (turn) page.setRotation(degrees(turn));
  return Buffer.from(await pdf.save());
}

const TEAL: [number, number, number] = [0x2a, 0x9d, 0x8f];

beforeAll(async () => {
  t = await startTestApp();
  designer = await jsonCaller(t, ['System']);
  const eventId = await selectNewEvent(t.db);
  await t.db.updateTable('events').set({ print_enabled: true }).where('id', '=', eventId).execute();
});
afterAll(() => t.close());

describe('SVG images', () => {
  it('prints an SVG logo as vectors, fitted inside its box as PNG and JPEG are', async () => {
    // Red on the left half, blue (a gradient, by #fragment) on the right, a gold dot by <use>.
    const logo = `<?xml version="1.0" encoding="UTF-8"?>
<svg ${SVG_NS} width="200" height="100" viewBox="0 0 200 100">
  <defs>
    <linearGradient id="sky"><stop offset="0" stop-color="#1e66f5"/><stop offset="1" stop-color="#1e66f5"/></linearGradient>
    <circle id="dot" r="20"/>
  </defs>
  <style>.left { fill: #dc143c; }</style>
  <rect class="left" width="100" height="100"/>
  <rect x="100" width="100" height="100" style="fill: url('#sky')"/>
  <use xlink:href="#dot" x="150" y="50" fill="#ffd700"/>
</svg>`;
    const image = await uploaded('image/svg+xml', logo);
    expect(image).toMatchObject({ mime: 'image/svg+xml', widthPx: 200, heightPx: 100 });
    expect(image.dataUrl).toBe(dataUrl('image/svg+xml', logo));

    const layout: Layout = {
      ...CARD,
      elements: [
        ...CARD.elements,
        { kind: 'image', xMm: 2, yMm: 60, widthMm: 50, heightMm: 20, imageId: image.id },
      ],
    };
    const pdf = await printed(layout);
    // 2:1 in a 50 × 20 mm box: 40 × 20 mm, from 7 to 47 mm across.
    const picture = rasterise(pdf, { dpi: 100 });
    expect(colourAt(picture, 100, 12, 70)).toBe('#dc143c');
    expect(colourAt(picture, 100, 30, 62)).toBe('#1e66f5');
    expect(colourAt(picture, 100, 37, 70)).toBe('#ffd700');
    expect(colourAt(picture, 100, 4, 70)).toBe('#ffffff'); // beside it: fitted, not stretched
    expect(colourAt(picture, 100, 50, 70)).toBe('#ffffff');
    expectNoRasterImage(pdf);
  });

  describe('refuses an SVG that reaches outside itself or runs code, naming why', () => {
    let server: Server;
    let requests = 0;
    let port = 0;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        requests++;
        response.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('an <image> on a web server: refused, and never fetched, even when drawn', async () => {
      const url = `http://127.0.0.1:${port}/x.png`;
      const svg = `<svg ${SVG_NS} viewBox="0 0 10 10"><image href="${url}" width="10" height="10"/><image xlink:href="${url}" width="10" height="10"/></svg>`;
      expect(await refusal('image/svg+xml', svg)).toBe(
        `A imagem SVG aponta para um recurso externo (${url}): incorpore-o no arquivo.`,
      );
      // Had it been stored, the printer still would not fetch it.
      const imageId = '00000000-0000-4000-8000-000000000001';
      await renderLayoutPages(
        'Teste',
        {
          layout: { ...CARD, background: { imageId } },
          images: new Map([
            [
              imageId,
              { mime: 'image/svg+xml', widthPx: 10, heightPx: 10, content: Buffer.from(svg) },
            ],
          ]),
        },
        [{ badgeName: 'Ana' }],
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(requests).toBe(0);
    });

    it('an <image> of a file: refused, and never read, even when drawn', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'balcao-svg-'));
      try {
        const red = new PNG({ width: 4, height: 4 });
        for (let i = 0; i < red.data.length; i += 4) red.data.set([220, 20, 60, 255], i);
        const file = join(dir, 'red.png');
        writeFileSync(file, PNG.sync.write(red));
        expect(
          await refusal(
            'image/svg+xml',
            `<svg ${SVG_NS} viewBox="0 0 10 10"><image xlink:href="file:///etc/passwd"/></svg>`,
          ),
        ).toBe(
          'A imagem SVG aponta para um recurso externo (file:///etc/passwd): incorpore-o no arquivo.',
        );
        for (const link of [file, `file://${file}`]) {
          const svg = `<svg ${SVG_NS} viewBox="0 0 10 10"><image href="${link}" width="10" height="10"/></svg>`;
          expect(await refusal('image/svg+xml', svg)).toContain('recurso externo');
          const imageId = '00000000-0000-4000-8000-000000000002';
          const pdf = await renderLayoutPages(
            'Teste',
            {
              layout: { ...CARD, elements: [], background: { imageId } },
              images: new Map([
                [
                  imageId,
                  { mime: 'image/svg+xml', widthPx: 10, heightPx: 10, content: Buffer.from(svg) },
                ],
              ]),
            },
            [{}],
          );
          expect(colourAt(rasterise(pdf, { dpi: 50 }), 50, 27, 43)).toBe('#ffffff');
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it.each([
      [
        'a script',
        `<svg ${SVG_NS} viewBox="0 0 10 10"><script>fetch('http://x')</script></svg>`,
        'A imagem SVG tem um script (<script>): retire-o do arquivo.',
      ],
      [
        'an onload handler',
        `<svg ${SVG_NS} viewBox="0 0 10 10" onload="alert(1)"><rect width="5" height="5"/></svg>`,
        'A imagem SVG tem um atributo de evento (onload), que roda código: retire-o do arquivo.',
      ],
      [
        'an entity',
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${SVG_NS} viewBox="0 0 10 10"><text>&x;</text></svg>`,
        'A imagem SVG tem uma declaração DOCTYPE, que pode trazer entidades: retire-a do arquivo.',
      ],
      [
        'HTML inside',
        `<svg ${SVG_NS} viewBox="0 0 10 10"><foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject></svg>`,
        'A imagem SVG tem conteúdo HTML (<foreignObject>): retire-o do arquivo.',
      ],
      [
        'an outer url() in a style, escaped',
        `<svg ${SVG_NS} viewBox="0 0 10 10"><style>rect { fill: \\75 rl("https://x/p.svg#a") }</style></svg>`,
        'A imagem SVG aponta para um recurso externo (https://x/p.svg#a): incorpore-o no arquivo.',
      ],
      [
        'an @import',
        `<svg ${SVG_NS} viewBox="0 0 10 10"><style><![CDATA[@import "https://x/s.css";]]></style></svg>`,
        'A imagem SVG importa uma folha de estilos (@import): incorpore-a no arquivo.',
      ],
      [
        'a stylesheet instruction',
        `<?xml-stylesheet href="https://x/s.css"?><svg ${SVG_NS} viewBox="0 0 10 10"/>`,
        'A imagem SVG tem uma instrução de processamento (<?xml-stylesheet …?>): retire-a do arquivo.',
      ],
      [
        'no size',
        `<svg ${SVG_NS}><rect width="5" height="5"/></svg>`,
        'A imagem SVG não tem tamanho: defina viewBox ou width e height.',
      ],
      [
        'broken XML',
        `<svg ${SVG_NS} viewBox="0 0 10 10">\n<rect>\n</svg>`,
        'A imagem SVG não é um XML válido (linha 3): salve-a de novo no editor de imagens.',
      ],
    ])('%s', async (_name, svg, message) => {
      expect(await refusal('image/svg+xml', svg)).toBe(message);
    });
  });
});

describe('a background', () => {
  it('takes a PDF’s first page, with its size, and keeps it vector under the elements', async () => {
    const background = await uploaded('application/pdf', await colouredPdf(54, 86, TEAL));
    expect(background).toMatchObject({
      mime: 'application/pdf',
      widthPx: 153,
      heightPx: 244,
      pageMm: { widthMm: 54, heightMm: 86 },
    });
    const layout: Layout = { ...CARD, background: { imageId: background.id } };
    const saved = await put(layout);
    expect(saved.json<LayoutDto>().images).toEqual({ [background.id]: background });

    const pdf = await printed(layout);
    const picture = rasterise(pdf, { dpi: 100 });
    expect(colourAt(picture, 100, 50, 84)).toBe('#2a9d8f'); // the background's corner
    expect(colourAt(picture, 100, 2, 2)).toBe('#000000'); // its top-left square, not flipped
    expect(colourAt(picture, 100, 15.5, 30.5)).toBe('#000000'); // the QR, drawn over it
    const [page] = (await readPdf(pdf)).pages;
    expect(page!.text).toContain('Maria');
    if (hasPoppler) {
      expect(execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString()).toContain('Maria');
    }
    expectNoRasterImage(pdf);
  });

  it('turns a PDF page as a viewer shows it (/Rotate) and fits it without stretching', async () => {
    // A landscape page turned a quarter clockwise shows standing, 54 × 86 mm.
    const turned = await colouredPdf(86, 54, TEAL, 90);
    const background = await uploaded('application/pdf', turned);
    expect(background.pageMm).toEqual({ widthMm: 54, heightMm: 86 });
    const shown = rasterise(turned, { dpi: 100 });
    const pdf = await printed({ ...CARD, elements: [], background: { imageId: background.id } });
    const picture = rasterise(pdf, { dpi: 100 });
    for (const [x, y] of [
      [2, 2],
      [52, 2],
      [2, 84],
      [52, 84],
    ] as const) {
      expect(colourAt(picture, 100, x, y), `${x}, ${y}`).toBe(colourAt(shown, 100, x, y));
    }
    expect(colourAt(shown, 100, 52, 2)).toBe('#000000');

    // On a wider card, centred with white on both sides.
    const wide = await printed({
      ...CARD,
      page: { widthMm: 86, heightMm: 86 },
      elements: [],
      background: { imageId: background.id },
    });
    const wider = rasterise(wide, { dpi: 100 });
    expect(colourAt(wider, 100, 10, 43)).toBe('#ffffff');
    expect(colourAt(wider, 100, 43, 43)).toBe('#2a9d8f');
    expect(colourAt(wider, 100, 76, 43)).toBe('#ffffff');
  });

  it('takes an image too, drawn first, under the elements', async () => {
    const png = new PNG({ width: 54, height: 86 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([...TEAL, 255], i);
    const background = await uploaded('image/png', PNG.sync.write(png));
    const pdf = await printed({ ...CARD, background: { imageId: background.id } });
    const picture = rasterise(pdf, { dpi: 100 });
    expect(colourAt(picture, 100, 50, 84)).toBe('#2a9d8f');
    expect(colourAt(picture, 100, 15.5, 30.5)).toBe('#000000');
  });

  it('refuses a PDF as an image element, a broken or encrypted PDF, and a missing one', async () => {
    const pdf = await uploaded('application/pdf', await colouredPdf(54, 86, TEAL));
    const asElement = await put({
      ...CARD,
      elements: [{ kind: 'image', xMm: 0, yMm: 0, widthMm: 10, heightMm: 10, imageId: pdf.id }],
    });
    expect(asElement.statusCode).toBe(400);
    expect(asElement.json()).toMatchObject({
      error_description:
        'Elemento 1 (imagem): Um PDF só pode ser o fundo da página: escolha-o em Fundo.',
    });

    expect(await refusal('application/pdf', '%PDF-1.7\nnão sou um PDF\n%%EOF')).toBe(
      'O PDF não pôde ser lido: salve-o de novo ou envie outro arquivo.',
    );
    const whole = await colouredPdf(54, 86, TEAL);
    expect(await refusal('application/pdf', whole.subarray(0, whole.length / 2))).toMatch(
      /^(O PDF não pôde ser lido|O PDF não tem páginas|A primeira página do PDF não pôde ser lida)/,
    );

    const locked = new PDFKitDocument({
      userPassword: 'segredo',
      ownerPassword: 'dono',
      pdfVersion: '1.7',
    });
    const chunks: Buffer[] = [];
    locked.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => locked.on('end', resolve));
    locked.text('Protegido').end();
    await ended;
    expect(await refusal('application/pdf', Buffer.concat(chunks))).toBe(
      'O PDF está protegido (senha ou criptografia): envie-o sem proteção.',
    );
    expect(
      await refusal('application/pdf', Buffer.concat([whole, Buffer.alloc(2 * 1024 * 1024)])),
    ).toBe('O PDF passa de 2 MB.');

    const ghost = await put({
      ...CARD,
      background: { imageId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(ghost.json()).toMatchObject({
      error_description: 'Imagem não encontrada: envie-a de novo.',
    });
    const invalid = await put({ ...CARD, background: { imageId: 'fundo' } } as Layout);
    expect(invalid.json()).toMatchObject({
      error_description: 'Fundo inválido: envie a imagem ou o PDF de novo.',
    });
  });
});
