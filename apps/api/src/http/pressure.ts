import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money route (sale, payment, refund, drawer): the last thing the overload guard sheds. */
    money?: boolean;
  }
}

const OVERLOADED = new ApiError(
  503,
  'service_unavailable',
  'O servidor está sobrecarregado. Tente novamente em alguns segundos.',
  { 'retry-after': '5' },
);

/** How often the probe asks the loop for a turn, and how long a verdict lasts. */
const TICK_MS = 10;
const WINDOW_MS = 250;

/**
 * Calls `onWindow` about every `WINDOW_MS` with the longest wait the event loop made a 10 ms timer
 * endure in that window. Each tick measures the gap since the previous one, across windows, so a
 * stall always lands in the window where it ends. (@fastify/under-pressure reset perf_hooks'
 * histogram each window, which then needs two ticks to record anything; a window with one read
 * as NaN, taken as an infinite delay: every request 503'd after any 250 ms of busy loop.)
 */
function watchEventLoop(onWindow: (longestStallMs: number) => void): () => void {
  let last = performance.now();
  let windowStart = last;
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - TICK_MS);
    last = now;
    if (now - windowStart >= WINDOW_MS) {
      onWindow(longest);
      windowStart = now;
      longest = 0;
    }
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The overload guard: a request gets a 503 in our error shape at once, instead of piling up until
 * the process stalls or dies, while the event loop stalled past `maxEventLoopDelay` ms (0: not
 * checked) in the last window, except on money routes: a sale refused at a till is worse than a
 * slow one, and shedding everything else is what frees the loop for them. Everything, money
 * included, is refused only while the heap nears Node's limit, where one more request may kill
 * the process with every sale in it.
 */
export function guardAgainstOverload(app: FastifyInstance, maxEventLoopDelay: number): void {
  const maxHeapUsed = getHeapStatistics().heap_size_limit * 0.9;
  let loopStalled = false;
  let heapFull = false;
  let stop = () => {};
  // From ready on: building the app (migrations, schemas) stalls the loop once, and that is no
  // overload; counted, it refused the first requests after every start.
  app.addHook('onReady', async () => {
    stop = watchEventLoop((longestStallMs) => {
      loopStalled = maxEventLoopDelay > 0 && longestStallMs > maxEventLoopDelay;
      heapFull = getHeapStatistics().used_heap_size > maxHeapUsed;
    });
  });
  app.addHook('onClose', async () => stop());
  app.addHook('onRequest', async (request, reply) => {
    if (heapFull || (loopStalled && !request.routeOptions.config.money)) {
      return reply.status(OVERLOADED.status).headers(OVERLOADED.headers).send(OVERLOADED.body);
    }
  });
}
