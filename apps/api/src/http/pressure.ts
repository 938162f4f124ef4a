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

/**
 * How often the probe asks the loop for a turn, and how long a verdict lasts. 50 ms reads a stall
 * against limits of 100 ms and more; 10 ms cost an idle instance 6 ms of CPU a second, paid again
 * by every extra instance (bench/README.md, cluster). While the loop idles (under `IDLE` of the
 * last window) the probe ticks once a window: an overload starts with a busy window, after which
 * it ticks fast again, and a standby instance behind the balancer costs a quarter of the ticks.
 */
const TICK_MS = 50;
const WINDOW_MS = 250;
const IDLE_TICK_MS = WINDOW_MS;
const IDLE = 0.5;
/** How far back the loop's busyness is judged, and the share of it that is a saturated loop. */
const BUSY_SPAN_MS = 2000;
const SATURATED = 0.9;

interface LoopWindow {
  /** The longest wait past its time a TICK_MS timer endured in the window. */
  longestStallMs: number;
  /** The share of the last `BUSY_SPAN_MS` (at least this window) the loop spent running code. */
  utilization: number;
}

/**
 * Calls `onWindow` about every `WINDOW_MS` with how the event loop fared in that window. Each tick
 * measures the gap since the previous one, across windows, so a stall always lands in the window
 * where it ends. (@fastify/under-pressure reset perf_hooks' histogram each window, which then needs
 * two ticks to record anything; a window with one read as NaN, taken as an infinite delay: every
 * request 503'd after any 250 ms of busy loop.)
 */
function watchEventLoop(onWindow: (window: LoopWindow) => void): () => void {
  let last = performance.now();
  let windowStart = last;
  let longest = 0;
  let mark = performance.eventLoopUtilization();
  let recent: { end: number; idle: number; active: number }[] = [];
  let delay = TICK_MS;
  let timer: NodeJS.Timeout;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last - delay);
    last = now;
    if (now - windowStart >= WINDOW_MS) {
      const used = performance.eventLoopUtilization(mark);
      mark = performance.eventLoopUtilization();
      recent = [...recent.filter((w) => w.end > now - BUSY_SPAN_MS), { end: now, ...used }];
      const active = recent.reduce((sum, w) => sum + w.active, 0);
      const idle = recent.reduce((sum, w) => sum + w.idle, 0);
      onWindow({ longestStallMs: longest, utilization: active / (active + idle || 1) });
      windowStart = now;
      longest = 0;
      delay = used.utilization < IDLE ? IDLE_TICK_MS : TICK_MS;
    }
    timer = setTimeout(tick, delay).unref();
  };
  timer = setTimeout(tick, delay).unref();
  return () => clearTimeout(timer);
}

/**
 * The overload guard: a request gets a 503 in our error shape at once, instead of piling up until
 * the process stalls or dies, while the event loop is saturated: it stalled past
 * `maxEventLoopDelay` ms (0: not checked) in the last window and ran code for 90 % of the last 2 s.
 * A late timer alone is no overload: a paused VM, a starved CPU or one long job leave the loop
 * idle around it, and refusing desks then only loses their work (CI saw a whole machine stall
 * 503 two servers at once). Money routes are never shed for the loop: a sale refused at a till is
 * worse than a slow one, and shedding everything else is what frees the loop for them. Everything,
 * money included, is refused only while the heap nears Node's limit, where one more request may
 * kill the process with every sale in it.
 */
export function guardAgainstOverload(app: FastifyInstance, maxEventLoopDelay: number): void {
  const maxHeapUsed = getHeapStatistics().heap_size_limit * 0.9;
  let loopStalled = false;
  let heapFull = false;
  let stop = () => {};
  // From ready on: building the app (migrations, schemas) stalls the loop once, and that is no
  // overload; counted, it refused the first requests after every start.
  app.addHook('onReady', async () => {
    stop = watchEventLoop(({ longestStallMs, utilization }) => {
      const stalled =
        maxEventLoopDelay > 0 && longestStallMs > maxEventLoopDelay && utilization >= SATURATED;
      const full = getHeapStatistics().used_heap_size > maxHeapUsed;
      if ((stalled && !loopStalled) || (full && !heapFull)) {
        app.log.warn(
          {
            stallMs: Math.round(longestStallMs),
            utilization: Number(utilization.toFixed(2)),
            heapFull: full,
          },
          'Servidor sobrecarregado: pedidos recusados com 503',
        );
      }
      loopStalled = stalled;
      heapFull = full;
    });
  });
  app.addHook('onClose', async () => stop());
  // A callback hook, not an async one: every request passes here, and a promise each costs.
  app.addHook('onRequest', (request, reply, done) => {
    if (heapFull || (loopStalled && !request.routeOptions.config.money)) {
      void reply.status(OVERLOADED.status).headers(OVERLOADED.headers).send(OVERLOADED.body);
      return;
    }
    done();
  });
}
