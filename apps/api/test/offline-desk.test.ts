import { createHmac, randomUUID } from 'node:crypto';
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
import { PAGE_KEY_BUDGET_MS, cpfTag } from '../src/modules/offline/keys.ts';
import { lookupSalt } from '../src/modules/offline/replica.ts';
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

/** An event made the selected one: the only event whose replica the desks may read. */
async function deskEvent(event: Parameters<typeof createEvent>[1] = {}): Promise<number> {
  const id = await createEvent(t.db, event);
  await selectEvent(id);
  return id;
}

async function selectEvent(id: number): Promise<void> {
  await t.db.updateTable('events').set({ selected: false }).where('selected', '=', true).execute();
  await t.db.updateTable('events').set({ selected: true }).where('id', '=', id).execute();
}

/** Export rows of the replica for `eventId`, in order. */
const replicaExports = async (eventId: number) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'after'])
      .where('entity', '=', 'exports')
      .where('entity_id', '=', 'replica_offline')
      .orderBy('id')
      .execute()
  )
    .map((row) => ({ userId: row.user_id, ...JSON.parse(row.after!) }))
    .filter((row) => row.filtros.evento === eventId);

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
  it('holds what the desk shows and no CPF, whole or masked: only a scrypt key per CPF', async () => {
    const eventId = await deskEvent({ name: 'Imersão Offline', ...PLAIN });
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
      // The contract's scrypt (the desk's, in JavaScript) and the server's native one agree.
      lookupKey: await offlineLookupKey(body.lookupSalt, ana.cpf),
      name: 'Ana Lima',
      usualName: null,
      centerId,
      status: 'OK',
      badge: false,
      badgePrintCount: 0,
      coursewareId: null,
      coursewareSerial: null,
      accreditedAt: null,
      passVersion: 1,
    });
    expect(row.lookupKey).toMatch(/^[0-9a-f]{32}$/);
    // Not the old HMAC, which one HMAC per candidate confirmed.
    expect(row.lookupKey).not.toBe(
      createHmac('sha256', Buffer.from(body.lookupSalt, 'hex'))
        .update(ana.cpf)
        .digest('hex')
        .slice(0, 32),
    );
    // Nothing the desk does not show: no e-mail, phone, package or business; and no CPF: not
    // even the masked one's six digits, which left 1,000 candidates next to a key confirming one.
    expect(Object.keys(row)).not.toContain('email');
    expect(Object.keys(row)).not.toContain('cpf');
    for (const cpf of [ana.cpf, pending.cpf]) {
      expect(JSON.stringify(body)).not.toContain(cpf.slice(3, 9));
      expect(JSON.stringify(body)).not.toContain(maskCpf(cpf).slice(4, 11));
    }
    expect(body.participants[1]!.status).toBe('PAYMENT_ERROR');
    expect(body.centers).toContainEqual({
      id: centerId,
      name: 'Núcleo Sobral',
      city: null,
      color: null,
    });

    // A user who sees CPFs gets no CPF in the replica either; the key is the same for everyone.
    const full = await replica(manager, eventId);
    expect(JSON.stringify(full)).not.toContain(ana.cpf.slice(3, 9));
    expect(full.lookupSalt).toBe(body.lookupSalt);
    expect(full.participants[0]!.lookupKey).toBe(row.lookupKey);

    // Personal data leaving for a device is on the record, like an export.
    expect(
      (await replicaExports(eventId)).filter((exported) => exported.userId === desk.userId),
    ).toEqual([{ userId: desk.userId, filtros: { evento: eventId }, linhas: 2 }]);
  });

  it('is of the selected event only: another event’s is refused, and unknown is 404', async () => {
    const other = await createEvent(t.db, PLAIN);
    await createParticipant(t.db, other);
    await deskEvent(PLAIN);
    for (const query of [`eventId=${other}`, `eventId=${other}&afterId=1`]) {
      const refused = await desk.get(`/api/offline/replica?${query}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_description).toBe(
        'A réplica da mesa é só do evento selecionado: selecione este evento para trabalhar nele.',
      );
    }
    expect(await replicaExports(other)).toEqual([]);
  });

  it('audits every read that sends participants: a page, changes, an old cursor', async () => {
    const eventId = await deskEvent(PLAIN);
    const guests = [
      await createParticipant(t.db, eventId),
      await createParticipant(t.db, eventId),
      await createParticipant(t.db, eventId),
    ];
    const first = await replica(desk, eventId);
    // The attacker's reads: from afterId 1 and since an old cursor, both the whole event.
    const fromOne = await desk.get(`/api/offline/replica?eventId=${eventId}&afterId=1`);
    expect(fromOne.json<OfflineReplicaDto>().participants).toHaveLength(3);
    const old = await replica(desk, eventId, '2000-01-01T00:00:00.000Z');
    expect(old.participants).toHaveLength(3);
    // A read of changes with none sends nobody and is no export.
    t.clock.advance(600);
    const none = await replica(desk, eventId, new Date(t.clock.now()).toISOString());
    expect(none.participants).toEqual([]);
    expect(await replicaExports(eventId)).toEqual([
      { userId: desk.userId, filtros: { evento: eventId }, linhas: 3 },
      { userId: desk.userId, filtros: { evento: eventId, apos_id: 1 }, linhas: 3 },
      {
        userId: desk.userId,
        filtros: { evento: eventId, desde: '2000-01-01T00:00:00.000Z' },
        linhas: 3,
      },
    ]);
    expect(first.participants.map((p) => p.id)).toEqual(guests.map((guest) => guest.id));
  });

  it('keys a changed CPF again, and keeps no key of an anonymized participant', async () => {
    const eventId = await deskEvent(PLAIN);
    const guest = await createParticipant(t.db, eventId);
    const erased = await createParticipant(t.db, eventId);
    const first = await replica(desk, eventId);
    const newCpf = withCheckDigits('318655402');
    t.clock.advance(600);
    await t.db
      .updateTable('participants')
      .set({ cpf: newCpf, date_updated: t.clock.now().toISOString() })
      .where('id', '=', guest.id)
      .execute();
    const changes = await replica(desk, eventId, first.cursor);
    expect(changes.participants.find((p) => p.id === guest.id)!.lookupKey).toBe(
      await offlineLookupKey(first.lookupSalt, newCpf),
    );
    expect((await admin.post(`/api/participants/${erased.id}/anonymize`)).statusCode).toBe(200);
    const kept = await t.db
      .selectFrom('offline_keys')
      .select('participant_id')
      .where('event_id', '=', eventId)
      .execute();
    expect(kept.map((key) => key.participant_id)).toEqual([guest.id]);
  });

  it('sends only what changed since the cursor, and the ones removed or anonymized', async () => {
    const eventId = await deskEvent(PLAIN);
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
    expect(changes.participants.find((p) => p.name === 'Recém Chegado')!.lookupKey).toBe(
      await offlineLookupKey(first.lookupSalt, '52998224725'),
    );
    expect(changes.removed).toEqual(expect.arrayContaining([removed.id, erased.id]));
    expect(changes.removed).not.toContain(kept.id);
    expect(changes.total).toBe(3);
    // The full read again: only the two left from the first, and the newcomer.
    expect((await replica(desk, eventId)).participants.map((p) => p.id)).not.toContain(erased.id);
  });

  it('comes in pages for a big event, cut where its keys are not computed yet', async () => {
    const eventId = await deskEvent(PLAIN);
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
    const ids = (
      await t.db
        .selectFrom('participants')
        .select(['id', 'cpf'])
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute()
    ).map((row) => ({ id: Number(row.id), cpf: row.cpf }));
    // The first 200 keyed already (a stand-in key: computing 505 would take the test's minute on
    // a busy machine); the rest not yet.
    const salt = Buffer.from(await lookupSalt(t.db, eventId), 'hex');
    const keep = async (rows: typeof ids) =>
      t.db
        .insertInto('offline_keys')
        .values(
          rows.map((row) => ({
            participant_id: row.id,
            event_id: eventId,
            cpf_tag: cpfTag(salt, row.cpf),
            lookup_key: 'f'.repeat(32),
          })),
        )
        .onConflict((conflict) => conflict.column('participant_id').doNothing())
        .execute();
    await keep(ids.slice(0, 200));
    // The first page answers within the keys' budget, cut after the keys it could make.
    const started = performance.now();
    const cut = await replica(desk, eventId);
    expect(performance.now() - started).toBeLessThan(PAGE_KEY_BUDGET_MS + 2_000);
    expect(cut.participants.length).toBeGreaterThan(200);
    expect(cut.participants.length).toBeLessThan(OFFLINE_REPLICA_PAGE);
    expect(cut.nextAfterId).toBe(cut.participants.at(-1)!.id);
    expect(cut.participants[200]!.lookupKey).toBe(
      await offlineLookupKey(cut.lookupSalt, ids[200]!.cpf),
    );
    expect(cut.lookupSalt).toBe(salt.toString('hex'));
    const next = await desk.get(
      `/api/offline/replica?eventId=${eventId}&afterId=${cut.nextAfterId}`,
    );
    expect(next.json<OfflineReplicaDto>().participants[0]!.id).toBe(
      ids[cut.participants.length]!.id,
    );

    // Once every key is kept, a page is OFFLINE_REPLICA_PAGE.
    await keep(ids);
    const first = await replica(desk, eventId);
    expect(first.participants).toHaveLength(OFFLINE_REPLICA_PAGE);
    expect(first.nextAfterId).toBe(first.participants.at(-1)!.id);
    expect(first.total).toBe(rows.length);

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
  }, 60_000);

  it('refuses a malformed cursor, an unknown event and a user without the desk', async () => {
    const eventId = await deskEvent();
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
    const eventId = await deskEvent(PLAIN);
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
    const eventId = await deskEvent(PLAIN);
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
    const eventId = await deskEvent({
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
    const eventId = await deskEvent(PLAIN);
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
    const eventId = await deskEvent(PLAIN);
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

describe('actions the server cannot take as sent', () => {
  it('refuses an action on an unknown event, per action, and applies the rest', async () => {
    const eventId = await deskEvent(PLAIN);
    const guest = await createParticipant(t.db, eventId);
    const lost = offline({
      kind: 'badge',
      eventId: 999_999,
      participantId: guest.id,
      usualName: 'X',
    });
    const link = offline({
      kind: 'link',
      eventId: 999_998,
      participantId: guest.id,
      coursewareId: 'A-1-1',
    });
    const print = offline({ kind: 'badge', eventId, participantId: guest.id, usualName: 'Bia' });
    for (let send = 0; send < 2; send++) {
      const results = await sync(desk, [lost, link, print]);
      expect(results).toEqual([
        {
          clientId: lost.clientId,
          outcome: 'refused',
          message: 'O evento desta ação não existe mais (ou nunca existiu): ela não foi aplicada.',
        },
        { ...results[1]!, outcome: 'refused' },
        { clientId: print.clientId, outcome: 'applied', message: null },
      ]);
    }
    expect(await participantRow(guest.id)).toMatchObject({ badge: true, badge_print_count: 1 });
  });

  it('refuses a clientId sent again with another body, and applies nothing of it', async () => {
    const eventId = await deskEvent(PLAIN);
    const first = await createParticipant(t.db, eventId);
    const other = await createParticipant(t.db, eventId);
    const print = offline({ kind: 'badge', eventId, participantId: first.id, usualName: 'Ana' });
    expect((await sync(desk, [print]))[0]!.outcome).toBe('applied');
    const reused = [
      { ...print, participantId: other.id },
      { ...print, usualName: 'Outra' },
      { ...print, at: new Date(Date.parse(print.at) - 60_000).toISOString() },
    ];
    for (const action of reused) {
      expect(await sync(desk, [action])).toEqual([
        {
          clientId: print.clientId,
          outcome: 'refused',
          message:
            'Este clientId já identifica outra ação, com outro conteúdo: esta não foi aplicada.',
        },
      ]);
    }
    // Through the other instance, at once with the original: the same answers.
    const [again, hijack] = await Promise.all([
      sync(desk, [print], second?.app),
      sync(otherDesk, [{ ...print, participantId: other.id }]),
    ]);
    expect(again![0]!.outcome).toBe('applied');
    expect(hijack![0]!.outcome).toBe('refused');
    expect(await participantRow(other.id)).toMatchObject({ badge: false, badge_print_count: 0 });
    expect(await participantRow(first.id)).toMatchObject({
      usual_name: 'Ana',
      badge_print_count: 1,
    });
  });
});

const percentile = (values: number[], share: number): number =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * share)]!;

describe('five desks syncing at once', () => {
  it('never 503s and never holds /api/health for long', async () => {
    // Its own app with the overload guard as in production (tests turn it off).
    const busy = await startTestApp({ config: { maxEventLoopDelay: 1000 } });
    try {
      const eventId = await createEvent(busy.db, PLAIN);
      const desks = await Promise.all(
        Array.from({ length: 5 }, () => jsonCaller(busy, ['Subscription'])),
      );
      const guests: { id: number }[] = [];
      for (let i = 0; i < 200; i++) guests.push(await createParticipant(busy.db, eventId));
      const at = new Date(busy.clock.now().getTime() - 10 * 60_000).toISOString();
      const queues = desks.map((_, d) =>
        guests.map((guest, i) => ({
          clientId: randomUUID(),
          at,
          kind: 'badge',
          eventId,
          participantId: guest.id,
          usualName: `D${d} ${i}`.slice(0, 15),
        })),
      );
      // The fixtures above held this process's loop: the guard's verdict on them passes first.
      await new Promise((resolve) => setTimeout(resolve, 600));
      // A client asks /api/health every 20 ms: what it waits from one answer to the next, less
      // those 20 ms, is how long the desks' syncs held the server (its timer, or its request).
      let syncing = true;
      const waits: number[] = [];
      const statuses: number[] = [];
      const started = performance.now();
      const health = (async () => {
        let last = performance.now();
        while (syncing) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const response = await busy.app.inject({ method: 'GET', url: '/api/health' });
          const now = performance.now();
          waits.push(now - last - 20);
          last = now;
          statuses.push(response.statusCode);
        }
      })();
      const answers = await Promise.all(
        desks.map((caller, d) =>
          busy.app.inject({
            method: 'POST',
            url: '/api/offline/actions',
            headers: caller.headers,
            payload: { actions: queues[d] },
          }),
        ),
      );
      syncing = false;
      const took = performance.now() - started;
      await health;
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const counts = await busy.db
        .selectFrom('participants')
        .select('badge_print_count')
        .where('event_id', '=', eventId)
        .execute();
      expect(counts.every((row) => row.badge_print_count === 5)).toBe(true);
      console.log(
        `5 desks × 200 actions (${busy.dialect}): /api/health waited at most ${Math.round(Math.max(...waits))} ms (99th percentile ${Math.round(percentile(waits, 0.99))} ms) over ${waits.length} calls, ${statuses.filter((status) => status !== 200).length} not 200; the syncs took ${Math.round(took)} ms`,
      );
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      // SQLite runs the actions in this process: one at a time, a turn each, so another request
      // waits about one action. Alone on the 2-core test machine the longest wait was 52 ms (99th
      // percentile 36 ms); before, 10 s and a 503. A loaded machine stretches every action, so
      // the bound is in actions: the 99th percentile under 8 of them (and 150 ms at least).
      // PostgreSQL's waits are its server's: only no 503 is asked.
      if (busy.dialect === 'sqlite') {
        const perAction = took / (desks.length * guests.length);
        expect(percentile(waits, 0.99)).toBeLessThan(Math.max(150, 8 * perAction));
      }
    } finally {
      await busy.close();
    }
  }, 120_000);
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
