import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';
import type { Layout, LayoutImageDto } from '@balcao/contract';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import { selectNewEvent } from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

// Issue 41, items 4 to 6: one upload must not hold the desks. Every bomb is made here, small.
let t: TestContext;
let designer: JsonCaller; // System
let desk: JsonCaller; // Subscription
let eventId: number;
let participantId: number;

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
const CARD: Layout = {
  version: 1,
  document: 'badge',
  page: { widthMm: 54, heightMm: 86 },
  elements: [
    { kind: 'text', xMm: 3, yMm: 18, widthMm: 48, text: '{badgeName}', font: 'bold', sizePt: 20 },
  ],
};
const withImages = (...imageIds: string[]): Layout => ({
  ...CARD,
  elements: [
    ...CARD.elements,
    ...imageIds.map((imageId, index) => ({
      kind: 'image' as const,
      xMm: 2 + (index % 5) * 10,
      yMm: 30 + Math.floor(index / 5) * 10,
      widthMm: 10,
      heightMm: 10,
      imageId,
    })),
  ],
});

const upload = (mime: string, content: Buffer | string) =>
  designer.post('/api/layouts/images', {
    dataUrl: `data:${mime};base64,${Buffer.from(content).toString('base64')}`,
  });

async function refusal(mime: string, content: Buffer | string): Promise<string> {
  const answer = await upload(mime, content);
  expect(answer.statusCode, answer.body).toBe(400);
  return answer.json<{ error_description: string }>().error_description;
}

async function uploaded(mime: string, content: Buffer | string): Promise<LayoutImageDto> {
  const answer = await upload(mime, content);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<LayoutImageDto>();
}

const put = (layout: Layout) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/layouts/badge',
    headers: designer.headers,
    payload: layout,
  });

const printBadge = () =>
  desk.post('/api/subscriptions/badge/print', { participantId, eventId, usualName: 'Ana' });

/** A file kept before these checks: stored as it was, with the badge layout placing it. */
async function storedBeforeTheChecks(mime: string, content: Buffer, size = 10): Promise<void> {
  const id = randomUUID();
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('layout_images')
    .values({
      id,
      event_id: eventId,
      mime,
      width_px: size,
      height_px: size,
      content,
      created_by: designer.userId,
      created_at: at,
    })
    .execute();
  const layout: Layout =
    mime === 'application/pdf' ? { ...CARD, background: { imageId: id } } : withImages(id);
  await t.db
    .insertInto('layouts')
    .values({
      event_id: eventId,
      document: 'badge',
      declaration: JSON.stringify(layout),
      updated_by: designer.userId,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['event_id', 'document']).doUpdateSet({ declaration: JSON.stringify(layout) }),
    )
    .execute();
}

/** Nested <use>: each level draws the one below ten times; 1.3 KB drawing 10⁶ shapes. */
function useBomb(levels = 6): string {
  let defs = '<path id="a0" d="M0 0h1v1z"/>';
  for (let level = 1; level <= levels; level++) {
    defs += `<g id="a${level}">${`<use href="#a${level - 1}"/>`.repeat(10)}</g>`;
  }
  return `<svg ${SVG_NS} viewBox="0 0 10 10"><defs>${defs}</defs><use href="#a${levels}"/></svg>`;
}

const deepSvg = (levels: number) =>
  `<svg ${SVG_NS} viewBox="0 0 10 10">${'<g>'.repeat(levels)}<rect width="1" height="1"/>${'</g>'.repeat(levels)}</svg>`;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A PNG of `width` × `height` whose image data inflates to `raw` (its rows, or more): RGBA, or
 * RGB (`channels` 3), which pdfkit embeds without decoding.
 */
function png(width: number, height: number, raw?: Buffer, channels: 3 | 4 = 4): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits
  header[9] = channels === 4 ? 6 : 2;
  const rows = raw ?? Buffer.alloc(height * (1 + width * channels));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const rgb = (width: number, height: number) => png(width, height, undefined, 3);

/** A one-page PDF whose drawing is `drawing` (spaces inflate to nothing drawn), deflated. */
async function pdfDrawing(drawing: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([153, 244]);
  const stream = pdf.context.stream(deflateSync(drawing, { level: 9 }), {
    Filter: 'FlateDecode',
  });
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

const timed = async <T>(run: () => Promise<T>) => {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
};

beforeAll(async () => {
  t = await startTestApp();
  designer = await jsonCaller(t, ['System']);
  desk = await jsonCaller(t, ['Subscription']);
  eventId = await selectNewEvent(t.db);
  await t.db
    .updateTable('events')
    .set({ print_enabled: true, link_courseware: false })
    .where('id', '=', eventId)
    .execute();
  participantId = (await createParticipant(t.db, eventId, { name: 'Ana Souza' })).id;
});
afterAll(() => t.close());

describe('an SVG that draws without end', () => {
  it('refuses nested <use> that draw a million shapes, counted without drawing', async () => {
    const bomb = useBomb();
    expect(bomb.length).toBeLessThan(1700);
    const { value, ms } = await timed(() => refusal('image/svg+xml', bomb));
    expect(value).toBe(
      'A imagem SVG desenha mais de 200.000 elementos (contando os <use>, e cada 10 letras de texto como um); o máximo é 2.000.',
    );
    expect(ms).toBeLessThan(2000);
    expect(await refusal('image/svg+xml', useBomb(4))).toBe(
      'A imagem SVG desenha 22.223 elementos (contando os <use>, e cada 10 letras de texto como um); o máximo é 2.000.',
    );
  });

  it('refuses a <use> of itself, and shapes repeated by a marker at each vertex', async () => {
    expect(
      await refusal(
        'image/svg+xml',
        `<svg ${SVG_NS} viewBox="0 0 10 10"><g id="loop"><rect width="1" height="1"/><use href="#loop"/></g></svg>`,
      ),
    ).toBe('A imagem SVG tem uma referência circular (#loop): um elemento usa a si mesmo.');
    const arrows = `<g>${'<path d="M0 0L1 1"/>'.repeat(50)}</g>`;
    const marked = `<svg ${SVG_NS} viewBox="0 0 10 10"><marker id="m">${arrows}</marker><polyline points="${'1 1 '.repeat(200)}" marker-mid="url(#m)"/></svg>`;
    expect(await refusal('image/svg+xml', marked)).toMatch(
      /^A imagem SVG desenha [\d.]+ elementos \(contando os <use>, e cada 10 letras de texto como um\); o máximo é 2\.000\.$/,
    );
  });

  it('counts text glyph by glyph: 440 KB of one <text> (7 s a print) is refused', async () => {
    const text = `<svg ${SVG_NS} viewBox="0 0 10 10"><text y="5">${'abcdefghij '.repeat(40_000)}</text></svg>`;
    expect(await refusal('image/svg+xml', text)).toBe(
      'A imagem SVG desenha 44.002 elementos (contando os <use>, e cada 10 letras de texto como um); o máximo é 2.000.',
    );
  });

  it('refuses a deep SVG at once, however deep (no longer quadratic)', async () => {
    const deep = deepSvg(60_000);
    expect(deep.length).toBeGreaterThan(400_000);
    const { value, ms } = await timed(() => refusal('image/svg+xml', deep));
    expect(value).toBe(
      'A imagem SVG tem mais de 100 níveis de elementos (contando os <use>): simplifique-a no editor de imagens.',
    );
    expect(ms).toBeLessThan(2000);
    // Deep through <use>, too: each level a group using the one below.
    let defs = '<rect id="l0" width="1" height="1"/>';
    for (let level = 1; level <= 120; level++)
      defs += `<g id="l${level}"><use href="#l${level - 1}"/></g>`;
    expect(
      await refusal(
        'image/svg+xml',
        `<svg ${SVG_NS} viewBox="0 0 10 10"><defs>${defs}</defs><use href="#l120"/></svg>`,
      ),
    ).toContain('mais de 100 níveis');
  });

  it('keeps a label’s SVGs under the limit together: one of 1,500 elements placed twice is refused', async () => {
    const logo = await uploaded(
      'image/svg+xml',
      `<svg ${SVG_NS} viewBox="0 0 10 10">${'<rect width="1" height="1"/>'.repeat(1499)}</svg>`,
    );
    expect((await put(withImages(logo.id))).statusCode).toBe(200);
    const twice = await put(withImages(logo.id, logo.id));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      error_description:
        'As imagens SVG de uma etiqueta desenham 3.000 elementos juntas; o máximo é 2.000.',
    });
  });

  it('a bomb stored before these checks: each badge print is a 400 naming it, not a dead server', async () => {
    await storedBeforeTheChecks('image/svg+xml', Buffer.from(useBomb()));
    const { value: printed, ms } = await timed(printBadge);
    expect(printed.statusCode, printed.body).toBe(400);
    expect(printed.json<{ error_description: string }>().error_description).toBe(
      'Uma imagem do layout não passa mais nas verificações: A imagem SVG desenha mais de 200.000 elementos (contando os <use>, e cada 10 letras de texto como um); o máximo é 2.000. Troque-a no editor de layouts.',
    );
    expect(ms).toBeLessThan(5000);

    // svg-to-pdfkit overflowed its stack on this one: every print was a 500.
    await storedBeforeTheChecks('image/svg+xml', Buffer.from(deepSvg(20_000)));
    const deep = await printBadge();
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json<{ error_description: string }>().error_description).toContain(
      'mais de 100 níveis',
    );
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await t.db.deleteFrom('layouts').where('event_id', '=', eventId).execute();
  });
});

describe('a picture that inflates past its size', () => {
  it('refuses a PNG whose image data inflates beyond what its header says', async () => {
    // 100 × 100 declared (40 KB of rows), 50 MB inflated: 49 KB on the wire.
    const bomb = png(100, 100, Buffer.alloc(50_000_000));
    expect(bomb.length).toBeLessThan(60_000);
    expect(await refusal('image/png', bomb)).toBe(
      'A imagem PNG traz mais dados do que o tamanho que declara: salve-a de novo no editor de imagens.',
    );
  });

  it('refuses the same bomb embedded in an SVG', async () => {
    const bomb = png(100, 100, Buffer.alloc(50_000_000)).toString('base64');
    const svg = `<svg ${SVG_NS} viewBox="0 0 10 10"><image width="10" height="10" href="data:image/png;base64,${bomb}"/></svg>`;
    expect(await refusal('image/svg+xml', svg)).toBe(
      'A imagem PNG traz mais dados do que o tamanho que declara: salve-a de novo no editor de imagens.',
    );
  });

  it('caps the pixels (width × height), not only each side', async () => {
    const large = rgb(4000, 4000);
    expect(await refusal('image/png', large)).toBe(
      'A imagem tem 16.000.000 pixels; o máximo é 8.000.000.',
    );
    // An SVG embedding it draws it too.
    const embedded = `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><image width="10" height="10" xlink:href="data:image/png;base64,${large.toString('base64')}"/></svg>`;
    expect(await refusal('image/svg+xml', embedded)).toBe(
      'A imagem tem 16.000.000 pixels; o máximo é 8.000.000.',
    );
  });

  it('decodes a picture once per print, however often the layout places it', async () => {
    const logo = await uploaded('image/png', png(1000, 1000));
    const layout = withImages(...Array.from({ length: 20 }, () => logo.id));
    expect((await put(layout)).statusCode).toBe(200);
    const test = await designer.post('/api/layouts/badge/print-test', { layout });
    expect(test.statusCode, test.body).toBe(200);
    const file = await t.app.inject({
      url: `/api/prints/files/${test.json<{ filename: string }>().filename}`,
      headers: designer.headers,
    });
    // Read with pdf-lib, not poppler's pdfimages, so the test needs nothing but npm.
    const pdf = await PDFDocument.load(file.rawPayload);
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFRawStream =>
          object instanceof PDFRawStream &&
          object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    // Embedded once: one image and its transparency (SMask), whatever the placements.
    expect(images).toHaveLength(2);
    expect(images.filter((image) => image.dict.has(PDFName.of('SMask')))).toHaveLength(1);
    const contents = pdf.getPage(0).node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const drawn = streams
      .map((ref) => pdf.context.lookup(ref as PDFRef) as PDFRawStream)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
      .join('\n')
      .match(/ Do\b/g);
    // Drawn 20 times, each a `Do` of that one object.
    expect(drawn).toHaveLength(20);
    await t.db.deleteFrom('layouts').where('event_id', '=', eventId).execute();
  });

  it('keeps a label’s pictures under the limit together', async () => {
    const half = await uploaded('image/png', rgb(2000, 2000));
    const other = await uploaded('image/png', rgb(2000, 2001));
    const both = await put(withImages(half.id, other.id));
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      error_description:
        'As imagens de uma etiqueta têm 8.002.000 pixels juntas; o máximo é 8.000.000.',
    });
  });

  it('a PNG bomb stored before these checks: the print is a 400, the server unharmed', async () => {
    await storedBeforeTheChecks('image/png', png(100, 100, Buffer.alloc(50_000_000)), 100);
    const printed = await printBadge();
    expect(printed.statusCode, printed.body).toBe(400);
    expect(printed.json<{ error_description: string }>().error_description).toContain(
      'A imagem PNG traz mais dados do que o tamanho que declara',
    );
    await t.db.deleteFrom('layouts').where('event_id', '=', eventId).execute();
  });
});

describe('a PDF background that inflates', () => {
  it('refuses a PDF whose streams inflate past 32 MB, before pdf-lib reads it', async () => {
    const bomb = await pdfDrawing(Buffer.alloc(40 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(100_000);
    const { value, ms } = await timed(() => refusal('application/pdf', bomb));
    expect(value).toBe(
      'O PDF descompactado passa de 32 MB: salve-o de novo com menos conteúdo ou envie outro arquivo.',
    );
    expect(ms).toBeLessThan(5000);
  });

  it('refuses a first page whose drawing inflates past 8 MB, and filters it cannot count', async () => {
    expect(
      await refusal('application/pdf', await pdfDrawing(Buffer.alloc(10 * 1024 * 1024, 0x20))),
    ).toBe('O desenho da primeira página do PDF tem 10 MB descompactado; o máximo é 8 MB.');
    // LZW's output is not counted: refused, even spelt with a #-escape.
    const flate = (await pdfDrawing(Buffer.from('0 0 m'))).toString('latin1');
    const lzw = Buffer.from(flate.replace('/FlateDecode', '/LZW#44ecode'), 'latin1');
    expect(await refusal('application/pdf', lzw)).toBe(
      'O PDF usa uma compressão antiga (LZWDecode): salve-o de novo (PDF 1.5 ou mais novo) ou envie outro arquivo.',
    );
  });

  it('a PDF bomb stored before these checks: the print is a 400, the server unharmed', async () => {
    await storedBeforeTheChecks(
      'application/pdf',
      await pdfDrawing(Buffer.alloc(40 * 1024 * 1024, 0x20)),
    );
    const printed = await printBadge();
    expect(printed.statusCode, printed.body).toBe(400);
    expect(printed.json<{ error_description: string }>().error_description).toContain(
      'O PDF descompactado passa de 32 MB',
    );
    await t.db.deleteFrom('layouts').where('event_id', '=', eventId).execute();
  });
});
