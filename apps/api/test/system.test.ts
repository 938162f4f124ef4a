import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ config: { appMode: 'FULL_SGE' } });
});
afterAll(() => t.close());

describe('system', () => {
  it('reports health after checking the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it("tells the SPA the application mode and the event's time zone before login", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ appMode: 'FULL_SGE', timeZone: 'America/Sao_Paulo' });
  });

  it('answers 404 for pages when no SPA build exists', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});
