import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KIOSK_ALREADY_MESSAGE,
  KIOSK_COURSEWARE_MESSAGE,
  KIOSK_CPF_MESSAGE,
  KIOSK_NO_PRINTER_MESSAGE,
  KIOSK_NOT_FOUND_MESSAGE,
  KIOSK_PAUSED_MESSAGE,
  KIOSK_PENDING_MESSAGE,
  KIOSK_PIN_WRONG_MESSAGE,
  KIOSK_STAFF_PIN_MESSAGE,
  BADGE_NAME_TOO_LONG_MESSAGE,
  formatCpf,
  newPassPrivateKey,
  PASS_PROBLEM_MESSAGES,
  signPass,
  type KioskRow,
} from '@balcao/contract';
import { KIOSK_CALLS_PER_MINUTE, KIOSK_PIN_TRIES_PER_MINUTE } from '../src/modules/kiosk/routes.ts';
import { issuePass } from '../src/modules/passes/index.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent, createPrinter, mapPrinter } from './helpers/fixtures.ts';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';

let t: TestContext;
let admin: JsonCaller; // System
let supervisor: JsonCaller; // Subscription: watches, pauses, reprints
let eventId: number;
let printer: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await jsonCaller(t, ['System']);
  supervisor = await jsonCaller(t, ['Subscription']);
  eventId = await createEvent(t.db, {
    name: 'Imersão no Quiosque',
    link_courseware: false,
    print_enabled: true,
    selected: true,
  });
  printer = await createPrinter(t.db, 'Crachás do quiosque');
});
afterAll(() => t.close());

/** A new kiosk user, its badges mapped to the kiosk's printer unless told otherwise. */
async function newKiosk(options: { printer?: boolean; pin?: string } = {}) {
  const kiosk = await jsonCaller(t, ['Kiosk']);
  if (options.printer !== false) await mapPrinter(t.db, kiosk.username, printer.id, 'BADGE');
  if (options.pin) await setPin(kiosk.userId, options.pin);
  return kiosk;
}

const setPin = (userId: number, pin: string, by: JsonCaller = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/kiosks/${userId}/pin`,
    headers: by.headers,
    payload: { pin },
  });

const setPolicy = (reprint: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/kiosks/policy/${eventId}`,
    headers: admin.headers,
    payload: { reprint },
  });

const agent = () => bearer(printer.token);

/** The print agent takes the next job and reports it. */
async function agentPrints(outcome: 'done' | 'failed' = 'done') {
  const next = await t.app.inject({
    method: 'POST',
    url: '/api/prints/agent/next',
    headers: agent(),
  });
  expect(next.statusCode).toBe(200);
  const id = next.json().id as number;
  const reported = await t.app.inject({
    method: 'POST',
    url: `/api/prints/agent/jobs/${id}/${outcome}`,
    headers: agent(),
    ...(outcome === 'failed' ? { payload: { error: 'Sem papel' } } : {}),
  });
  expect(reported.statusCode).toBe(204);
  return id;
}

const kioskRow = async (userId: number): Promise<KioskRow> => {
  const list = await supervisor.get('/api/kiosks');
  expect(list.statusCode).toBe(200);
  const row = (list.json().data as KioskRow[]).find((kiosk) => kiosk.userId === userId);
  if (!row) throw new Error('quiosque fora da lista');
  return row;
};

describe('the kiosk at work', () => {
  it('greets by CPF without the CPF, prints on its own printer, and the job tells when it is out', async () => {
    const kiosk = await newKiosk();
    const guest = await createParticipant(t.db, eventId, { name: 'Maria Conceição da Silva' });
    const greeted = await kiosk.post('/api/kiosk/check', { cpf: formatCpf(guest.cpf) });
    expect(greeted.statusCode).toBe(200);
    expect(greeted.json()).toEqual({
      participantId: guest.id,
      name: 'Maria Conceição da Silva',
      badgeName: 'Maria',
      reprint: null,
    });
    expect(greeted.body).not.toContain(guest.cpf);

    const tooLong = await kiosk.post('/api/kiosk/print', {
      participantId: guest.id,
      usualName: 'Maria Conceição S',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error_description).toBe(BADGE_NAME_TOO_LONG_MESSAGE);

    const printed = await kiosk.post('/api/kiosk/print', {
      participantId: guest.id,
      usualName: 'Mari',
    });
    expect(printed.statusCode).toBe(200);
    expect(printed.json()).toMatchObject({ printer: 'Crachás do quiosque' });
    const jobId = printed.json().jobId as number;
    expect((await kiosk.get(`/api/kiosk/jobs/${jobId}`)).json()).toMatchObject({
      status: 'queued',
    });
    expect(await agentPrints()).toBe(jobId);
    expect((await kiosk.get(`/api/kiosk/jobs/${jobId}`)).json()).toMatchObject({ status: 'done' });

    const saved = await t.db
      .selectFrom('participants')
      .select(['usual_name', 'badge', 'badge_print_count'])
      .where('id', '=', guest.id)
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ usual_name: 'Mari', badge_print_count: 1 });
    expect(Boolean(saved.badge)).toBe(true);

    // Another kiosk cannot follow this kiosk's job.
    const other = await newKiosk();
    expect((await other.get(`/api/kiosk/jobs/${jobId}`)).statusCode).toBe(404);

    const row = await kioskRow(kiosk.userId);
    expect(row).toMatchObject({ online: true, paused: false, printerTrouble: null });
    expect(row.lastPrint).toMatchObject({ jobId, status: 'done', title: 'Crachá: Mari' });
  });

  it('answers every case in its own words', async () => {
    const kiosk = await newKiosk();
    const ask = (cpf: string) => kiosk.post('/api/kiosk/check', { cpf });
    const unknown = await ask('52998224725');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_description).toBe(KIOSK_NOT_FOUND_MESSAGE);

    const pending = await createParticipant(t.db, eventId, { status: 'PAYMENT_ERROR' });
    const answer = await ask(pending.cpf);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error_description).toBe(KIOSK_PENDING_MESSAGE);
    // Nor can the print call skip the check.
    const forced = await kiosk.post('/api/kiosk/print', {
      participantId: pending.id,
      usualName: 'Ana',
    });
    expect(forced.json().error_description).toBe(KIOSK_PENDING_MESSAGE);

    const coursewareEvent = await createEvent(t.db, { link_courseware: true, print_enabled: true });
    const elsewhere = await createParticipant(t.db, coursewareEvent);
    expect((await ask(elsewhere.cpf)).json().error_description).toBe(KIOSK_NOT_FOUND_MESSAGE);
    await t.db
      .updateTable('events')
      .set({ link_courseware: true })
      .where('id', '=', eventId)
      .execute();
    try {
      const booklet = await createParticipant(t.db, eventId);
      const sent = await ask(booklet.cpf);
      expect(sent.statusCode).toBe(409);
      expect(sent.json().error_description).toBe(KIOSK_COURSEWARE_MESSAGE);
    } finally {
      await t.db
        .updateTable('events')
        .set({ link_courseware: false })
        .where('id', '=', eventId)
        .execute();
    }

    const bad = await ask('123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe(KIOSK_CPF_MESSAGE);
  });

  it('refuses to print without its own printer, and staff see the trouble', async () => {
    const kiosk = await newKiosk({ printer: false });
    const guest = await createParticipant(t.db, eventId);
    expect((await kiosk.post('/api/kiosk/check', { cpf: guest.cpf })).statusCode).toBe(200);
    const refused = await kiosk.post('/api/kiosk/print', {
      participantId: guest.id,
      usualName: 'Ana',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_description).toBe(KIOSK_NO_PRINTER_MESSAGE);
    const row = await kioskRow(kiosk.userId);
    expect(row.printerTrouble).toBe('Sem impressora de crachás mapeada.');
    const counted = await t.db
      .selectFrom('participants')
      .select('badge_print_count')
      .where('id', '=', guest.id)
      .executeTakeFirstOrThrow();
    expect(Number(counted.badge_print_count)).toBe(0);
  });
});

describe('the pass at the kiosk', () => {
  it("greets its holder, and refuses a forged, another event's, a reissued and an anonymized pass", async () => {
    const kiosk = await newKiosk();
    const manager = await jsonCaller(t, ['Participant', 'System']);
    const scan = (pass: string) => kiosk.post('/api/kiosk/check', { pass });
    const holder = await createParticipant(t.db, eventId, { name: 'Rosa Amarela' });
    const pass = await issuePass(t.db, t.config.totpKey, eventId, holder.id);
    expect((await scan(pass)).json()).toMatchObject({
      participantId: holder.id,
      name: 'Rosa Amarela',
    });

    const refusal = async (text: string, message: string) => {
      const answer = await scan(text);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().error_description).toBe(message);
    };
    const forged = signPass({ eventId, participantId: holder.id, version: 1 }, newPassPrivateKey());
    await refusal(forged, PASS_PROBLEM_MESSAGES.forged);
    const otherEvent = await createEvent(t.db, { print_enabled: true });
    const elsewhere = await createParticipant(t.db, otherEvent);
    await refusal(
      await issuePass(t.db, t.config.totpKey, otherEvent, elsewhere.id),
      PASS_PROBLEM_MESSAGES.other_event,
    );
    expect((await manager.post(`/api/participants/${holder.id}/pass/reissue`)).statusCode).toBe(
      200,
    );
    await refusal(pass, PASS_PROBLEM_MESSAGES.reissued);
    const fresh = await issuePass(t.db, t.config.totpKey, eventId, holder.id);
    expect((await scan(fresh)).statusCode).toBe(200);
    expect((await manager.post(`/api/participants/${holder.id}/anonymize`)).statusCode).toBe(200);
    await refusal(fresh, PASS_PROBLEM_MESSAGES.anonymized);
  });
});

describe('reprints', () => {
  it('follow the event policy: deny sends to the desk, allow reprints, staff asks the PIN', async () => {
    const kiosk = await newKiosk({ pin: '4321' });
    const guest = await createParticipant(t.db, eventId, { badge: true, usual_name: 'Zé' });
    const ask = () => kiosk.post('/api/kiosk/check', { cpf: guest.cpf });
    const print = (pin?: string) =>
      kiosk.post('/api/kiosk/print', {
        participantId: guest.id,
        usualName: 'Zé',
        ...(pin ? { pin } : {}),
      });

    const denied = await ask();
    expect(denied.statusCode).toBe(409);
    expect(denied.json().error_description).toBe(KIOSK_ALREADY_MESSAGE);
    expect((await print()).json().error_description).toBe(KIOSK_ALREADY_MESSAGE);

    expect((await setPolicy('allow')).statusCode).toBe(204);
    expect((await ask()).json()).toMatchObject({ reprint: 'allow', badgeName: 'Zé' });
    expect((await print()).statusCode).toBe(200);
    await agentPrints();

    expect((await setPolicy('staff')).statusCode).toBe(204);
    expect((await ask()).json()).toMatchObject({ reprint: 'staff' });
    const noPin = await print();
    expect(noPin.statusCode).toBe(403);
    expect(noPin.json().error_description).toBe(KIOSK_STAFF_PIN_MESSAGE);
    const wrong = await print('0000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error_description).toBe(KIOSK_PIN_WRONG_MESSAGE);
    expect((await print('4321')).statusCode).toBe(200);
    await agentPrints();

    expect((await setPolicy('sempre')).statusCode).toBe(400);
    expect((await setPolicy('deny')).statusCode).toBe(204);
  });
});

describe('staff PIN', () => {
  it('is set by an admin only, hashed, and checked when leaving the kiosk', async () => {
    const kiosk = await newKiosk();
    expect((await setPin(kiosk.userId, '12a4')).statusCode).toBe(400);
    expect((await setPin(kiosk.userId, '2468', supervisor)).statusCode).toBe(403);
    expect((await setPin(supervisor.userId, '2468')).statusCode).toBe(404);
    expect((await setPin(kiosk.userId, '2468')).statusCode).toBe(204);
    const stored = await t.db
      .selectFrom('kiosks')
      .select('pin_hash')
      .where('user_id', '=', kiosk.userId)
      .executeTakeFirstOrThrow();
    expect(stored.pin_hash).not.toContain('2468');
    expect((await kiosk.post('/api/kiosk/unlock', { pin: '2468' })).statusCode).toBe(204);
    const wrong = await kiosk.post('/api/kiosk/unlock', { pin: '1111' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error_description).toBe(KIOSK_PIN_WRONG_MESSAGE);
    expect((await kioskRow(kiosk.userId)).pinSet).toBe(true);
  });

  it('limits the tries per kiosk', async () => {
    const kiosk = await newKiosk({ pin: '97531' });
    const other = await newKiosk({ pin: '97531' });
    const statuses: number[] = [];
    for (let i = 0; i <= KIOSK_PIN_TRIES_PER_MINUTE; i++) {
      statuses.push((await kiosk.post('/api/kiosk/unlock', { pin: '0000' })).statusCode);
    }
    expect(statuses.slice(0, KIOSK_PIN_TRIES_PER_MINUTE).every((status) => status === 403)).toBe(
      true,
    );
    const limited = await kiosk.post('/api/kiosk/unlock', { pin: '97531' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_description).toMatch(/Muitas tentativas neste quiosque/);
    // The other kiosk, on the same address, still may.
    expect((await other.post('/api/kiosk/unlock', { pin: '97531' })).statusCode).toBe(204);
  });
});

describe('rate limit', () => {
  it('limits the checks per kiosk, not the other kiosks', async () => {
    const kiosk = await newKiosk();
    const other = await newKiosk();
    let last = 0;
    for (let i = 0; i <= KIOSK_CALLS_PER_MINUTE; i++) {
      last = (await kiosk.post('/api/kiosk/check', { cpf: '52998224725' })).statusCode;
    }
    expect(last).toBe(429);
    expect((await other.post('/api/kiosk/check', { cpf: '52998224725' })).statusCode).toBe(404);
  });
});

describe('Quiosques', () => {
  it('pauses a kiosk, hears its help request, reprints its last badge', async () => {
    const kiosk = await newKiosk();
    const guest = await createParticipant(t.db, eventId);
    const pause = (paused: boolean, by: JsonCaller = supervisor) =>
      by.post(`/api/kiosks/${kiosk.userId}/pause`, { paused });
    expect((await pause(true)).statusCode).toBe(204);
    expect((await kiosk.post('/api/kiosk/heartbeat')).json()).toMatchObject({
      paused: true,
      event: { id: eventId, name: 'Imersão no Quiosque' },
    });
    const paused = await kiosk.post('/api/kiosk/check', { cpf: guest.cpf });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().error_description).toBe(KIOSK_PAUSED_MESSAGE);
    expect((await pause(false)).statusCode).toBe(204);

    expect((await kiosk.post('/api/kiosk/help')).statusCode).toBe(204);
    expect((await kioskRow(kiosk.userId)).helpAt).not.toBeNull();
    expect((await supervisor.post(`/api/kiosks/${kiosk.userId}/help/clear`)).statusCode).toBe(204);
    expect((await kioskRow(kiosk.userId)).helpAt).toBeNull();

    const none = await supervisor.post(`/api/kiosks/${kiosk.userId}/reprint`);
    expect(none.statusCode).toBe(409);
    const printed = await kiosk.post('/api/kiosk/print', {
      participantId: guest.id,
      usualName: 'Bia',
    });
    const jobId = printed.json().jobId as number;
    await agentPrints('failed');
    const row = await kioskRow(kiosk.userId);
    expect(row.lastPrint).toMatchObject({ jobId, status: 'failed', error: 'Sem papel' });
    expect(row.printerTrouble).toBe('Falha na última impressão: Sem papel');
    expect((await supervisor.post(`/api/kiosks/${kiosk.userId}/reprint`)).json()).toEqual({
      jobId,
    });
    expect(await agentPrints()).toBe(jobId);
    expect((await kioskRow(kiosk.userId)).lastPrint).toMatchObject({ status: 'done' });
  });

  it('shows a kiosk offline when its heartbeat stops', async () => {
    const kiosk = await newKiosk();
    await kiosk.post('/api/kiosk/heartbeat');
    expect((await kioskRow(kiosk.userId)).online).toBe(true);
    t.clock.advance(30);
    expect((await kioskRow(kiosk.userId)).online).toBe(false);
  });
});

describe('a kiosk user', () => {
  it('reaches nothing but its calls and the logout', async () => {
    const kiosk = await newKiosk();
    expect((await kiosk.get('/api/events/selected')).statusCode).toBe(403);
    expect((await kiosk.get('/api/kiosks')).statusCode).toBe(403);
    expect((await kiosk.get(`/api/prints/jobs/1`)).statusCode).toBe(403);
    expect((await kiosk.post('/api/token/revoke')).statusCode).toBe(204);
  });
});

describe('a kiosk offline (docs/kiosk-api.md)', () => {
  it('takes the replica and the badge layout, and sends its queued badges once, never a link', async () => {
    const kiosk = await newKiosk();
    const guest = await createParticipant(t.db, eventId, { name: 'Lia Offline' });
    const replica = await kiosk.get(`/api/offline/replica?eventId=${eventId}`);
    expect(replica.statusCode, replica.body).toBe(200);
    const held = replica.json().participants as { id: number; passVersion: number }[];
    expect(held.find((row) => row.id === guest.id)?.passVersion).toBeGreaterThan(0);
    expect(replica.json().passPublicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(replica.json())).not.toContain(guest.cpf);
    expect((await kiosk.get('/api/layouts/badge')).statusCode).toBe(200);
    expect((await kiosk.get('/api/layouts/certificate')).statusCode).toBe(403);

    const badge = {
      kind: 'badge',
      clientId: crypto.randomUUID(),
      eventId,
      participantId: guest.id,
      at: t.config.now().toISOString(),
      usualName: 'Lia',
      seenPrints: 0,
    };
    for (let send = 0; send < 2; send++) {
      const sent = await kiosk.post('/api/offline/actions', { actions: [badge] });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().results[0], sent.body).toMatchObject({ outcome: 'applied' });
    }
    const again = await kiosk.post('/api/kiosk/check', { cpf: formatCpf(guest.cpf) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_description).toBe(KIOSK_ALREADY_MESSAGE);
    const printed = await t.db
      .selectFrom('participants')
      .select(['badge_print_count', 'usual_name'])
      .where('id', '=', guest.id)
      .executeTakeFirstOrThrow();
    expect(printed).toEqual({ badge_print_count: 1, usual_name: 'Lia' });

    const link = { ...badge, kind: 'link', clientId: crypto.randomUUID(), coursewareId: 'x' };
    delete (link as { usualName?: string }).usualName;
    const refused = await kiosk.post('/api/offline/actions', { actions: [link] });
    expect(refused.statusCode).toBe(403);
  });
});
