import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CenterRow, CityRow, CountryRow, CourseRow } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent, createUser } from './helpers/fixtures.ts';
import { onlyRow, rowForm, tableCaller, type TableCaller } from './helpers/tables.ts';

let t: TestContext;
let admin: TableCaller; // System
let centerAdmin: TableCaller; // Center
let courseAdmin: TableCaller; // Course
let clerk: TableCaller; // Subscription only

beforeAll(async () => {
  t = await startTestApp();
  admin = await tableCaller(t, ['System']);
  centerAdmin = await tableCaller(t, ['Center']);
  courseAdmin = await tableCaller(t, ['Course']);
  clerk = await tableCaller(t, ['Subscription']);
});
afterAll(() => t.close());

async function newCountry(name: string): Promise<CountryRow> {
  return onlyRow<CountryRow>(await admin.insert('/countries', { name }));
}
async function newCity(name: string, countryId: number): Promise<CityRow> {
  return onlyRow<CityRow>(
    await admin.insert('/cities', { name, 'country][id': String(countryId) }),
  );
}

describe('countries (the protocol, as every table speaks it)', () => {
  it('creates from data[0][name], answering the saved row', async () => {
    const response = await admin.insert('/countries', { name: '  Venezuela  ' });
    const row = onlyRow<CountryRow>(response);
    expect(row).toEqual({
      id: expect.any(Number),
      name: 'Venezuela',
      dateCreated: '2025-03-10T12:00:00.000Z',
      dateUpdated: '2025-03-10T12:00:00.000Z',
    });
  });

  it('accepts a JSON body of the same shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/countries/insert',
      headers: bearer(admin.token),
      payload: { data: { 0: { name: 'Chile' } } },
    });
    expect(onlyRow<CountryRow>(response).name).toBe('Chile');
  });

  it('edits through data[{id}], stamping dateUpdated', async () => {
    const country = await newCountry('Portugual');
    t.clock.advance(60);
    const row = onlyRow<CountryRow>(
      await admin.update('/countries', country.id, { name: 'Portugal' }),
    );
    expect(row).toMatchObject({ id: country.id, name: 'Portugal' });
    expect(row.dateUpdated).toBe('2025-03-10T12:01:00.000Z');
    expect(row.dateCreated).toBe(country.dateCreated);
  });

  it('lists every row by name', async () => {
    const response = await admin.select('/countries');
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: CountryRow[] }>();
    const names = data.map((row) => row.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('Portugal');
    expect(response.json()).not.toHaveProperty('recordsTotal');
  });

  it('pages when asked: a slice of the same order, and a start past the end is empty', async () => {
    const all = (await admin.select('/countries')).json<{ data: CountryRow[] }>().data;
    expect(all.length).toBeGreaterThan(2);
    const slice = await admin.select('/countries', 'start=1&length=2');
    expect(slice.statusCode).toBe(200);
    expect(slice.json<{ data: CountryRow[] }>().data).toEqual(all.slice(1, 3));
    const past = await admin.select('/countries', 'start=999999999');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ data: [] });
  });

  it('answers 400 with fieldErrors for a missing name', async () => {
    const response = await admin.insert('/countries', { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Informe o nome.',
      fieldErrors: [{ name: 'name', status: 'Informe o nome.' }],
    });
  });

  it('refuses a duplicate name, whatever the case', async () => {
    await newCountry('Argentina');
    const response = await admin.insert('/countries', { name: 'ARGENTINA' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'name', status: 'Já existe um país com este nome.' },
    ]);
    const other = await newCountry('Uruguai');
    const rename = await admin.update('/countries', other.id, { name: 'argentina' });
    expect(rename.statusCode).toBe(400);
    // Saving a row under its own name is no clash.
    expect((await admin.update('/countries', other.id, { name: 'Uruguai' })).statusCode).toBe(200);
  });

  it('answers 404 naming the country for an unknown id', async () => {
    for (const response of [
      await admin.update('/countries', 987_654, { name: 'X' }),
      await admin.remove('/countries', 987_654),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not_found',
        error_description: 'País não encontrado.',
      });
    }
  });

  it('removes with an empty body or with data[{id}][id]', async () => {
    const first = await newCountry('Atlântida');
    const second = await newCountry('Lemúria');
    const empty = await admin.post(`/api/countries/delete/${first.id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: [] });
    expect((await admin.remove('/countries', second.id)).json()).toEqual({ data: [] });
    const { data } = (await admin.select('/countries')).json<{ data: CountryRow[] }>();
    expect(data.map((row) => row.id)).not.toContain(first.id);
    expect(data.map((row) => row.id)).not.toContain(second.id);
  });

  it('answers 409 when cities reference the country', async () => {
    const country = await newCountry('Paraguai');
    await newCity('Assunção', country.id);
    const response = await admin.remove('/countries', country.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'conflict',
      error_description: 'Este país tem cidades cadastradas e não pode ser removido.',
    });
  });

  it('answers 403 without System and 401 without a token', async () => {
    expect((await centerAdmin.insert('/countries', { name: 'Peru' })).statusCode).toBe(403);
    expect((await clerk.select('/countries')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/countries/insert',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: rowForm(0, { name: 'Peru' }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token is invalid',
    });
  });

  it('says how to send the row when data is not keyed by row', async () => {
    const response = await admin.post('/api/countries/insert', 'data=Brasil');
    expect(response.statusCode).toBe(400);
    expect(response.json().error_description).toBe('Envie os campos como data[0][campo].');
  });
});

describe('cities', () => {
  it('creates with data[0][country][id], answering the country as {id, name}', async () => {
    const country = await newCountry('Colômbia');
    const city = await newCity('Bogotá', country.id);
    expect(city).toMatchObject({ name: 'Bogotá', country: { id: country.id, name: 'Colômbia' } });
  });

  it('keeps names unique within a country only', async () => {
    const a = await newCountry('País A');
    const b = await newCountry('País B');
    await newCity('São José', a.id);
    expect(
      (await admin.insert('/cities', { name: 'São José', 'country][id': String(b.id) })).statusCode,
    ).toBe(200);
    const clash = await admin.insert('/cities', { name: 'são josé', 'country][id': String(a.id) });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fieldErrors).toEqual([
      { name: 'name', status: 'Já existe uma cidade com este nome neste país.' },
    ]);
  });

  it('collects every failing field', async () => {
    const response = await admin.insert('/cities', { name: '', 'country][id': '999999' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Informe o nome. País não encontrado.',
      fieldErrors: [
        { name: 'name', status: 'Informe o nome.' },
        { name: 'country', status: 'País não encontrado.' },
      ],
    });
    const missing = await admin.insert('/cities', { name: 'Sem país' });
    expect(missing.json().fieldErrors).toEqual([{ name: 'country', status: 'Informe o país.' }]);
  });

  it('edits and moves a city to another country', async () => {
    const a = await newCountry('Origem');
    const b = await newCountry('Destino');
    const city = await newCity('Viajante', a.id);
    const row = onlyRow<CityRow>(
      await admin.update('/cities', city.id, { name: 'Viajante II', 'country][id': String(b.id) }),
    );
    expect(row).toMatchObject({ name: 'Viajante II', country: { id: b.id, name: 'Destino' } });
  });

  it('is listed for the Núcleos page (Center) but edited by System only', async () => {
    expect((await centerAdmin.select('/cities')).statusCode).toBe(200);
    expect((await centerAdmin.insert('/cities', { name: 'X' })).statusCode).toBe(403);
    expect((await clerk.select('/cities')).statusCode).toBe(403);
  });

  it('removes a free city and refuses one with centers (409)', async () => {
    const country = await newCountry('Equador');
    const free = await newCity('Quito', country.id);
    expect((await admin.remove('/cities', free.id)).statusCode).toBe(200);
    const used = await newCity('Guayaquil', country.id);
    await centerAdmin.insert('/centers', { name: 'Núcleo Guayaquil', 'city][id': String(used.id) });
    const response = await admin.remove('/cities', used.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_description).toBe(
      'Esta cidade tem núcleos cadastrados e não pode ser removida.',
    );
  });
});

describe('centers', () => {
  let cityId: number;
  beforeAll(async () => {
    cityId = (await newCity('Fortaleza', (await newCountry('Brasil do Norte')).id)).id;
  });

  it('numbers centers in sequence and generates a read-only apiToken', async () => {
    const first = onlyRow<CenterRow>(
      await centerAdmin.insert('/centers', { name: 'Núcleo Um', 'city][id': String(cityId) }),
    );
    const second = onlyRow<CenterRow>(
      await centerAdmin.insert('/centers', {
        name: 'Núcleo Dois',
        'city][id': String(cityId),
        serial: '77',
        apiToken: 'escolhido-por-mim',
      }),
    );
    expect(second.serial).toBe(first.serial + 1);
    expect(first.city).toEqual({ id: cityId, name: 'Fortaleza' });
    expect(first.apiToken).toMatch(/^[\w-]{32}$/);
    expect(second.apiToken).not.toBe('escolhido-por-mim');
    expect(second.apiToken).not.toBe(first.apiToken);

    const edited = onlyRow<CenterRow>(
      await centerAdmin.update('/centers', second.id, {
        name: 'Núcleo 2',
        serial: '1',
        apiToken: 'outro',
      }),
    );
    expect(edited).toMatchObject({
      name: 'Núcleo 2',
      serial: second.serial,
      apiToken: second.apiToken,
    });
  });

  it('numbers concurrent inserts distinctly', async () => {
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        centerAdmin.insert('/centers', { name: `Paralelo ${n}`, 'city][id': String(cityId) }),
      ),
    );
    const serials = responses.map((response) => onlyRow<CenterRow>(response).serial);
    expect(new Set(serials).size).toBe(4);
  });

  it('hides the apiToken from readers who cannot edit centers', async () => {
    const response = await admin.select('/centers');
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: CenterRow[] }>();
    expect(data.length).toBeGreaterThan(0);
    for (const row of data) expect(row).not.toHaveProperty('apiToken');
    expect(response.body).not.toMatch(/apiToken|api_token/);
  });

  it('validates name and city', async () => {
    const response = await centerAdmin.insert('/centers', { name: '', 'city][id': '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { name: 'name', status: 'Informe o nome.' },
      { name: 'city', status: 'Informe a cidade.' },
    ]);
  });

  it('refuses to remove a center with users (409) and removes a free one', async () => {
    const center = onlyRow<CenterRow>(
      await centerAdmin.insert('/centers', { name: 'Com gente', 'city][id': String(cityId) }),
    );
    await createUser(t.db, { centerId: center.id });
    const response = await centerAdmin.remove('/centers', center.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_description).toBe(
      'Este núcleo tem usuários cadastrados e não pode ser removido.',
    );
    const free = onlyRow<CenterRow>(
      await centerAdmin.insert('/centers', { name: 'Vazio', 'city][id': String(cityId) }),
    );
    expect((await centerAdmin.remove('/centers', free.id)).statusCode).toBe(200);
  });

  it('needs Center to write, and answers 404 naming the center', async () => {
    expect(
      (await admin.insert('/centers', { name: 'X', 'city][id': String(cityId) })).statusCode,
    ).toBe(403);
    expect((await clerk.select('/centers')).statusCode).toBe(403);
    const response = await centerAdmin.update('/centers', 999_999, { name: 'X' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_description).toBe('Núcleo não encontrado.');
  });
});

describe('courses', () => {
  it('creates with the next serial, edits, lists and removes', async () => {
    const first = onlyRow<CourseRow>(await courseAdmin.insert('/courses', { name: 'Método CIS' }));
    const second = onlyRow<CourseRow>(await courseAdmin.insert('/courses', { name: 'Coaching' }));
    expect(second.serial).toBe(first.serial + 1);
    const edited = onlyRow<CourseRow>(
      await courseAdmin.update('/courses', second.id, { name: 'Coaching Integral', serial: '90' }),
    );
    expect(edited).toMatchObject({ name: 'Coaching Integral', serial: second.serial });
    const { data } = (await courseAdmin.select('/courses')).json<{ data: CourseRow[] }>();
    expect(data.map((row) => row.serial)).toEqual(
      [...data.map((row) => row.serial)].sort((a, b) => a - b),
    );
    expect((await courseAdmin.remove('/courses', second.id)).statusCode).toBe(200);
  });

  it('validates the name', async () => {
    await courseAdmin.insert('/courses', { name: 'Único' });
    const duplicate = await courseAdmin.insert('/courses', { name: 'único' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().fieldErrors).toEqual([
      { name: 'name', status: 'Já existe um curso com este nome.' },
    ]);
    const long = await courseAdmin.insert('/courses', { name: 'x'.repeat(256) });
    expect(long.json().fieldErrors).toEqual([
      { name: 'name', status: 'O nome deve ter no máximo 255 caracteres.' },
    ]);
  });

  it('refuses to remove a course events use (409)', async () => {
    const course = onlyRow<CourseRow>(await courseAdmin.insert('/courses', { name: 'Com evento' }));
    await createEvent(t.db, { course_id: course.id });
    const response = await courseAdmin.remove('/courses', course.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_description).toBe(
      'Este curso tem eventos cadastrados e não pode ser removido.',
    );
  });

  it('is listed for the Eventos page (Event) but edited by Course only', async () => {
    const organizer = await tableCaller(t, ['Event']);
    expect((await organizer.select('/courses')).statusCode).toBe(200);
    expect((await organizer.insert('/courses', { name: 'X' })).statusCode).toBe(403);
    expect((await clerk.select('/courses')).statusCode).toBe(403);
  });
});
