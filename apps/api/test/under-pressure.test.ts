import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ config: { maxEventLoopDelay: 100 } });
});
afterAll(() => t.close());

/** Keeps the event loop busy in 300 ms stretches, as a runaway request would. */
async function saturate(): Promise<void> {
  for (let round = 0; round < 6; round++) {
    const until = Date.now() + 300;
    while (Date.now() < until); // busy, like a runaway request
    await nextTurn();
  }
}

const health = () => t.app.inject({ method: 'GET', url: '/api/events/list' });

it('answers 503 in Portuguese while the event loop is saturated, and serves again after', async () => {
  expect((await health()).statusCode).toBe(401); // served: it only lacks a token
  await saturate();
  const busy = await health();
  expect(busy.statusCode).toBe(503);
  expect(busy.json()).toEqual({
    error: 'service_unavailable',
    error_description: 'O servidor está sobrecarregado. Tente novamente em alguns segundos.',
  });
  expect(busy.headers['retry-after']).toBe('5');
  await sleep(1200);
  expect((await health()).statusCode).toBe(401);
});
