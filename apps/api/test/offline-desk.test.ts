import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINK_BEFORE_BADGE_MESSAGE,
  OFFLINE_REPLICA_PAGE,
  OFFLINE_DROPPED_MESSAGE,
  OFFLINE_MERGED_BADGE_MESSAGE,
  PENDING_MESSAGE,
  maskCpf,
  withCheckDigits,
  offlineLookupKey,
  type OfflineAction,
  type OfflineActionResult,
  type OfflineReplicaDto,
} from '@balcao/contract';
import { type App } from '../src/app.ts';
import {
  startTestApp,
  type TestContext,
  secondInstance,
  type SecondInstance,
} from './helpers/test-app.ts';
import { bearer, createCenter, createEvent } from './helpers/fixtures.ts';
import {
  createCourse,
  createCourseware,
  createParticipant,
  jsonCaller,
  type JsonCaller,
} from './helpers/accreditation.ts';

let t: TestContext;
/** On PostgreSQL, a second API instance with its own pool: two desks behind a balancer. */
let second: SecondInstance | undefined;
let desk: JsonCaller; // Subscription
let otherDesk: JsonCaller; // Subscription
let manager: JsonCaller; // Participant (sees CPFs, removes participants)
let admin: JsonCaller; // System (anonymizes)
let courseId: number;
let centerId: number;
let serial = 0;

beforeAll(async () => {
  t = await startTestApp();
  second = await secondInstance(t);
  desk = await jsonCaller(t, ['Subscription']);
  otherDesk = await jsonCaller(t, ['Subscription']);
  manager = await jsonCaller(t, ['Subscription', 'Participant']);
  admin = await jsonCaller(t, ['System']);
  courseId = await createCourse(t.db, 41, 'Formação Offline');
  centerId = await createCenter(t.db, 'Núcleo Sobral', 41);
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** An event that prints badges without a courseware first. */
const PLAIN = { print_enabled: true, link_courseware: false };

const replica = async (caller: JsonCaller, eventId: number, since?: string) => {
  const query = since === undefined ? '' : `&since=${encodeURIComponent(since)}`;
  const response = await caller.get(`/api/offline/replica?eventId=${eventId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OfflineReplicaDto>();
};

/** Sends a desk's queue as it would after the network came back, through `instance`. */
async function sync(caller: JsonCaller, actions: readonly object[], instance: App = t.app) {
  const response = await instance.inject({
    method: 'POST',
    url: '/api/offline/actions',
    headers: caller.headers,
    payload: { actions },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: OfflineActionResult[] }>().results;
}

/** An action done at the desk `minutesAgo` before the server's now. */
function offline<A extends Omit<OfflineAction, 'clientId' | 'at'>>(action: A, minutesAgo = 30) {
  const at = new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString();
  return { clientId: randomUUID(), at, ...action };
}

const participantRow = async (id: number) => {
  const row = await t.db
    .selectFrom('participants')
    .select(['badge', 'badge_print_count', 'usual_name', 'courseware_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, badge: Boolean(row.badge) };
};

const checkInTimes = async (id: number) =>
  (
    await t.db
      .selectFrom('check_ins')
      .select('created_at')
      .where('participant_id', '=', id)
      .orderBy('created_at')
      .execute()
  ).map((row) => new Date(row.created_at).toISOString());

describe('the replica', () => {
  it('holds what the desk shows, keyed for CPF lookup, with the CPF masked for a desk', async () => {
    const eventId = await createEvent(t.db, { name: 'Imersão Offline', ...PLAIN });
    const ana = await createParticipant(t.db, eventId, { name: 'Ana Lima', center_id: centerId });
    const pending = await createParticipant(t.db, eventId, { status: 'PAYMENT_ERROR' });
    await createParticipant(t.db, await createEvent(t.db)); // another event's

    const body = await replica(desk, eventId);
    expect(body.full).toBe(true);
    expect(body.total).toBe(2);
    expect(body.event).toEqual({
      id: eventId,
      name: 'Imersão Offline',
      linkCourseware: false,
      printEnabled: true,
    });
    expect(body.participants.map((p) => p.id)).toEqual([ana.id, pending.id]);
    const row = body.participants[0]!;
    expect(row).toEqual({
      id: ana.id,
      lookupKey: offlineLookupKey(body.lookupSecret, ana.cpf),
      cpf: maskCpf(ana.cpf),
      name: 'Ana Lima',
      usualName: null,
      centerId,
      status: 'OK',
      badge: false,
      badgePrintCount: 0,
      coursewareId: null,
      coursewareSerial: null,
      accreditedAt: null,
    });
    // Nothing the desk does not show: no e-mail, phone, package or business.
    expect(Object.keys(row)).not.toContain('email');
    expect(JSON.stringify(body)).not.toContain(ana.cpf);
    expect(body.participants[1]!.status).toBe('PAYMENT_ERROR');
    expect(body.centers).toContainEqual({
      id: centerId,
      name: 'Núcleo Sobral',
      city: null,
      color: null,
    });

    // A user who sees CPFs gets them whole; the lookup key is the same for everyone.
    const full = await replica(manager, eventId);
    expect(full.participants[0]!.cpf).toBe(ana.cpf);
    expect(full.lookupSecret).toBe(body.lookupSecret);

    // Personal data leaving for a device is on the record, like an export.
    const exported = await t.db
      .selectFrom('audit_log')
      .select(['username', 'after'])
      .where('entity', '=', 'exports')
      .where('entity_id', '=', 'replica_offline')
      .where('user_id', '=', desk.userId)
      .execute();
    expect(exported).toHaveLength(1);
    expect(JSON.parse(exported[0]!.after!)).toEqual({ filtros: { evento: eventId }, linhas: 2 });
  });

  it('sends only what changed since the cursor, and the ones removed or anonymized', async () => {
    const eventId = await createEvent(t.db, PLAIN);
    const kept = await createParticipant(t.db, eventId);
    const printed = await createParticipant(t.db, eventId);
    const removed = await createParticipant(t.db, eventId);
    const erased = await createParticipant(t.db, eventId);
    const first = await replica(desk, eventId);
    expect(first.participants).toHaveLength(4);

    t.clock.advance(600);
    const online = await desk.post('/api/subscriptions/badge/print', {
      participantId: printed.id,
      eventId,
      usualName: 'Impresso',
    });
    expect(online.statusCode, online.body).toBe(200);
    const added = await manager.post(`/api/events/${eventId}/participants/insert`, {
      data: { 0: { cpf: '52998224725', name: 'Recém Chegado', status: 'OK' } },
    });
    expect(added.statusCode, added.body).toBe(200);
    const deleted = await manager.post(`/api/events/${eventId}/participants/delete/${removed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const anonymized = await admin.post(`/api/participants/${erased.id}/anonymize`);
    expect(anonymized.statusCode, anonymized.body).toBe(200);

    const changes = await replica(desk, eventId, first.cursor);
    expect(changes.full).toBe(false);
    expect(changes.participants.map((p) => p.name).sort()).toEqual(
      ['Recém Chegado', await nameOf(printed.id)].sort(),
    );
    expect(changes.participants.find((p) => p.id === printed.id)).toMatchObject({
      usualName: 'Impresso',
      badge: true,
      badgePrintCount: 1,
    });
    expect(changes.removed).toEqual(expect.arrayContaining([removed.id, erased.id]));
    expect(changes.removed).not.toContain(kept.id);
    expect(changes.total).toBe(3);
    // The full read again: only the two left from the first, and the newcomer.
    expect((await replica(desk, eventId)).participants.map((p) => p.id)).not.toContain(erased.id);
  });

  it('comes in pages of OFFLINE_REPLICA_PAGE for a big event, the export audited once', async () => {
    const eventId = await createEvent(t.db, PLAIN);
    const rows = Array.from({ length: OFFLINE_REPLICA_PAGE + 5 }, (_, i) => ({
      event_id: eventId,
      cpf: withCheckDigits(String(700_000_000 + i)),
      name: `Convidado ${i}`,
      status: 'OK' as const,
      date_created: '2025-03-01T12:00:00.000Z',
      date_updated: '2025-03-01T12:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.db
        .insertInto('participants')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const first = await replica(desk, eventId);
    expect(first.participants).toHaveLength(OFFLINE_REPLICA_PAGE);
    expect(first.nextAfterId).toBe(first.participants.at(-1)!.id);
    expect(first.total).toBe(rows.length);
    const page = await desk.get(
      `/api/offline/replica?eventId=${eventId}&afterId=${first.nextAfterId}`,
    );
    const second = page.json<OfflineReplicaDto>();
    expect(second.participants.map((p) => p.name)).toEqual(
      rows.slice(OFFLINE_REPLICA_PAGE).map((row) => row.name),
    );
    expect(second.nextAfterId).toBeNull();
    const audited = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_id', '=', 'replica_offline')
      .where('after', 'like', `%"evento":${eventId}}%`)
      .execute();
    expect(audited).toHaveLength(1);

    // A page whose rows were all anonymized sends none, and still says where to go on.
    await t.db
      .updateTable('participants')
      .set({ anonymized_at: '2025-03-02T00:00:00.000Z' })
      .where('event_id', '=', eventId)
      .where('id', '<=', first.nextAfterId!)
      .execute();
    const erased = await replica(desk, eventId);
    expect(erased.participants).toEqual([]);
    expect(erased.removed).toHaveLength(OFFLINE_REPLICA_PAGE);
    expect(erased.nextAfterId).toBe(first.nextAfterId);
  });

  it('refuses a malformed cursor, an unknown event and a user without the desk', async () => {
    const eventId = await createEvent(t.db);
    const bad = await desk.get(`/api/offline/replica?eventId=${eventId}&since=ontem`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe(
      'Cursor inválido: peça a réplica inteira (sem since).',
    );
    const unknown = await desk.get('/api/offline/replica?eventId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_description).toBe('Evento não encontrado.');
    const store = await jsonCaller(t, ['Store']);
    expect((await store.get(`/api/offline/replica?eventId=${eventId}`)).statusCode).toBe(403);
    expect((await store.post('/api/offline/actions', { actions: [] })).statusCode).toBe(403);
  });
});

const nameOf = async (id: number) =>
  (
    await t.db
      .selectFrom('participants')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).name;

describe('the sync of a queue', () => {
  it('accredits with the desk’s original time, once, however often the queue is sent', async () => {
    const eventId = await createEvent(t.db, PLAIN);
    const guest = await createParticipant(t.db, eventId);
    const print = offline(
      { kind: 'badge', eventId, participantId: guest.id, usualName: 'Bia' },
      42,
    );

    expect(await sync(desk, [print])).toEqual([
      { clientId: print.clientId, outcome: 'applied', message: null },
    ]);
    // The answer was lost: the desk sends the same queue again, twice at once.
    const again = await Promise.all([sync(desk, [print]), sync(desk, [print], second?.app)]);
    expect(again.flat().map((result) => result.outcome)).toEqual(['applied', 'applied']);

    expect(await participantRow(guest.id)).toMatchObject({
      usual_name: 'Bia',
      badge_print_count: 1,
    });
    expect(await checkInTimes(guest.id)).toEqual([print.at]);
    // 'Lista de Presença' shows the desk's time, not the sync's.
    const attendance = await desk.get(`/api/attendance/select?eventId=${eventId}`);
    expect(attendance.statusCode).toBe(403); // the desk does not read reports…
    const report = await jsonCaller(t, ['Attendance']);
    const rows = (await report.get(`/api/attendance/select?eventId=${eventId}`)).json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0].total).toBe(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'user_id'])
      .where('entity', '=', 'participants')
      .where('entity_id', '=', String(guest.id))
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'cracha_offline', user_id: desk.userId }),
    ]);
    expect(JSON.parse(audit[0]!.after!).impresso_em).toBe(print.at);
  });

  it('keeps one accreditation and counts both prints when two desks accredited the same guest', async () => {
    const eventId = await createEvent(t.db, PLAIN);
    const guest = await createParticipant(t.db, eventId);
    const seen = (await replica(desk, eventId)).participants[0]!.badgePrintCount;
    const mine = offline(
      { kind: 'badge', eventId, participantId: guest.id, usualName: 'Carla', seenPrints: seen },
      20,
    );
    const theirs = offline(
      { kind: 'badge', eventId, participantId: guest.id, usualName: 'Carlinha', seenPrints: seen },
      10,
    );
    // Both desks come back at the same moment, through different instances on PostgreSQL.
    const [a, b] = await Promise.all([sync(desk, [mine]), sync(otherDesk, [theirs], second?.app)]);
    const outcomes = [...a!, ...b!].map((result) => result.outcome).sort();
    expect(outcomes).toEqual(['applied', 'merged']);
    expect([...a!, ...b!].find((r) => r.outcome === 'merged')!.message).toBe(
      OFFLINE_MERGED_BADGE_MESSAGE,
    );
    expect(await participantRow(guest.id)).toMatchObject({ badge: true, badge_print_count: 2 });
    expect(await checkInTimes(guest.id)).toEqual([mine.at, theirs.at]);

    const check = await desk.get(
      `/api/subscriptions/participant/check?participantId=${guest.id}&eventId=${eventId}`,
    );
    expect(check.json().participant.accreditedAt).toBe(mine.at);
    const issues = (await desk.get(`/api/offline/issues?eventId=${eventId}`)).json().data;
    expect(issues).toEqual([
      expect.objectContaining({ outcome: 'merged', participantId: guest.id }),
    ]);
  });

  it('refuses a courseware linked elsewhere meanwhile and lists it for the desk to fix', async () => {
    const eventId = await createEvent(t.db, {
      print_enabled: true,
      link_courseware: true,
      course_id: courseId,
    });
    const booklet = await createCourseware(t.db, courseId, centerId, ++serial);
    const first = await createParticipant(t.db, eventId, { name: 'Primeira Pessoa' });
    const later = await createParticipant(t.db, eventId, { name: 'Segunda Pessoa' });
    // Online, another desk hands the booklet to the first guest.
    const online = await otherDesk.post('/api/subscriptions/courseware/link', {
      participantId: first.id,
      eventId,
      coursewareId: booklet,
    });
    expect(online.statusCode, online.body).toBe(200);
    // Offline, this desk had handed the same booklet to the second, then printed the badge.
    const link = offline(
      { kind: 'link', eventId, participantId: later.id, coursewareId: booklet },
      5,
    );
    const print = offline({ kind: 'badge', eventId, participantId: later.id, usualName: 'Seg' }, 4);
    const results = await sync(desk, [link, print]);
    expect(results).toEqual([
      {
        clientId: link.clientId,
        outcome: 'refused',
        message: 'Esta apostila não pode ser vinculada. Situação: Associado.',
      },
      { clientId: print.clientId, outcome: 'refused', message: LINK_BEFORE_BADGE_MESSAGE },
    ]);
    expect(await participantRow(later.id)).toMatchObject({ courseware_id: null, badge: false });

    const issues = (await desk.get(`/api/offline/issues?eventId=${eventId}`)).json().data;
    expect(issues.map((issue: { kind: string }) => issue.kind).sort()).toEqual(['badge', 'link']);
    expect(issues[0]).toMatchObject({
      participantName: 'Segunda Pessoa',
      desk: desk.username,
      outcome: 'refused',
    });
    // A refusal sent again is answered the same, and audited once.
    expect(await sync(desk, [link])).toEqual([results[0]]);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'offline_recusada')
      .where('entity_id', '=', String(later.id))
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('drops actions on a participant removed or anonymized, and refuses a pending one', async () => {
    const eventId = await createEvent(t.db, PLAIN);
    const removed = await createParticipant(t.db, eventId);
    const erased = await createParticipant(t.db, eventId);
    const pending = await createParticipant(t.db, eventId, { status: 'PAYMENT_ERROR' });
    expect(
      (await manager.post(`/api/events/${eventId}/participants/delete/${removed.id}`)).statusCode,
    ).toBe(200);
    expect((await admin.post(`/api/participants/${erased.id}/anonymize`)).statusCode).toBe(200);
    const actions = [removed, erased, pending].map((guest) =>
      offline({ kind: 'badge', eventId, participantId: guest.id, usualName: 'Nome' }),
    );
    const results = await sync(desk, actions);
    expect(results.map(({ outcome, message }) => [outcome, message])).toEqual([
      ['dropped', OFFLINE_DROPPED_MESSAGE],
      ['dropped', OFFLINE_DROPPED_MESSAGE],
      ['refused', PENDING_MESSAGE],
    ]);
    expect(await participantRow(erased.id)).toMatchObject({ badge: false, badge_print_count: 0 });
  });

  it('refuses bad input with pt-BR messages and a desk clock far off per action', async () => {
    const eventId = await createEvent(t.db, PLAIN);
    const guest = await createParticipant(t.db, eventId);
    const base = { kind: 'badge', eventId, participantId: guest.id, usualName: 'X' };
    const badTime = await desk.post('/api/offline/actions', {
      actions: [{ ...base, clientId: randomUUID(), at: 'ontem às 3' }],
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().error_description).toBe(
      'Ação 1: horário inválido (use ISO 8601, como 2026-11-27T14:32:00.000Z).',
    );
    const badId = await desk.post('/api/offline/actions', {
      actions: [{ ...base, clientId: 'x', at: t.clock.now().toISOString() }],
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error_description).toMatch(/clientId/);

    const future = { ...base, clientId: randomUUID(), at: '2030-01-01T00:00:00.000Z' };
    const longName = offline({ ...base, kind: 'badge', usualName: 'Um nome longo demais' });
    const results = await sync(desk, [future, longName]);
    expect(results.map((result) => result.outcome)).toEqual(['refused', 'refused']);
    expect(results[0]!.message).toMatch(/relógio da mesa/);
    expect(results[1]!.message).toBe('O nome do crachá deve ter no máximo 15 caracteres.');
    expect(await participantRow(guest.id)).toMatchObject({ badge_print_count: 0 });
  });
});

describe('bearer check', () => {
  it('refuses the sync without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/offline/actions',
      headers: bearer('nada'),
      payload: { actions: [] },
    });
    expect(response.statusCode).toBe(401);
  });
});
