import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskCpf } from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createCenter, createEvent } from './helpers/fixtures.ts';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';

let t: TestContext;
let reader: JsonCaller; // Attendance
let desk: JsonCaller; // Subscription
let centerId: number;

beforeAll(async () => {
  t = await startTestApp(); // events in America/Sao_Paulo (UTC-3)
  reader = await jsonCaller(t, ['Attendance']);
  desk = await jsonCaller(t, ['Subscription']);
  centerId = await createCenter(t.db, 'Núcleo Goiânia', 5);
});
afterAll(() => t.close());

async function checkIn(participantId: number, eventId: number, instant: string) {
  await t.db
    .insertInto('check_ins')
    .values({
      participant_id: participantId,
      event_id: eventId,
      user_id: desk.userId,
      desk: desk.username,
      created_at: instant,
    })
    .execute();
}

describe('attendance list', () => {
  it('has a column per event day, and the first check-in time per day in the event zone', async () => {
    const eventId = await createEvent(t.db, {
      inicio: '2025-03-10T12:00:00.000Z', // 10/03 09:00 in São Paulo
      fim: '2025-03-12T21:00:00.000Z', // 12/03 18:00
      print_enabled: true,
      link_courseware: false,
    });
    const ana = await createParticipant(t.db, eventId, { name: 'Ana', center_id: centerId });
    const bruno = await createParticipant(t.db, eventId, { name: 'Bruno' });
    await createParticipant(t.db, eventId, { name: 'Carla (ausente)' });

    // Through the desk: the test clock reads 2025-03-10T12:00Z, 09:00 local.
    expect(
      (
        await desk.post('/api/subscriptions/badge/print', {
          participantId: ana.id,
          eventId,
          usualName: 'Ana',
        })
      ).statusCode,
    ).toBe(200);
    await checkIn(ana.id, eventId, '2025-03-10T15:00:00.000Z'); // a reprint later that day
    await checkIn(ana.id, eventId, '2025-03-12T11:05:00.000Z'); // 12/03 08:05
    await checkIn(bruno.id, eventId, '2025-03-11T02:30:00.000Z'); // still 10/03 (23:30 local)
    await checkIn(bruno.id, eventId, '2025-03-11T13:45:00.000Z'); // 11/03 10:45

    const columns = await reader.get(`/api/attendance/select/columns?eventId=${eventId}`);
    expect(columns.statusCode).toBe(200);
    expect(columns.json()).toEqual({
      columns: [
        { key: 'total', title: 'Total' },
        { key: 'column_0', title: '10/03' },
        { key: 'column_1', title: '11/03' },
        { key: 'column_2', title: '12/03' },
      ],
    });

    const rows = await reader.get(`/api/attendance/select?eventId=${eventId}`);
    expect(rows.statusCode).toBe(200);
    expect(rows.json()).toEqual({
      data: [
        {
          id: ana.id,
          cpf: maskCpf(ana.cpf), // the attendance user lacks Participant (issue #17)
          name: 'Ana',
          center: 'Núcleo Goiânia',
          total: 2,
          column_0: '09:00',
          column_1: null,
          column_2: '08:05',
        },
        {
          id: bruno.id,
          cpf: maskCpf(bruno.cpf),
          name: 'Bruno',
          center: null,
          total: 2,
          column_0: '23:30',
          column_1: '10:45',
          column_2: null,
        },
      ],
    });
  });

  it('adds days with check-ins outside the event dates, and uses them alone when it has none', async () => {
    const dated = await createEvent(t.db, {
      inicio: '2025-04-05T12:00:00.000Z',
      fim: '2025-04-05T20:00:00.000Z',
    });
    const early = await createParticipant(t.db, dated);
    await checkIn(early.id, dated, '2025-04-04T18:00:00.000Z');
    const titles = (await reader.get(`/api/attendance/select/columns?eventId=${dated}`))
      .json<{ columns: { title: string }[] }>()
      .columns.map((column) => column.title);
    expect(titles).toEqual(['Total', '04/04', '05/04']);

    const undated = await createEvent(t.db);
    expect((await reader.get(`/api/attendance/select/columns?eventId=${undated}`)).json()).toEqual({
      columns: [{ key: 'total', title: 'Total' }],
    });
    const someone = await createParticipant(t.db, undated);
    await checkIn(someone.id, undated, '2025-05-02T12:34:00.000Z');
    const answer = await reader.get(`/api/attendance/select?eventId=${undated}`);
    expect(answer.json().data).toEqual([
      expect.objectContaining({ id: someone.id, total: 1, column_0: '09:34' }),
    ]);
  });

  it('reads the selected event without eventId; 404 when none or unknown', async () => {
    expect((await reader.get('/api/attendance/select')).statusCode).toBe(404);
    const unknown = await reader.get('/api/attendance/select/columns?eventId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_description).toBe('Evento não encontrado.');
    const selected = await createEvent(t.db, {
      selected: true,
      inicio: '2025-06-01T12:00:00.000Z',
      fim: '2025-06-01T20:00:00.000Z',
    });
    const response = await reader.get('/api/attendance/select/columns');
    expect(response.json().columns.map((column: { title: string }) => column.title)).toEqual([
      'Total',
      '01/06',
    ]);
    expect((await reader.get(`/api/attendance/select?eventId=${selected}`)).json()).toEqual({
      data: [],
    });
  });

  it('needs Attendance or Report', async () => {
    const reports = await jsonCaller(t, ['Report']);
    expect((await reports.get('/api/attendance/select/columns')).statusCode).not.toBe(403);
    expect((await desk.get('/api/attendance/select')).statusCode).toBe(403);
    expect((await desk.get('/api/attendance/select/columns')).statusCode).toBe(403);
  });
});
