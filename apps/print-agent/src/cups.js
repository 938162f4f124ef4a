/**
 * The CUPS server `lp` talks to, asked over IPP what became of a job and how its printer is. The
 * server is found as the CUPS commands find it: CUPS_SERVER, then client.conf, then the local
 * socket, then localhost:631.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { decodeResponse, encodeRequest, OPERATION } from './ipp.js';

/** @typedef {import('./ipp.js').IppAttributes} IppAttributes */
/** @typedef {{ socketPath: string } | { host: string, port: number }} CupsServer */

/** IPP job-state values (RFC 8011, 5.3.7). */
export const JOB_STATE = /** @type {const} */ ({
  pending: 3,
  held: 4,
  processing: 5,
  stopped: 6,
  canceled: 7,
  aborted: 8,
  completed: 9,
});

/** IPP printer-state: a stopped (disabled, paused) printer. */
export const PRINTER_STOPPED = 5;

const REQUEST_TIMEOUT_MS = 5_000;

/** @param {string} file */
function serverNameIn(file) {
  try {
    const line = /^\s*ServerName\s+(\S+)/im.exec(readFileSync(file, 'utf8'));
    return line?.[1];
  } catch {
    return undefined;
  }
}

/** @param {NodeJS.ProcessEnv} env @returns {CupsServer} */
export function cupsServer(env = process.env) {
  const name =
    env.CUPS_SERVER ||
    serverNameIn(join(homedir(), '.cups', 'client.conf')) ||
    serverNameIn(join(env.CUPS_SERVERROOT || '/etc/cups', 'client.conf')) ||
    (existsSync('/run/cups/cups.sock') ? '/run/cups/cups.sock' : 'localhost');
  if (name.startsWith('/')) return { socketPath: name };
  // "host", "host:port", "[::1]:port", each maybe followed by "/version=1.1".
  const match = /^(\[[^\]]+\]|[^:/]+)(?::(\d+))?/.exec(name);
  return {
    host: (match?.[1] ?? 'localhost').replace(/^\[|\]$/g, ''),
    port: Number(match?.[2] ?? env.IPP_PORT ?? 631),
  };
}

/**
 * @param {CupsServer} server
 * @param {Buffer} body
 * @returns {Promise<Buffer>}
 */
function post(server, body) {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        ...server,
        method: 'POST',
        path: '/',
        headers: {
          'Content-Type': 'application/ipp',
          // CUPS checks the Host header; on its socket its own tools say "localhost".
          ...('socketPath' in server ? { Host: 'localhost' } : {}),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode === 200) resolve(Buffer.concat(chunks));
          else reject(new Error(`CUPS respondeu HTTP ${response.statusCode}`));
        });
        response.on('error', reject);
      },
    );
    call.on('timeout', () => call.destroy(new Error('CUPS não respondeu')));
    call.on('error', reject);
    call.end(body);
  });
}

/**
 * @param {CupsServer} server
 * @param {number} operation
 * @param {[string, string]} uri
 * @param {string[]} requested
 * @returns {Promise<IppAttributes | null>} the job's or printer's attributes; null if CUPS does
 *   not know it
 */
async function ask(server, operation, uri, requested) {
  const { status, groups } = decodeResponse(
    await post(server, encodeRequest(operation, { uri, requested })),
  );
  if (status === 0x0406) return null; // client-error-not-found
  if (status >= 0x0100) throw new Error(`CUPS recusou a consulta (IPP 0x${status.toString(16)})`);
  return groups[1] ?? {};
}

/** @param {IppAttributes} attributes @param {string} name */
const text = (attributes, name) => String(attributes[name]?.[0] ?? '').trim();

/**
 * @param {number} jobNumber the number in CUPS's "QUEUE-123" request id
 * @param {CupsServer} [server]
 * @returns {Promise<{ state: number, message: string } | null>}
 */
export async function jobStatus(jobNumber, server = cupsServer()) {
  const attributes = await ask(
    server,
    OPERATION.getJobAttributes,
    ['job-uri', `ipp://localhost/jobs/${jobNumber}`],
    ['job-state', 'job-printer-state-message'],
  );
  if (!attributes) return null;
  return {
    state: Number(attributes['job-state']?.[0]),
    message: text(attributes, 'job-printer-state-message'),
  };
}

/**
 * @param {string} queue
 * @param {CupsServer} [server]
 * @returns {Promise<{ stopped: boolean, message: string } | null>}
 */
export async function printerStatus(queue, server = cupsServer()) {
  const attributes = await ask(
    server,
    OPERATION.getPrinterAttributes,
    ['printer-uri', `ipp://localhost/printers/${encodeURIComponent(queue)}`],
    ['printer-state', 'printer-state-message'],
  );
  if (!attributes) return null;
  return {
    stopped: attributes['printer-state']?.[0] === PRINTER_STOPPED,
    message: text(attributes, 'printer-state-message'),
  };
}

/**
 * Cancels a job with CUPS's own `cancel`, which knows how to authenticate as the job's owner.
 * @param {string} requestId e.g. "cracha-mesa-1-123"
 * @returns {Promise<void>}
 */
export function cancelJob(requestId) {
  return new Promise((resolve, reject) => {
    execFile('cancel', [requestId], { timeout: REQUEST_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (error) reject(new Error(String(stderr).trim() || error.message));
      else resolve();
    });
  });
}
