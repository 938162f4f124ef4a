import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { followJob, requestIdIn } from './follow-job.js';

/**
 * Where jobs go: a CUPS queue through `lp`, or a folder (testing, or a host whose own software
 * watches the folder). jobTimeoutMs bounds the wait for CUPS to complete a job (default 120 s).
 * @typedef {{ type: 'printer', queue: string, lpCommand: string, jobTimeoutMs?: number } | { type: 'folder', dir: string }} Destination
 */

/** @typedef {import('./agent-api.js').Job} Job */
/** @typedef {import('./log.js').Logger} Logger */

const LP_TIMEOUT_MS = 60_000;
export const JOB_TIMEOUT_MS = 120_000;

/** Job ids and kinds come from the server; they become file names only through this. */
const safeName = (/** @type {string} */ text) => text.replace(/[^A-Za-z0-9_-]/g, '_');

/** @param {Job} job */
export const outputFileName = (job) => `${safeName(job.id)}-${safeName(job.kind)}.pdf`;

/**
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<string>} its output
 */
function run(command, args) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: LP_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (!error) return resolve(String(stdout));
      const detail = String(stderr).trim() || error.message;
      reject(new Error(`${command} falhou: ${detail}`));
    });
  });
}

/**
 * Prints or saves one job; resolves with where it went, rejects with the reason it did not.
 * @param {Destination} destination
 * @param {Job} job
 * @param {Buffer} pdf
 * @param {Logger} log
 * @returns {Promise<string>}
 */
export async function deliver(destination, job, pdf, log) {
  if (destination.type === 'folder') {
    const target = join(destination.dir, outputFileName(job));
    // Written aside and renamed, so whoever watches the folder never sees half a file.
    const partial = `${target}.parcial`;
    await writeFile(partial, pdf);
    await rename(partial, target);
    return target;
  }

  const dir = await mkdtemp(join(tmpdir(), 'balcao-print-'));
  try {
    const file = join(dir, outputFileName(job));
    await writeFile(file, pdf);
    // lp hands the file to the CUPS spooler before it returns, so it may be deleted right after.
    const output = await run(destination.lpCommand, [
      '-d',
      destination.queue,
      '-t',
      job.title,
      '-n',
      String(job.copies),
      file,
    ]);
    const queued = requestIdIn(destination.queue, output);
    // A print command that is not CUPS's lp names no CUPS job: its exit status is all there is.
    if (!queued) return `fila ${destination.queue}`;
    log.info(`Trabalho ${job.id} na fila do CUPS (${queued.requestId}); aguardando a impressão.`);
    await followJob({
      queue: destination.queue,
      ...queued,
      timeoutMs: destination.jobTimeoutMs ?? JOB_TIMEOUT_MS,
    });
    return `fila ${destination.queue}, trabalho ${queued.requestId} do CUPS`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** @param {Destination} destination */
export async function prepare(destination) {
  if (destination.type === 'folder') await mkdir(destination.dir, { recursive: true });
}
