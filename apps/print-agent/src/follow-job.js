/**
 * `lp` returns as soon as CUPS has queued the job, and CUPS queues jobs even on a stopped printer,
 * where they wait for someone to re-enable it. So after `lp` the agent follows the job until CUPS
 * has sent it to the printer, and fails it (cancelling it in CUPS, so that it cannot come out later
 * beside a reprint) when the printer is stopped, CUPS stops or aborts it, or it takes too long.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { cancelJob, JOB_STATE, jobStatus, printerStatus } from './cups.js';

const SECONDS = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const POLL_MS = 200;

/** Why a job is still not out, for the timeout message. */
const WAITING = /** @type {Record<number, string>} */ ({
  [JOB_STATE.pending]: 'ainda na fila',
  [JOB_STATE.held]: 'retido na fila',
  [JOB_STATE.processing]: 'ainda imprimindo',
});

/** @param {string} message */
const detail = (message) => (message ? ` (${message})` : '');

/**
 * The request id `lp` prints ("request id is cracha-mesa-1-42 (1 file(s))", in the system's
 * language), or null when the print command is not CUPS's lp and says nothing of the kind.
 * @param {string} queue
 * @param {string} output
 */
export function requestIdIn(queue, output) {
  const escaped = queue.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|\\s)(${escaped}-(\\d+))(?=\\s|$)`, 'i').exec(output);
  return match ? { requestId: match[1] ?? '', jobNumber: Number(match[2]) } : null;
}

/**
 * @typedef {object} CupsJob
 * @property {string} queue
 * @property {string} requestId  as `lp` printed it, e.g. "cracha-mesa-1-42"
 * @property {number} jobNumber  42
 */

/**
 * What CUPS says of the job now.
 * @param {CupsJob} job
 * @returns {Promise<{ done: true } | { failed: string, cancel: boolean, hint?: string } | { waiting: string }>}
 */
async function check({ queue, requestId, jobNumber }) {
  const job = await jobStatus(jobNumber);
  if (!job) {
    return {
      failed:
        `o trabalho ${requestId} sumiu do CUPS antes de ser concluído (cancelado por alguém, ou ` +
        'o CUPS não guarda o histórico: PreserveJobHistory No)',
      cancel: false,
    };
  }
  switch (job.state) {
    case JOB_STATE.completed:
      return { done: true };
    case JOB_STATE.canceled:
      return {
        failed: `o trabalho ${requestId} foi cancelado no CUPS${detail(job.message)}`,
        cancel: false,
      };
    case JOB_STATE.aborted:
      return {
        failed: `o CUPS abortou o trabalho ${requestId}${detail(job.message)}`,
        cancel: false,
      };
    case JOB_STATE.stopped:
      return { failed: `o CUPS parou o trabalho${detail(job.message)}`, cancel: true };
  }
  const printer = await printerStatus(queue);
  if (printer?.stopped) {
    return {
      failed: `a fila ${queue} está parada no CUPS${detail(printer.message)}`,
      cancel: true,
      hint: `Reative-a com "cupsenable ${queue}" e reimprima pela 'Fila de impressão'.`,
    };
  }
  return { waiting: WAITING[job.state] ?? `estado IPP ${job.state}` };
}

/**
 * Cancels the job and says so after the reason; a job left in CUPS would come out when the
 * printer is back, beside the reprint.
 * @param {string} requestId @param {string} reason @param {string} [hint]
 */
async function cancelled(requestId, reason, hint) {
  try {
    await cancelJob(requestId);
    return `${reason}; o trabalho ${requestId} foi cancelado no CUPS.${hint ? ` ${hint}` : ''}`;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return (
      `${reason}; não foi possível cancelar o trabalho ${requestId} no CUPS (${why}): cancele-o ` +
      `com "cancel ${requestId}" antes de reimprimir, ou ele sairá também.${hint ? ` ${hint}` : ''}`
    );
  }
}

/**
 * Resolves when CUPS completed the job (sent it all to the printer); rejects, with the reason in
 * Portuguese, when it did not or not within timeoutMs.
 * @param {CupsJob & { timeoutMs: number }} job
 * @returns {Promise<void>}
 */
export async function followJob(job) {
  const deadline = Date.now() + job.timeoutMs;
  for (;;) {
    /** @type {Awaited<ReturnType<typeof check>>} */
    let status;
    try {
      status = await check(job);
    } catch (error) {
      // CUPS restarting, say: asked again until the deadline.
      status = {
        waiting: `CUPS inacessível: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if ('done' in status) return;
    if ('failed' in status) {
      throw new Error(
        status.cancel
          ? await cancelled(job.requestId, status.failed, status.hint)
          : `${status.failed}.`,
      );
    }
    if (Date.now() >= deadline) {
      const took = SECONDS.format(job.timeoutMs / 1000);
      throw new Error(
        await cancelled(
          job.requestId,
          `o CUPS não concluiu o trabalho em ${took} s (${status.waiting})`,
        ),
      );
    }
    await delay(POLL_MS);
  }
}
