import { setTimeout as delay } from 'node:timers/promises';
import { createAgentApi, describeError, HttpError, isTransient } from './agent-api.js';
import { deliver, prepare } from './output.js';

const SECONDS = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** @typedef {import('./agent-api.js').Job} Job */
/** @typedef {import('./output.js').Destination} Destination */
/** @typedef {import('./log.js').Logger} Logger */

/**
 * @typedef {object} AgentOptions
 * @property {string} server        base URL of the Balcão API, e.g. https://balcao.example.com
 * @property {string} token         the printer's apiToken
 * @property {Destination} destination
 * @property {number} intervalMs    pause between polls while the queue is empty
 * @property {AbortSignal} signal   aborting it stops the agent after the job in hand
 * @property {Logger} log
 * @property {number} [backoffBaseMs]   first wait after a failure (default 1 s), doubled each time
 * @property {number} [maxBackoffMs]    longest wait (default 30 s)
 * @property {number} [requestTimeoutMs] per HTTP request (default 15 s)
 */

/**
 * Waits, unless the agent is stopping.
 * @param {number} ms
 * @param {AbortSignal} signal
 */
async function sleep(ms, signal) {
  try {
    await delay(ms, undefined, { signal });
  } catch {
    // Aborted: the stop is handled by the caller's loop.
  }
}

/**
 * Polls for jobs until the signal aborts. A job once claimed is always carried through (printed,
 * then reported) before the agent stops, because the server counts it as taken by this agent.
 * @param {AgentOptions} options
 */
export async function runAgent(options) {
  const { signal, log, intervalMs } = options;
  const backoffBaseMs = options.backoffBaseMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const api = createAgentApi({
    server: options.server,
    token: options.token,
    timeoutMs: options.requestTimeoutMs ?? 15_000,
  });
  let failures = 0;

  /** @param {number} count */
  const backoff = (count) => Math.min(maxBackoffMs, backoffBaseMs * 2 ** (count - 1));

  /** @param {unknown} error @param {string} what */
  async function waitAfter(error, what) {
    failures++;
    const wait = backoff(failures);
    const reason =
      error instanceof HttpError && (error.status === 401 || error.status === 403)
        ? `token recusado (HTTP ${error.status}): confira o apiToken da impressora em Impressoras`
        : describeError(error);
    log.warn(`${what}: ${reason}; nova tentativa em ${SECONDS.format(wait / 1000)} s.`);
    await sleep(wait, signal);
  }

  function recovered() {
    if (failures > 0) log.info('Servidor acessível de novo.');
    failures = 0;
  }

  /**
   * Runs a call for a job already claimed, retrying while the server is unreachable; gives up on a
   * definite answer (4xx) or when the agent is stopping.
   * @template T
   * @param {() => Promise<T>} call
   * @param {string} what
   * @returns {Promise<T>}
   */
  async function persist(call, what) {
    for (;;) {
      try {
        const result = await call();
        recovered();
        return result;
      } catch (error) {
        if (!isTransient(error) || signal.aborted) throw error;
        await waitAfter(error, what);
      }
    }
  }

  /** @param {Job} job */
  async function handle(job) {
    log.info(`Trabalho ${job.id} (${job.kind}) recebido: ${job.title}.`);
    /** @type {string | null} */
    let failure = null;
    try {
      const pdf = await persist(
        () => api.file(job.id),
        `Não foi possível baixar o trabalho ${job.id}`,
      );
      const where = await deliver(options.destination, job, pdf, log);
      log.info(`Trabalho ${job.id} impresso (${where}).`);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      log.error(`Trabalho ${job.id} falhou: ${failure}`);
    }
    try {
      if (failure === null) {
        await persist(() => api.done(job.id), `Não foi possível confirmar o trabalho ${job.id}`);
      } else {
        await persist(
          () => api.failed(job.id, failure ?? ''),
          `Não foi possível relatar a falha do trabalho ${job.id}`,
        );
      }
    } catch (error) {
      log.error(
        `Resultado do trabalho ${job.id} não registrado no servidor: ${describeError(error)}`,
      );
    }
  }

  await prepare(options.destination);
  const target =
    options.destination.type === 'printer'
      ? `impressora ${options.destination.queue}`
      : `pasta ${options.destination.dir}`;
  log.info(`Agente de impressão iniciado: servidor ${options.server}, ${target}.`);

  while (!signal.aborted) {
    /** @type {Job | null} */
    let job;
    try {
      // Deliberately not cancelled on stop: a claim the server made must reach us.
      job = await api.next();
      recovered();
    } catch (error) {
      await waitAfter(
        error,
        isTransient(error) ? 'Servidor inacessível' : 'Pedido de trabalho recusado pelo servidor',
      );
      continue;
    }
    if (job) await handle(job);
    else await sleep(intervalMs, signal);
  }
  log.info('Agente de impressão encerrado.');
}
