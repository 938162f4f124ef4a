import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import {
  DEFAULT_LAYOUTS,
  type Layout,
  type LayoutDto,
  type LayoutImageDto,
} from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createCenter } from './helpers/fixtures.ts';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import { selectNewEvent } from './helpers/store.ts';
import { colourAt, rasterise } from './helpers/pdf-image.ts';
import { readPdf, toMm } from './helpers/pdf-text.ts';

let t: TestContext;
let designer: JsonCaller; // System
let desk: JsonCaller; // Subscription
let eventId: number;

/** A CR80 card standing up: a colour band, the badge name fitted, the city, a QR. */
const CR80: Layout = {
  version: 1,
  document: 'badge',
  page: { widthMm: 54, heightMm: 86 },
  elements: [
    { kind: 'band', xMm: 0, yMm: 0, widthMm: 54, heightMm: 14, color: '#1e66f5' },
    {
      kind: 'text',
      id: 'name',
      xMm: 3,
      yMm: 18,
      widthMm: 48,
      text: '{badgeName}',
      font: 'bold',
      sizePt: 28,
      minSizePt: 10,
      align: 'center',
    },
    {
      kind: 'text',
      xMm: 3,
      yMm: 0,
      after: 'name',
      gapMm: 2,
      widthMm: 48,
      text: '{center} · {city}',
      font: 'regular',
      sizePt: 9,
      align: 'center',
    },
    { kind: 'qr', xMm: 15, yMm: 55, sizeMm: 24, field: 'participantId' },
  ],
};

const put = (layout: unknown, document = 'badge', caller = designer) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/layouts/${document}`,
    headers: caller.headers,
    payload: layout as object,
  });

async function printedBadge(participantId: number, usualName: string) {
  const printed = await desk.post('/api/subscriptions/badge/print', {
    participantId,
    eventId,
    usualName,
  });
  expect(printed.statusCode, printed.body).toBe(200);
  const { filename } = printed.json<{ filename: string }>();
  const file = await t.app.inject({ url: `/api/prints/files/${filename}`, headers: desk.headers });
  const [page] = (await readPdf(file.rawPayload)).pages;
  return {
    widthMm: Math.round(toMm(page!.width)),
    heightMm: Math.round(toMm(page!.height)),
    text: page!.text,
  };
}

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
});
afterAll(() => t.close());

describe('an event’s own badge layout', () => {
  it('starts from the default layout, which any signed-in desk may read', async () => {
    const read = await desk.get('/api/layouts/badge');
    expect(read.statusCode).toBe(200);
    expect(read.json<LayoutDto>()).toEqual({
      document: 'badge',
      custom: false,
      layout: DEFAULT_LAYOUTS.badge,
      updatedAt: null,
      updatedBy: null,
      images: {},
    });
  });

  it('is saved by a System user, audited, and then prints every badge at the desk', async () => {
    const saved = await put(CR80);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<LayoutDto>()).toMatchObject({
      custom: true,
      layout: CR80,
      updatedBy: designer.username,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'layouts')
      .execute();
    expect(audit).toContainEqual({ action: 'insert', entity_id: `${eventId}/badge` });

    const stamp = new Date().toISOString();
    const dated = { date_created: stamp, date_updated: stamp };
    const country = await t.db
      .insertInto('countries')
      .values({ name: 'Brasil de teste', ...dated })
      .returning('id')
      .executeTakeFirstOrThrow();
    const city = await t.db
      .insertInto('cities')
      .values({ name: 'Recife', country_id: country.id, ...dated })
      .returning('id')
      .executeTakeFirstOrThrow();
    const centerId = await createCenter(t.db, 'Núcleo Recife', 31);
    await t.db
      .updateTable('centers')
      .set({ city_id: city.id })
      .where('id', '=', centerId)
      .execute();
    const guest = await createParticipant(t.db, eventId, {
      name: 'Ana Souza',
      center_id: centerId,
    });
    const badge = await printedBadge(guest.id, 'Aninha');
    expect([badge.widthMm, badge.heightMm]).toEqual([54, 86]);
    expect(badge.text.split('\n')).toEqual(['Aninha', 'Núcleo Recife · Recife']);
  });

  it('refuses, in Portuguese, a layout with faults or of another document', async () => {
    const faulty = await put({ ...CR80, page: { widthMm: 54, heightMm: 40 } });
    expect(faulty.statusCode).toBe(400);
    expect(faulty.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Elemento 4 (QR): passa da altura da página.',
    });
    const other = await put(CR80, 'coupon');
    expect(other.statusCode).toBe(400);
    expect(other.json<{ error_description: string }>().error_description).toBe(
      'O layout é de outro documento: importe-o na aba certa.',
    );
    expect((await put(CR80, 'menu')).statusCode).toBe(400);
    // Fixed words the font cannot draw would print as empty boxes: refused, naming them.
    const georgian = await put({
      ...CR80,
      elements: [
        ...CR80.elements,
        {
          kind: 'text',
          xMm: 2,
          yMm: 2,
          widthMm: 40,
          text: 'Bem-vindo ✓ მოგესალმებით',
          font: 'regular',
          sizePt: 8,
        },
      ],
    });
    expect(georgian.statusCode).toBe(400);
    expect(georgian.json<{ error_description: string }>().error_description).toContain(
      "a fonte não tem '✓' (U+2713), 'მ' (U+10DB)",
    );
  });

  it('is changed only by System users', async () => {
    expect((await put(CR80, 'badge', desk)).statusCode).toBe(403);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: '/api/layouts/badge',
      headers: desk.headers,
    });
    expect(reset.statusCode).toBe(403);
  });

  it('prints a test with the unsaved layout and a real participant of the event', async () => {
    const printed = await t.app.inject({
      method: 'POST',
      url: '/api/layouts/badge/print-test',
      headers: designer.headers,
      payload: { layout: { ...CR80, page: { widthMm: 60, heightMm: 90 } } },
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const { filename } = printed.json<{ filename: string }>();
    const file = await t.app.inject({
      url: `/api/prints/files/${filename}`,
      headers: designer.headers,
    });
    const [page] = (await readPdf(file.rawPayload)).pages;
    expect(Math.round(toMm(page!.width))).toBe(60);
    expect(page!.text).toContain('Aninha');
    const sample = await designer.get('/api/layouts/badge/sample');
    expect(sample.json()).toMatchObject({ source: 'Participante: Ana Souza' });
  });

  it('goes back to the default with Restaurar padrão', async () => {
    const reset = await t.app.inject({
      method: 'DELETE',
      url: '/api/layouts/badge',
      headers: designer.headers,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<LayoutDto>()).toMatchObject({ custom: false, layout: DEFAULT_LAYOUTS.badge });
    const guest = await createParticipant(t.db, eventId, { name: 'Bruno Lima' });
    const badge = await printedBadge(guest.id, 'Bruno');
    expect([badge.widthMm, badge.heightMm]).toEqual([90, 50]);
  });

  it('places an uploaded logo and a band in the colour of the participant’s center', async () => {
    // A 40 × 20 px red PNG, made here: a real image, read by the server for its size.
    const png = new PNG({ width: 40, height: 20 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([220, 20, 60, 255], i);
    const dataUrl = `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
    const uploaded = await designer.post('/api/layouts/images', { dataUrl });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = uploaded.json<LayoutImageDto>();
    expect(image).toMatchObject({ mime: 'image/png', widthPx: 40, heightPx: 20, dataUrl });

    const layout: Layout = {
      ...CR80,
      elements: [
        {
          kind: 'band',
          xMm: 0,
          yMm: 0,
          widthMm: 54,
          heightMm: 14,
          color: '#000000',
          colorFrom: 'center',
        },
        { kind: 'image', xMm: 2, yMm: 60, widthMm: 50, heightMm: 20, imageId: image.id },
        ...CR80.elements.slice(1, 3),
      ],
    };
    const saved = await put(layout);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<LayoutDto>().images).toEqual({ [image.id]: image });

    // 'Núcleos' → 'Cor': refused unless #rrggbb, then the band follows it.
    const center = await createCenter(t.db, 'Núcleo Natal', 32);
    const editor = await jsonCaller(t, ['Center']);
    const refused = await editor.post(`/api/centers/update/${center}`, {
      data: { [center]: { color: 'verde' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Use a cor no formato #rrggbb.');
    const coloured = await editor.post(`/api/centers/update/${center}`, {
      data: { [center]: { color: '#2a9d8f' } },
    });
    expect(coloured.statusCode, coloured.body).toBe(200);

    const guest = await createParticipant(t.db, eventId, { name: 'Caio Prado', center_id: center });
    const printed = await desk.post('/api/subscriptions/badge/print', {
      participantId: guest.id,
      eventId,
      usualName: 'Caio',
    });
    const { filename } = printed.json<{ filename: string }>();
    const file = await t.app.inject({
      url: `/api/prints/files/${filename}`,
      headers: desk.headers,
    });
    const picture = rasterise(file.rawPayload, { dpi: 100 });
    expect(colourAt(picture, 100, 27, 5)).toBe('#2a9d8f'); // the band
    expect(colourAt(picture, 100, 27, 70)).toBe('#dc143c'); // the logo, centred in its box
    expect(colourAt(picture, 100, 3, 70)).toBe('#ffffff'); // beside it: fitted, not stretched
  });

  it('refuses what is not a PNG, JPEG, SVG or PDF, too big, or an image of no upload', async () => {
    const text = `data:image/png;base64,${Buffer.from('não sou imagem').toString('base64')}`;
    const notImage = await designer.post('/api/layouts/images', { dataUrl: text });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({
      error_description: 'Envie uma imagem PNG, JPEG ou SVG, ou um PDF.',
    });
    const huge = `data:image/png;base64,${Buffer.alloc(600 * 1024, 1).toString('base64')}`;
    const tooBig = await designer.post('/api/layouts/images', { dataUrl: huge });
    expect(tooBig.json()).toMatchObject({ error_description: 'A imagem passa de 512 KB.' });
    const ghost = await put({
      ...CR80,
      elements: [
        {
          kind: 'image',
          xMm: 0,
          yMm: 0,
          widthMm: 10,
          heightMm: 10,
          imageId: '00000000-0000-4000-8000-000000000000',
        },
      ],
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toMatchObject({
      error_description: 'Imagem não encontrada: envie-a de novo.',
    });
    expect((await desk.post('/api/layouts/images', { dataUrl: text })).statusCode).toBe(403);
  });

  it('answers 404 when no event is selected', async () => {
    await t.db.updateTable('events').set({ selected: false }).execute();
    try {
      const read = await desk.get('/api/layouts/coupon');
      expect(read.statusCode).toBe(404);
      expect(read.json<{ error_description: string }>().error_description).toBe(
        'Nenhum evento selecionado.',
      );
    } finally {
      await t.db.updateTable('events').set({ selected: true }).where('id', '=', eventId).execute();
    }
  });
});
