import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collectedLog, startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent, createUser, login } from './helpers/fixtures.ts';
import { createParticipant } from './helpers/accreditation.ts';

const { stream: logStream, lines } = collectedLog();

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ config: { logLevel: 'info' }, logStream });
});
afterAll(() => t.close());

it('writes request URLs to the log with CPFs masked', async () => {
  const user = await createUser(t.db, { permissions: ['Subscription', 'Participant'] });
  const { access_token: token } = await login(t.app, user);
  const eventId = await createEvent(t.db);
  for (const url of [
    `/api/subscriptions/participant/check?cpf=52998224725&eventId=${eventId}`,
    '/api/participants/name/529.982.247-25',
    `/api/subscriptions/participant/check?cpf=529.982.247-25&eventId=${eventId}`,
  ]) {
    await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  }
  const log = lines.join('');
  expect(log).toContain('/api/participants/name/***.***.***-**');
  expect(log).toContain(`check?cpf=***.***.***-**&eventId=${eventId}`);
  expect(log).not.toMatch(/52998224725|529\.982\.247-25/);
});

it('masks CPFs the URL hides with percent-encoding, a + for a space or a second encoding', async () => {
  const user = await createUser(t.db, { permissions: ['Subscription', 'Participant'] });
  const { access_token: token } = await login(t.app, user);
  const eventId = await createEvent(t.db);
  lines.length = 0;
  for (const url of [
    `/api/events/${eventId}/participants/select?search=%2052998224725`,
    `/api/events/${eventId}/participants/select?search=+52998224725`,
    `/api/subscriptions/participant/check?cpf=100%2E000%2E040-06&eventId=${eventId}`,
    `/api/subscriptions/participant/check?cpf=%35%32%39%2e982%2e247%2d25&eventId=${eventId}`,
    `/api/subscriptions/participant/check?cpf=100%252E000%252E040-06&eventId=${eventId}`,
    '/api/participants/name/529%2E982%2E247-25',
  ]) {
    await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  }
  const log = lines.join('');
  expect(log).toContain('***.***.***-**');
  expect(log).not.toMatch(/52998224725|529\.982\.247-25|10000004006|100\.000\.040-06/);
  // Nor still encoded: the URLs are logged decoded.
  expect(log).not.toMatch(/%2e|%35|%252E/i);
});

it('writes one compact line per request: method, masked URL, status, time and user', async () => {
  const user = await createUser(t.db, { permissions: ['Subscription', 'Participant'] });
  const { access_token: token } = await login(t.app, user);
  lines.length = 0;
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/participants/name/529.982.247-25',
    headers: bearer(token),
  });
  expect(lines).toHaveLength(1);
  // Written by hand (http/request-log.ts), in the shape of every line pino writes.
  const other = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
  t.app.log.child({ reqId: 'req-x' }).info({ status: 1 }, 'outra');
  const pinoLine = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
  expect(Object.keys(other).slice(0, 5)).toEqual(Object.keys(pinoLine).slice(0, 5));
  expect(other).toEqual({
    level: 30,
    time: expect.any(Number),
    pid: process.pid,
    hostname: pinoLine.hostname,
    reqId: answer.headers['request-id'] ?? expect.stringMatching(/^req-/),
    method: 'GET',
    url: '/api/participants/name/***.***.***-**',
    status: answer.statusCode,
    ms: expect.any(Number),
    user: user.id,
    msg: 'request',
  });
});

// What sits between two digits of a typed CPF that the server still reads as a CPF.
const SEPARATORS = ['', '', '', ' ', '  ', '.', '..', '-', '\t', '\u00a0', ' - ', '\u3000'];

/** The log with every separator a CPF could be spelled with taken out (JSON escapes too). */
const digitsOfLog = (log: string): string => log.replace(/\\[tnrfb]|\\u[0-9a-f]{4}|[.\-\s]/gi, '');

it('hides a CPF in the log however it is spelled, when the server finds the participant by it', async () => {
  const user = await createUser(t.db, { permissions: ['Subscription', 'Participant'] });
  const { access_token: token } = await login(t.app, user);
  const eventId = await createEvent(t.db, { selected: true });
  const { cpf } = await createParticipant(t.db, eventId, { name: 'Pessoa Registrada' });
  const spelling = fc
    .array(fc.constantFrom(...SEPARATORS), { minLength: 12, maxLength: 12 })
    .map((gaps) => gaps.map((gap, i) => gap + (cpf[i] ?? '')).join(''))
    .filter((typed) => typed.length <= 20);
  const urls = (typed: string) => [
    `/api/participants/name/${encodeURIComponent(typed)}`,
    `/api/subscriptions/participant/check?cpf=${encodeURIComponent(typed)}&eventId=${eventId}`,
    `/api/subscriptions/participant/check?eventId=${eventId}&cpf=${encodeURIComponent(typed).replaceAll('%20', '+')}`,
  ];
  await fc.assert(
    fc.asyncProperty(spelling, async (typed) => {
      lines.length = 0;
      for (const url of urls(typed)) {
        const answer = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(answer.statusCode, typed).toBe(200); // the server reads it as the CPF
      }
      const log = lines.join('');
      expect(log).toContain('***.***.***-**');
      expect(digitsOfLog(log)).not.toContain(cpf);
    }),
    { numRuns: 40 },
  );
});

it('hides the CPF in any field or message of a line, not only the URL', async () => {
  const typed = '529 982\t247..25';
  lines.length = 0;
  t.app.log.info({ lookup: { cpf: typed }, list: [`cpf ${typed}`] }, `procurou ${typed}`);
  t.app.log.error(new Error(`falhou em ${typed}`));
  const log = lines.join('');
  expect(digitsOfLog(log)).not.toContain('52998224725');
  expect(log.match(/\*\*\*\.\*\*\*\.\*\*\*-\*\*/g)).toHaveLength(6); // field, list, message; error message, stack, line message
});

it("never writes the PSP webhook's secret path segment, however it is encoded", async () => {
  lines.length = 0;
  for (const url of [
    '/api/pix/webhook/SegredoDoWebhook123/pix',
    '/api/pix/webhook/%53egredoDoWebhook123/pix',
    '/api/pix/webhook/SegredoDoWebhook123/pix?x=1',
    '/api/PIX/Webhook/SegredoDoWebhook123/pix', // no such route, but the log masks it all the same
  ]) {
    await t.app.inject({ method: 'POST', url, payload: { pix: [] } });
    // A route that does not exist: its 404 must not carry the path either.
    await t.app.inject({ method: 'GET', url });
  }
  const log = lines.join('');
  expect(log).toContain('/api/pix/webhook/[oculto]/pix');
  expect(log).not.toMatch(/SegredoDoWebhook|egredoDoWebhook/);
});

it("never writes a scanned pass's signature, which admits its holder at the desk", async () => {
  lines.length = 0;
  const signature = 'QRSTUVWXYZ234567'.repeat(6).slice(0, 103);
  for (const pass of [`BP1.1.2.1.${signature}`, `bp1.1.2.1.${signature.toLowerCase()}`]) {
    await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/participant/check?pass=${encodeURIComponent(pass)}&eventId=1`,
    });
  }
  const log = lines.join('');
  expect(log).toContain('BP1.1.2.1.[oculto]');
  expect(log.toUpperCase()).not.toContain(signature.slice(0, 40));
});
