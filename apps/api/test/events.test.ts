import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent, createUser, login } from './helpers/fixtures.ts';

let t: TestContext;
let organizer: string;
let clerk: string;
beforeAll(async () => {
  t = await startTestApp();
  organizer = (await login(t.app, await createUser(t.db, { permissions: ['Event'] }))).access_token;
  clerk = (await login(t.app, await createUser(t.db, { permissions: ['Subscription'] })))
    .access_token;
});
afterAll(() => t.close());

const get = (url: string, token = clerk) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const select = (id: number | string, token = organizer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/events/select',
    headers: bearer(token),
    payload: { id },
  });

describe('events', () => {
  it('answers 404 "Nenhum evento selecionado." before any selection', async () => {
    const response = await get('/api/events/selected');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      error_description: 'Nenhum evento selecionado.',
    });
  });

  it('lists events newest first, undated last, in the wire shape', async () => {
    const congress = await createEvent(t.db, {
      name: 'Congresso de Março',
      endereco: 'Av. Beira Mar, 100',
      local: 'Centro de Eventos',
      valor_cents: 123_456,
      inicio: '2025-03-10T13:00:00.000Z',
      fim: '2025-03-12T02:30:00.000Z',
      print_enabled: true,
      course_id: 4,
    });
    const workshop = await createEvent(t.db, {
      name: 'Oficina',
      inicio: '2025-05-01T12:00:00.000Z',
    });
    const undated = await createEvent(t.db, { name: 'A definir' });
    const older = await createEvent(t.db, { name: 'Antigo', inicio: '2024-01-01T12:00:00.000Z' });

    const response = await get('/api/events/list');

    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: EventDto[] }>();
    expect(data.map((event) => event.id)).toEqual([workshop, congress, older, undated]);
    expect(data[1]).toEqual({
      id: congress,
      name: 'Congresso de Março',
      selected: false,
      endereco: 'Av. Beira Mar, 100',
      local: 'Centro de Eventos',
      valor: 1234.56,
      // Stored in UTC, shown on São Paulo's clock (UTC-3), crossing midnight for fim.
      inicio: '10/03/2025 10:00',
      fim: '11/03/2025 23:30',
      linkCourseware: true,
      printEnabled: true,
      course: { id: 4 },
      dateCreated: '2025-03-01T12:00:00.000Z',
      dateUpdated: '2025-03-01T12:00:00.000Z',
    });
    expect(data[3]).toMatchObject({ inicio: null, fim: null, course: null, valor: 0 });
  });

  it('selects an event, which the selected lookup then returns', async () => {
    const id = await createEvent(t.db, { name: 'Imersão' });
    const response = await select(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, name: 'Imersão', selected: true });

    const selected = await get('/api/events/selected');
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({ id, selected: true });
  });

  it('keeps exactly one event selected', async () => {
    const first = await createEvent(t.db);
    const second = await createEvent(t.db);
    await select(first);
    await select(second);
    await select(second);

    const { data } = (await get('/api/events/list')).json<{ data: EventDto[] }>();
    expect(data.filter((event) => event.selected).map((event) => event.id)).toEqual([second]);
  });

  it('keeps one selected when several desks select at once', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => createEvent(t.db)));
    const responses = await Promise.all(ids.map((id) => select(id)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const { data } = (await get('/api/events/list')).json<{ data: EventDto[] }>();
    expect(data.filter((event) => event.selected)).toHaveLength(1);
  });

  it('answers 404 "Evento não encontrado." for an unknown id and keeps the selection', async () => {
    const kept = await createEvent(t.db);
    await select(kept);
    const response = await select(987_654);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      error_description: 'Evento não encontrado.',
    });
    expect((await get('/api/events/selected')).json()).toMatchObject({ id: kept });
  });

  it('accepts a form-encoded selection', async () => {
    const id = await createEvent(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events/select',
      headers: { ...bearer(organizer), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, selected: true });
  });

  it('lets System select too, but not a desk clerk', async () => {
    const admin = (await login(t.app, await createUser(t.db, { permissions: ['System'] })))
      .access_token;
    const id = await createEvent(t.db);
    expect((await select(id, admin)).statusCode).toBe(200);
    expect((await select(id, clerk)).statusCode).toBe(403);
  });
});
