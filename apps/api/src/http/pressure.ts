import { getHeapStatistics } from 'node:v8';
import type { FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { ApiError } from './api-error.ts';

const OVERLOADED = new ApiError(
  503,
  'service_unavailable',
  'O servidor está sobrecarregado. Tente novamente em alguns segundos.',
  { 'retry-after': '5' },
);

/**
 * @fastify/under-pressure: while the event loop lags more than `maxEventLoopDelay` ms, or the heap
 * nears Node's limit, every request gets a 503 in our error shape instead of piling up until the
 * process stalls or dies. Measured every 250 ms.
 */
export function pressureOptions(maxEventLoopDelay: number): FastifyUnderPressureOptions {
  return {
    sampleInterval: 250,
    maxEventLoopDelay,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    pressureHandler: (_request, reply) => {
      void reply.status(OVERLOADED.status).headers(OVERLOADED.headers).send(OVERLOADED.body);
    },
  };
}
