import { afterAll, beforeAll, expect, it } from 'vitest';
import { collectedLog, startTestApp, type TestContext } from './helpers/test-app.ts';
import { bearer, createEvent, createUser, login } from './helpers/fixtures.ts';

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
