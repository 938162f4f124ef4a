import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newPassPrivateKey,
  PASS_PROBLEM_MESSAGES,
  passKeyFromHex,
  signPass,
  verifyPass,
} from '@balcao/contract';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { createEvent } from './helpers/fixtures.ts';
import { createParticipant, jsonCaller, type JsonCaller } from './helpers/accreditation.ts';
import { issuePass } from '../src/modules/passes/index.ts';

let t: TestContext;
let desk: JsonCaller; // Subscription
let manager: JsonCaller; // Participant
let system: JsonCaller;
let eventId: number;
let otherEventId: number;

beforeAll(async () => {
  t = await startTestApp();
  desk = await jsonCaller(t, ['Subscription']);
  manager = await jsonCaller(t, ['Participant']);
  system = await jsonCaller(t, ['System']);
  eventId = await createEvent(t.db, {
    name: 'Imersão de Abril',
    print_enabled: true,
    link_courseware: false,
  });
  otherEventId = await createEvent(t.db, { name: 'Outro Evento', print_enabled: true });
});
afterAll(() => t.close());

const pass = (participantId: number, event = eventId) =>
  issuePass(t.db, t.config.totpKey, event, participantId);

const checkByPass = (text: string, event = eventId) =>
  desk.get(
    `/api/subscriptions/participant/check?pass=${encodeURIComponent(text)}&eventId=${event}`,
  );

describe('the pass', () => {
  it('holds no CPF and no name, and verifies under the public key desks are given', async () => {
    const person = await createParticipant(t.db, eventId, { name: 'Maria das Dores' });
    const text = await pass(person.id);
    expect(text).toMatch(new RegExp(`^BP1\\.${eventId}\\.${person.id}\\.1\\.[A-Z2-7]{103}$`));
    expect(text).not.toContain(person.cpf);
    const keyAnswer = await desk.get(`/api/passes/public-key?eventId=${eventId}`);
    expect(keyAnswer.statusCode).toBe(200);
    const publicKey = passKeyFromHex(keyAnswer.json<{ publicKey: string }>().publicKey)!;
    expect(verifyPass(text, publicKey)).toEqual({
      eventId,
      participantId: person.id,
      version: 1,
    });
    // The private key is sealed at rest: its stored form is not the key.
    const stored = await t.db.selectFrom('pass_keys').selectAll().executeTakeFirstOrThrow();
    expect(stored.private_key_sealed.startsWith('v1.')).toBe(true);
  });

  it('finds the participant at the desk as a CPF does', async () => {
    const person = await createParticipant(t.db, eventId, {
      name: 'João Batista',
      badge: true,
    });
    const response = await checkByPass(await pass(person.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'REGISTERED',
      participant: { id: person.id, name: 'João Batista' },
    });
  });

  it('refuses a forged pass, and one of another event, with their own message', async () => {
    const person = await createParticipant(t.db, eventId);
    const forged = signPass({ eventId, participantId: person.id, version: 1 }, newPassPrivateKey());
    const refused = await checkByPass(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(PASS_PROBLEM_MESSAGES.forged);
    const garbled = await checkByPass('BP1.1.2.3.NOTASIGNATURE');
    expect(garbled.json().error_description).toBe(PASS_PROBLEM_MESSAGES.forged);

    const elsewhere = await createParticipant(t.db, otherEventId);
    const other = await checkByPass(await pass(elsewhere.id, otherEventId));
    expect(other.statusCode).toBe(400);
    expect(other.json().error_description).toBe(PASS_PROBLEM_MESSAGES.other_event);
  });

  it("'Reemitir ingresso' makes the old pass answer that it was replaced, and is audited", async () => {
    const person = await createParticipant(t.db, eventId);
    const old = await pass(person.id);
    const denied = await desk.post(`/api/participants/${person.id}/pass/reissue`);
    expect(denied.statusCode).toBe(403);
    const reissued = await manager.post(`/api/participants/${person.id}/pass/reissue`);
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(reissued.json()).toEqual({ version: 2 });

    const stale = await checkByPass(old);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error_description).toBe(PASS_PROBLEM_MESSAGES.reissued);
    const fresh = await pass(person.id);
    expect(fresh).not.toBe(old);
    expect((await checkByPass(fresh)).statusCode).toBe(200);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'participants')
      .where('entity_id', '=', String(person.id))
      .execute();
    expect(audit).toContainEqual({ action: 'reemitir_ingresso', user_id: manager.userId });
    const missing = await manager.post('/api/participants/999999/pass/reissue');
    expect(missing.statusCode).toBe(404);
  });

  it("an anonymized participant's pass no longer admits anyone", async () => {
    const person = await createParticipant(t.db, eventId);
    const text = await pass(person.id);
    const anonymized = await system.post(`/api/participants/${person.id}/anonymize`);
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    const response = await checkByPass(text);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_description).toBe(PASS_PROBLEM_MESSAGES.anonymized);
    const reissue = await manager.post(`/api/participants/${person.id}/pass/reissue`);
    expect(reissue.statusCode).toBe(400);
  });

  it('a genuine pass naming someone the event no longer has is not found', async () => {
    const person = await createParticipant(t.db, eventId);
    const text = await pass(person.id);
    await t.db.deleteFrom('participants').where('id', '=', person.id).execute();
    const response = await checkByPass(text);
    expect(response.statusCode).toBe(404);
    expect(response.json().error_description).toBe(PASS_PROBLEM_MESSAGES.not_found);
  });
});
