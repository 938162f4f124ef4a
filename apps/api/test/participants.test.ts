import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf, type ParticipantDto } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createCenter, createEvent } from './helpers/fixtures.ts';
import { onlyRow, tableCaller, type TableCaller } from './helpers/tables.ts';
import {
  createCourse,
  createCourseware,
  createParticipant,
  jsonCaller,
  newCpf,
} from './helpers/accreditation.ts';

let t: TestContext;
let manager: TableCaller; // Participant
let desk: TableCaller; // Subscription
let eventId: number;
let centerId: number;

beforeAll(async () => {
  t = await startTestApp();
  manager = await tableCaller(t, ['Participant']);
  desk = await tableCaller(t, ['Subscription']);
  eventId = await createEvent(t.db, { print_enabled: true, link_courseware: false });
  centerId = await createCenter(t.db, 'Núcleo Belém', 3);
});
afterAll(() => t.close());

const path = (event = eventId) => `/events/${event}/participants`;

const insert = (fields: Record<string, string>, event = eventId) =>
  manager.insert(path(event), { name: 'Fulano de Tal', status: 'OK', ...fields });

type ListAnswer = {
  data: ParticipantDto[];
  recordsTotal: number;
  recordsFiltered: number;
  confirmed: number;
  badgePrints: number;
};

describe('participants table', () => {
  it('creates a participant with the CPF stored as 11 digits', async () => {
    const cpf = newCpf();
    const row = onlyRow<ParticipantDto>(
      await insert({
        cpf: formatCpf(cpf),
        name: 'Ana Beatriz',
        usualName: 'Bia',
        email: 'bia@exemplo.com.br',
        telefone: '(91) 99999-0000',
        pacote: 'VIP',
        consultor: 'Carlos',
        status: 'FREE',
        'center][id': String(centerId),
        business: 'Loja',
      }),
    );
    expect(row).toMatchObject({
      eventId,
      cpf,
      name: 'Ana Beatriz',
      usualName: 'Bia',
      status: 'FREE',
      center: { id: centerId, name: 'Núcleo Belém' },
      badge: false,
      badgePrintCount: 0,
      coursewareId: null,
      statusOriginal: null,
    });
  });

  it("refuses a CPF with a wrong checksum with 'cpf invalido'", async () => {
    for (const cpf of ['123.456.789-00', '00000000000', '1234567890', '529.982.247-2x']) {
      const response = await insert({ cpf });
      expect(response.statusCode, cpf).toBe(400);
      expect(response.json()).toMatchObject({
        error_description: 'cpf invalido',
        fieldErrors: [{ name: 'cpf', status: 'cpf invalido' }],
      });
    }
  });

  it('refuses a bad e-mail or phone number, naming the field, and accepts blank ones', async () => {
    for (const [email, telefone] of [
      ['bia@exemplo', '99999'],
      ['bia exemplo@x.com', '(85) 9999-000A'],
      ['@exemplo.com.br', '+55 85 99999-0000 0000'],
    ] as const) {
      const response = await insert({ cpf: newCpf(), email, telefone });
      expect(response.statusCode, email).toBe(400);
      expect(response.json().fieldErrors, email).toEqual([
        { name: 'email', status: 'E-mail inválido: use o formato nome@dominio.com.br.' },
        {
          name: 'telefone',
          status: 'Telefone inválido: informe DDD e número, como (85) 99999-0000.',
        },
      ]);
    }
    for (const [email, telefone] of [
      ['', ''],
      ['maria.silva+evento@mail.exemplo.com.br', '+55 (85) 3333-4444'],
      ['joao@exemplo.com', '85999990000'],
    ]) {
      expect((await insert({ cpf: newCpf(), email: email!, telefone: telefone! })).statusCode).toBe(
        200,
      );
    }
    const row = onlyRow<ParticipantDto>(await insert({ cpf: newCpf() }));
    const edited = await manager.update(path(), row.id, { telefone: 'não tenho' });
    expect(edited.json().fieldErrors).toEqual([
      {
        name: 'telefone',
        status: 'Telefone inválido: informe DDD e número, como (85) 99999-0000.',
      },
    ]);
  });

  it('keeps the CPF unique within the event, not across events', async () => {
    const cpf = newCpf();
    expect((await insert({ cpf })).statusCode).toBe(200);
    const twice = await insert({ cpf: formatCpf(cpf) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toEqual([
      { name: 'cpf', status: 'Já existe um participante com este CPF neste evento.' },
    ]);
    const otherEvent = await createEvent(t.db);
    expect((await insert({ cpf }, otherEvent)).statusCode).toBe(200);
  });

  it('validates the usual name length, the status and the required fields', async () => {
    const response = await manager.insert(path(), {
      cpf: newCpf(),
      usualName: 'Um nome grande demais',
      status: 'PAGO',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.map((error: { name: string }) => error.name)).toEqual([
      'name',
      'usualName',
      'status',
    ]);
  });

  it('edits and removes only through its own event', async () => {
    const row = onlyRow<ParticipantDto>(await insert({ cpf: newCpf() }));
    const edited = onlyRow<ParticipantDto>(
      await manager.update(path(), row.id, { status: 'PAYMENT_ERROR', name: 'Novo Nome' }),
    );
    expect(edited).toMatchObject({ status: 'PAYMENT_ERROR', name: 'Novo Nome', cpf: row.cpf });
    const otherEvent = await createEvent(t.db);
    expect((await manager.update(path(otherEvent), row.id, { name: 'X' })).statusCode).toBe(404);
    expect((await manager.remove(path(otherEvent), row.id)).statusCode).toBe(404);
    expect((await manager.remove(path(), row.id)).statusCode).toBe(200);
    expect((await manager.remove(path(), row.id)).statusCode).toBe(404);
  });

  it('refuses to remove a participant holding a courseware', async () => {
    const course = await createCourse(t.db, 1);
    const code = await createCourseware(t.db, course, centerId, 1, 'ASSOCIATED');
    const { id } = await createParticipant(t.db, eventId, { courseware_id: code });
    const response = await manager.remove(path(), id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_description).toBe(
      'Este participante tem uma apostila vinculada e não pode ser removido.',
    );
  });

  it('keeps an event with participants and a center with participants from removal', async () => {
    const admin = await tableCaller(t, ['Event', 'Center']);
    const event = await createEvent(t.db);
    const center = await createCenter(t.db, 'Núcleo Preso', 99);
    await createParticipant(t.db, event, { center_id: center });
    const eventRemoval = await admin.remove('/events', event);
    expect(eventRemoval.statusCode).toBe(409);
    expect(eventRemoval.json().error_description).toBe(
      'Este evento tem participantes cadastrados e não pode ser removido.',
    );
    const centerRemoval = await admin.remove('/centers', center);
    expect(centerRemoval.json().error_description).toBe(
      'Este núcleo tem participantes cadastrados e não pode ser removido.',
    );
  });

  it('answers 404 for an unknown event', async () => {
    const response = await manager.select(path(999_999));
    expect(response.statusCode).toBe(404);
    expect(response.json().error_description).toBe('Evento não encontrado.');
    expect((await insert({ cpf: newCpf() }, 999_999)).statusCode).toBe(404);
  });
});

describe('paged list with the header figures', () => {
  it('pages, searches and sorts on the server; counts confirmed and badge prints', async () => {
    const event = await createEvent(t.db);
    for (let index = 0; index < 120; index++) {
      await createParticipant(t.db, event, {
        name: `Pessoa ${String(index).padStart(3, '0')}`,
        badge: index < 7,
      });
    }
    await t.db
      .updateTable('participants')
      .set({ badge_print_count: 2 })
      .where('event_id', '=', event)
      .where('badge', '=', true)
      .execute();
    const first = (await desk.select(path(event))).json<ListAnswer>();
    expect(first.data).toHaveLength(100);
    expect(first).toMatchObject({
      recordsTotal: 120,
      recordsFiltered: 120,
      confirmed: 7,
      badgePrints: 14,
    });
    expect(first.data[0]?.name).toBe('Pessoa 000');

    const page = (await desk.select(path(event), 'start=110&length=100')).json<ListAnswer>();
    expect(page.data.map((row) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Pessoa ${110 + index}`),
    );
    const searched = (await desk.select(path(event), 'search=pessoa 01')).json<ListAnswer>();
    expect(searched).toMatchObject({ recordsTotal: 120, recordsFiltered: 10, confirmed: 7 });
    const sorted = (
      await desk.select(path(event), 'sort=name&dir=desc&length=1')
    ).json<ListAnswer>();
    expect(sorted.data[0]?.name).toBe('Pessoa 119');
    // The desk sees masked CPFs (issue #17) but still searches by a typed one.
    const typed = await t.db
      .selectFrom('participants')
      .select('cpf')
      .where('id', '=', first.data[3]!.id)
      .executeTakeFirstOrThrow();
    expect(first.data[3]?.cpf).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    const byCpf = await desk.select(path(event), `search=${typed.cpf}`);
    expect(byCpf.json<ListAnswer>().data.map((row) => row.id)).toEqual([first.data[3]?.id]);
    expect((await desk.select(path(event), 'sort=senha')).statusCode).toBe(400);

    const empty = (await desk.select(path(await createEvent(t.db)))).json<ListAnswer>();
    expect(empty).toEqual({
      data: [],
      recordsTotal: 0,
      recordsFiltered: 0,
      confirmed: 0,
      badgePrints: 0,
    });
  });

  it('lets Subscription read but not write; others get 403', async () => {
    expect((await desk.insert(path(), { cpf: newCpf(), name: 'X', status: 'OK' })).statusCode).toBe(
      403,
    );
    const seller = await tableCaller(t, ['Store']);
    expect((await seller.select(path())).statusCode).toBe(403);
  });
});

describe('GET /participants/name/{cpf}', () => {
  it('names the participant of the selected event', async () => {
    const selected = await createEvent(t.db, { selected: true });
    const { cpf } = await createParticipant(t.db, selected, { name: 'Cliente da Loja' });
    const cashier = await jsonCaller(t, ['Checkout']);
    const response = await cashier.get(`/api/participants/name/${cpf}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Cliente da Loja' });

    const elsewhere = await createParticipant(t.db, eventId);
    const missing = await cashier.get(`/api/participants/name/${elsewhere.cpf}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_description).toBe('Participante não encontrado.');
    const invalid = await cashier.get('/api/participants/name/12345678900');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error_description).toBe('cpf invalido');

    const reports = await jsonCaller(t, ['Report']);
    expect((await reports.get(`/api/participants/name/${cpf}`)).statusCode).toBe(403);
  });
});
