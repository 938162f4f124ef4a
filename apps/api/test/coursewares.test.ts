import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskCpf, type CoursewareDto, type TableListResponse } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createCenter, createEvent } from './helpers/fixtures.ts';
import { form, tableCaller, type TableCaller } from './helpers/tables.ts';
import {
  createCourse,
  createCourseware,
  createParticipant,
  jsonCaller,
  type JsonCaller,
} from './helpers/accreditation.ts';
import { readPdf } from './helpers/pdf-text.ts';

let t: TestContext;
let manager: TableCaller; // Courseware
let returner: JsonCaller; // ReturnCourseware
let labels: JsonCaller; // Courseware, JSON
let courseId: number;
let centerId: number;
let otherCenterId: number;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await startTestApp();
  manager = await tableCaller(t, ['Courseware']);
  returner = await jsonCaller(t, ['ReturnCourseware']);
  labels = await jsonCaller(t, ['Courseware']);
  courseId = await createCourse(t.db, 3, 'Formação Executiva');
  centerId = await createCenter(t.db, 'Núcleo Recife', 12);
  otherCenterId = await createCenter(t.db, 'Núcleo Natal', 4);
});
afterAll(() => t.close());

const path = (course = courseId) => `/courses/${course}/coursewares`;

async function create(quantity: string | undefined, center = centerId): Promise<CoursewareDto[]> {
  const fields: Record<string, string> = { 'center][id': String(center) };
  if (quantity !== undefined) fields.quantity = quantity;
  const response = await manager.insert(path(), fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CoursewareDto[] }>().data;
}

const status = async (id: string) =>
  await t.db
    .selectFrom('coursewares')
    .select(['status', 'prints'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('creation by quantity', () => {
  it('creates ISSUED coursewares with UUID codes and serials continuing per course', async () => {
    const first = await create('3');
    expect(first.map((row) => row.serial)).toEqual([1, 2, 3]);
    for (const row of first) {
      expect(row.id).toMatch(UUID);
      expect(row).toMatchObject({
        status: 'ISSUED',
        prints: 0,
        subscription: null,
        course: { id: courseId, serial: 3, name: 'Formação Executiva' },
        center: { id: centerId, serial: 12, name: 'Núcleo Recife' },
      });
    }
    expect(first[0]?.completeSerial).toBe('03-012-000001');
    const next = await create('2', otherCenterId);
    expect(next.map((row) => [row.serial, row.completeSerial])).toEqual([
      [4, '03-004-000004'],
      [5, '03-004-000005'],
    ]);
    // Another course starts its own sequence.
    const other = await createCourse(t.db, 9);
    const response = await manager.insert(path(other), {
      'center][id': String(centerId),
      quantity: '1',
    });
    expect(response.json().data[0].serial).toBe(1);
  });

  it('creates 10 by default and up to 100', async () => {
    expect(await create(undefined)).toHaveLength(10);
    expect(await create('100')).toHaveLength(100);
  });

  it("refuses a quantity outside 1 to 100 with 'Escolha um valor de 1 a 100'", async () => {
    for (const quantity of ['0', '101', '-1', 'dez', '2.5']) {
      const response = await manager.insert(path(), { 'center][id': String(centerId), quantity });
      expect(response.statusCode, quantity).toBe(400);
      expect(response.json().fieldErrors).toEqual([
        { name: 'quantity', status: 'Escolha um valor de 1 a 100' },
      ]);
    }
  });

  it('needs a center that exists and a course that exists', async () => {
    const noCenter = await manager.insert(path(), { quantity: '1' });
    expect(noCenter.json().fieldErrors).toEqual([{ name: 'center', status: 'Informe o núcleo.' }]);
    const unknown = await manager.insert(path(), { quantity: '1', 'center][id': '99999' });
    expect(unknown.json().fieldErrors).toEqual([
      { name: 'center', status: 'Núcleo não encontrado.' },
    ]);
    const noCourse = await manager.insert(path(99_999), {
      quantity: '1',
      'center][id': String(centerId),
    });
    expect(noCourse.statusCode).toBe(404);
    expect(noCourse.json().error_description).toBe('Curso não encontrado.');
  });

  it('lists the course’s coursewares paged on the server', async () => {
    const course = await createCourse(t.db, 20);
    await manager.insert(path(course), { 'center][id': String(centerId), quantity: '30' });
    const page = await manager.select(path(course), 'start=10&length=5&sort=serial&dir=desc');
    const body = page.json<TableListResponse<CoursewareDto>>();
    expect(body.recordsTotal).toBe(30);
    expect(body.data.map((row) => row.serial)).toEqual([20, 19, 18, 17, 16]);
    const tooLong = await manager.select(path(course), 'length=101');
    expect(tooLong.statusCode).toBe(400);
    const searched = await manager.select(path(course), 'search=recife');
    expect(searched.json().recordsFiltered).toBe(30);
  });
});

describe('label printing', () => {
  it('prints one label: counts it and ISSUED becomes PRINTED', async () => {
    const [row] = await create('1');
    const response = await labels.post(`/api${path()}/print`, { id: row!.id });
    expect(response.statusCode).toBe(200);
    const { filename } = response.json<{ filename: string }>();
    expect(filename).toMatch(/^selo-/);
    expect(await status(row!.id)).toEqual({ status: 'PRINTED', prints: 1 });
    const again = await labels.post(`/api${path()}/print`, { id: row!.id });
    expect(again.statusCode).toBe(200);
    expect(await status(row!.id)).toEqual({ status: 'PRINTED', prints: 2 });

    const file = await t.app.inject({
      url: `/api/prints/files/${filename}`,
      headers: labels.headers,
    });
    const { pages } = await readPdf(file.rawPayload);
    expect(pages[0]?.text).toContain(row!.completeSerial);
  });

  it('prints several labels into one PDF, a page each', async () => {
    const rows = await create('3');
    const response = await labels.post(`/api${path()}/print`, { ids: rows.map((row) => row.id) });
    expect(response.statusCode).toBe(200);
    const file = await t.app.inject({
      url: `/api/prints/files/${response.json().filename}`,
      headers: labels.headers,
    });
    const { pages } = await readPdf(file.rawPayload);
    expect(
      pages.map((page) => page.text.includes(rows[pages.indexOf(page)]!.completeSerial)),
    ).toEqual([true, true, true]);
    for (const row of rows) expect((await status(row.id)).status).toBe('PRINTED');
  });

  it('refuses no selection, unknown or other-course ids, and canceled coursewares', async () => {
    const none = await labels.post(`/api${path()}/print`, { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error_description).toBe(
      'Nenhuma apostila foi selecionada para imprimir etiqueta',
    );
    const other = await createCourse(t.db, 21);
    const foreign = await createCourseware(t.db, other, centerId, 1, 'ISSUED');
    expect((await labels.post(`/api${path()}/print`, { id: foreign })).statusCode).toBe(404);
    const [row] = await create('1');
    await manager.update(path(), row!.id, { status: 'CANCELED' });
    const canceled = await labels.post(`/api${path()}/print`, { id: row!.id });
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().error_description).toBe(
      'Esta apostila não pode ser impressa. Situação: Cancelado.',
    );
    expect(await status(row!.id)).toEqual({ status: 'CANCELED', prints: 0 });
  });
});

describe('status changes and removal', () => {
  it('cancels an ISSUED or PRINTED courseware and restores it to where it was', async () => {
    const [issued, printed] = await create('2');
    await labels.post(`/api${path()}/print`, { id: printed!.id });
    for (const row of [issued!, printed!]) {
      const canceled = await manager.update(path(), row.id, { status: 'CANCELED' });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().data[0].status).toBe('CANCELED');
    }
    const back = await manager.update(path(), issued!.id, { status: 'PRINTED' });
    expect(back.json().data[0].status).toBe('ISSUED');
    const backPrinted = await manager.update(path(), printed!.id, { status: 'ISSUED' });
    expect(backPrinted.json().data[0].status).toBe('PRINTED');
  });

  it('refuses other status changes', async () => {
    const [row] = await create('1');
    const associated = await manager.update(path(), row!.id, { status: 'ASSOCIATED' });
    expect(associated.statusCode).toBe(400);
    expect(associated.json().fieldErrors[0].name).toBe('status');
    const held = await createCourseware(t.db, courseId, centerId, 9_000, 'ASSOCIATED');
    const cancel = await manager.update(path(), held, { status: 'CANCELED' });
    expect(cancel.json().error_description).toBe(
      'Somente apostilas emitidas ou impressas podem ser canceladas. Situação: Associado.',
    );
  });

  it('keeps a course with coursewares from removal', async () => {
    const courses = await tableCaller(t, ['Course']);
    const response = await courses.remove('/courses', courseId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_description).toBe(
      'Este curso tem apostilas cadastradas e não pode ser removido.',
    );
  });

  it('removes only ISSUED coursewares', async () => {
    const [issued, printed] = await create('2');
    await labels.post(`/api${path()}/print`, { id: printed!.id });
    expect((await manager.remove(path(), issued!.id)).statusCode).toBe(200);
    const refused = await manager.remove(path(), printed!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_description).toBe(
      'Somente apostilas emitidas e nunca impressas podem ser removidas. Situação: Impresso.',
    );
    expect((await manager.remove(path(), issued!.id)).statusCode).toBe(404);
    // Through another course's path it does not exist.
    const other = await createCourse(t.db, 22);
    expect((await manager.remove(path(other), printed!.id)).statusCode).toBe(404);
  });
});

describe('lookup and return', () => {
  it('answers a courseware by code, 404 for an unknown one', async () => {
    const [row] = await create('1');
    const found = await returner.get(`/api/coursewares/${row!.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      id: row!.id,
      status: 'ISSUED',
      completeSerial: row!.completeSerial,
    });
    const unknown = await returner.get('/api/coursewares/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_description).toBe('Apostila não encontrada.');
  });

  it('returns only PRINTED coursewares', async () => {
    const [issued, printed] = await create('2');
    await labels.post(`/api${path()}/print`, { id: printed!.id });
    const returned = await returner.post(`/api/courseware/return/${printed!.id}`);
    expect(returned.statusCode).toBe(200);
    expect(returned.json().status).toBe('RETURNED');
    for (const [id, label] of [
      [issued!.id, 'Emitido'],
      [printed!.id, 'Devolvido'],
    ] as const) {
      const refused = await returner.post(`/api/courseware/return/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error_description).toBe(
        `Somente apostilas impressas podem ser devolvidas. Situação: ${label}.`,
      );
    }
    expect((await returner.post('/api/courseware/return/nada')).statusCode).toBe(404);
  });

  it('shows who holds a courseware', async () => {
    const code = await createCourseware(t.db, courseId, centerId, 9_001, 'ASSOCIATED');
    const event = await createEvent(t.db);
    const participant = await createParticipant(t.db, event, { courseware_id: code, name: 'Lia' });
    const found = await returner.get(`/api/coursewares/${code}`);
    expect(found.json().subscription).toEqual({
      id: participant.id,
      name: 'Lia',
      cpf: maskCpf(participant.cpf), // the returner lacks Participant (issue #17)
    });
  });
});

describe('permissions', () => {
  it('keeps the table and labels to Courseware, return to ReturnCourseware', async () => {
    const desk = await tableCaller(t, ['Subscription']);
    expect((await desk.select(path())).statusCode).toBe(403);
    expect((await desk.insert(path(), { quantity: '1' })).statusCode).toBe(403);
    expect((await desk.post(`/api${path()}/print`, form({ id: 'x' }))).statusCode).toBe(403);
    expect((await desk.post('/api/courseware/return/x')).statusCode).toBe(403);
    expect((await returner.post(`/api${path()}/print`, { id: 'x' })).statusCode).toBe(403);
    const lookup = await desk.post('/api/courseware/return/x');
    expect(lookup.statusCode).toBe(403);
    const sales = await jsonCaller(t, ['Store']);
    expect((await sales.get('/api/coursewares/x')).statusCode).toBe(403);
  });
});
