import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer } from './helpers/fixtures.ts';
import { onlyRow, tableCaller, type TableCaller } from './helpers/tables.ts';

let t: TestContext;
let organizer: TableCaller; // Event
let admin: TableCaller; // System
let clerk: TableCaller; // Subscription
let courseId: number;

beforeAll(async () => {
  t = await startTestApp();
  organizer = await tableCaller(t, ['Event']);
  admin = await tableCaller(t, ['System']);
  clerk = await tableCaller(t, ['Subscription']);
  const courseAdmin = await tableCaller(t, ['Course']);
  courseId = onlyRow<{ id: number }>(await courseAdmin.insert('/courses', { name: 'Imersão' })).id;
});
afterAll(() => t.close());

const eventFields = (extra: Record<string, string> = {}) => ({
  name: 'Congresso',
  'course][id': String(courseId),
  endereco: 'Av. Beira Mar, 100',
  local: 'Centro de Eventos',
  valor: 'R$ 1.234,56',
  linkCourseware: 'true',
  printEnabled: 'false',
  inicio: '10/03/2025 10:00',
  fim: '11/03/2025 23:30',
  ...extra,
});

describe('events editor', () => {
  it('creates an event, reading and answering times on the event zone clock', async () => {
    const row = onlyRow<EventDto>(await organizer.insert('/events', eventFields()));
    expect(row).toEqual({
      id: expect.any(Number),
      name: 'Congresso',
      selected: false,
      endereco: 'Av. Beira Mar, 100',
      local: 'Centro de Eventos',
      valor: 1234.56,
      inicio: '10/03/2025 10:00',
      fim: '11/03/2025 23:30',
      linkCourseware: true,
      printEnabled: false,
      course: { id: courseId },
      dateCreated: '2025-03-10T12:00:00.000Z',
      dateUpdated: '2025-03-10T12:00:00.000Z',
    });
    const stored = await t.db
      .selectFrom('events')
      .select(['inicio', 'fim', 'valor_cents'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      inicio: '2025-03-10T13:00:00.000Z',
      fim: '2025-03-12T02:30:00.000Z',
      valor_cents: 123_456,
    });
    const { data } = (
      await t.app.inject({ method: 'GET', url: '/api/events/list', headers: bearer(clerk.token) })
    ).json<{ data: EventDto[] }>();
    expect(data.find((event) => event.id === row.id)).toEqual(row);
  });

  it('defaults linkCourseware and printEnabled to true and valor to 0', async () => {
    const row = onlyRow<EventDto>(
      await organizer.insert('/events', {
        name: 'Mínimo',
        inicio: '2025-04-01 08:00',
        fim: '2025-04-01 18:00',
      }),
    );
    expect(row).toMatchObject({
      linkCourseware: true,
      printEnabled: true,
      valor: 0,
      course: null,
      inicio: '01/04/2025 08:00',
    });
  });

  it('edits some fields, keeping the others', async () => {
    const row = onlyRow<EventDto>(
      await organizer.insert('/events', eventFields({ name: 'Antes' })),
    );
    const edited = onlyRow<EventDto>(
      await organizer.update('/events', row.id, {
        name: 'Depois',
        printEnabled: 'true',
        'course][id': '',
      }),
    );
    expect(edited).toMatchObject({
      name: 'Depois',
      printEnabled: true,
      course: null,
      inicio: row.inicio,
      valor: 1234.56,
    });
  });

  it('requires fim after inicio, also when only one of them changes', async () => {
    const response = await organizer.insert(
      '/events',
      eventFields({ inicio: '11/03/2025 10:00', fim: '11/03/2025 09:00' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'fim', status: 'O fim deve ser depois do início.' },
    ]);
    const row = onlyRow<EventDto>(await organizer.insert('/events', eventFields()));
    const late = await organizer.update('/events', row.id, { inicio: '12/03/2025 00:00' });
    expect(late.json().fieldErrors).toEqual([
      { name: 'fim', status: 'O fim deve ser depois do início.' },
    ]);
  });

  it('validates each field', async () => {
    const response = await organizer.insert('/events', {
      name: '',
      'course][id': '424242',
      valor: '-5',
      inicio: '31/02/2025 10:00',
      fim: 'amanhã',
      linkCourseware: 'talvez',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'name', status: 'Informe o nome.' },
      { name: 'course', status: 'Curso não encontrado.' },
      { name: 'valor', status: 'O valor não pode ser negativo.' },
      { name: 'linkCourseware', status: 'Valor inválido para o vínculo de apostila.' },
      { name: 'inicio', status: 'O início deve estar no formato DD/MM/AAAA HH:mm.' },
      { name: 'fim', status: 'O fim deve estar no formato DD/MM/AAAA HH:mm.' },
    ]);
  });

  it('removes an event, 404 naming it afterwards', async () => {
    const row = onlyRow<EventDto>(await organizer.insert('/events', eventFields()));
    expect((await organizer.remove('/events', row.id)).statusCode).toBe(200);
    const again = await organizer.remove('/events', row.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error_description).toBe('Evento não encontrado.');
  });

  it('needs Event to write (not even System)', async () => {
    expect((await admin.insert('/events', eventFields())).statusCode).toBe(403);
    expect((await clerk.insert('/events', eventFields())).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/events/delete/1' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('event QR code', () => {
  it('answers a PNG of {PUBLIC_URL}/?evento={id} for Event and System, whatever the Host', async () => {
    const row = onlyRow<EventDto>(await organizer.insert('/events', eventFields()));
    const { eventLink, eventQrCode } = await import('../src/modules/events/service.ts');
    expect(eventLink(t.config.publicUrl, row.id)).toBe(`http://localhost:8080/?evento=${row.id}`);
    const expected = await eventQrCode(t.db, row.id, t.config.publicUrl);
    for (const caller of [organizer, admin]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/events/qrcode/${row.id}`,
        headers: { ...bearer(caller.token), host: 'evil.example.com' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload).toEqual(expected);
    }
  });

  it('answers 404 for an unknown event and 403 for a desk clerk', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/events/qrcode/999999',
      headers: bearer(organizer.token),
    });
    expect(missing.statusCode).toBe(404);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/events/qrcode/1',
      headers: bearer(clerk.token),
    });
    expect(refused.statusCode).toBe(403);
  });
});
