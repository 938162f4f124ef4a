import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupStatus } from '@balcao/contract';
import { startTestApp, ADMIN_PASSWORD, type TestContext } from './helpers/test-app.ts';
import {
  bearer,
  createCenter,
  createEvent,
  createProfile,
  createUser,
  login,
} from './helpers/fixtures.ts';
import { createCourse } from './helpers/accreditation.ts';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await login(t.app, { username: t.config.adminUser, password: ADMIN_PASSWORD }))
    .access_token;
});
afterAll(() => t.close());

async function status(token = adminToken) {
  return t.app.inject({ method: 'GET', url: '/api/system/setup-status', headers: bearer(token) });
}

async function doneSteps(): Promise<{ complete: boolean; done: string[] }> {
  const body = (await status()).json<SetupStatus>();
  return { complete: body.complete, done: body.steps.filter((s) => s.done).map((s) => s.key) };
}

describe('GET /api/system/setup-status', () => {
  it('lists every step undone on an empty database, the seeded admin not counting as a clerk', async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      complete: false,
      steps: [
        { key: 'course', done: false },
        { key: 'city', done: false },
        { key: 'center', done: false },
        { key: 'event', done: false },
        { key: 'selectedEvent', done: false },
        { key: 'accreditationUser', done: false },
        { key: 'products', done: false },
        { key: 'storeUser', done: false },
        { key: 'printers', done: false },
        { key: 'pix', done: false },
      ],
    });
  });

  it('is for System users only', async () => {
    const clerk = await createUser(t.db, { permissions: ['Event'] });
    const response = await status((await login(t.app, clerk)).access_token);
    expect(response.statusCode).toBe(403);
  });

  it('ticks each step as its records appear and completes without the optional ones', async () => {
    await createCourse(t.db, 1);
    await createCenter(t.db, 'Núcleo Centro', 1);
    const eventId = await createEvent(t.db);
    expect(await doneSteps()).toEqual({ complete: false, done: ['course', 'center', 'event'] });
    // The núcleo's city is a step of its own (the seeded country Brasil is there already).
    const city = await t.app.inject({
      method: 'POST',
      url: '/api/cities/insert',
      headers: { ...bearer(adminToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'data[0][name]=Fortaleza&data[0][country][id]=1',
    });
    expect(city.statusCode).toBe(200);
    expect(await doneSteps()).toEqual({
      complete: false,
      done: ['course', 'city', 'center', 'event'],
    });

    const selected = await t.app.inject({
      method: 'POST',
      url: '/api/events/select',
      headers: bearer(adminToken),
      payload: { id: eventId },
    });
    expect(selected.statusCode).toBe(200);
    // An admin with Subscription is not a desk clerk; an inactive clerk does not count either.
    await createUser(t.db, { permissions: ['Subscription', 'System'] });
    await createUser(t.db, { permissions: ['Subscription'], active: false });
    expect(await doneSteps()).toEqual({
      complete: false,
      done: ['course', 'city', 'center', 'event', 'selectedEvent'],
    });

    const deskProfile = await createProfile(t.db, 'Credenciamento', ['Subscription']);
    await createUser(t.db, { profileIds: [deskProfile] });
    expect(await doneSteps()).toEqual({
      complete: true,
      done: ['course', 'city', 'center', 'event', 'selectedEvent', 'accreditationUser'],
    });

    await createUser(t.db, { permissions: ['CheckoutDelivery'] });
    expect((await doneSteps()).done).toContain('storeUser');

    // The PIX key: optional, ticked once saved on 'Formas de pagamento'.
    const pix = await t.app.inject({
      method: 'POST',
      url: '/api/carrinho/pix/config',
      headers: bearer(adminToken),
      payload: { chave: 'loja@exemplo.com.br', nome: 'Loja do Evento', cidade: 'Fortaleza' },
    });
    expect(pix.statusCode).toBe(200);
    expect(await doneSteps()).toMatchObject({
      complete: true,
      done: expect.arrayContaining(['pix']),
    });
  });
});
