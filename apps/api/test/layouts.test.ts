import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUTS, type Layout, type LayoutDto } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createCenter } from './helpers/fixtures.ts';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import { selectNewEvent } from './helpers/store.ts';
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
