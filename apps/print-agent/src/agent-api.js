/**
 * The server side of the agent protocol (README.md, "API do agente"). Every call carries the
 * printer's apiToken as a bearer token.
 */

/**
 * @typedef {object} Job
 * @property {string} id
 * @property {string} kind   BADGE, COUPON, PRODUCT, CHECKOUT, DELIVERY or COURSEWARE
 * @property {string} title  shown in the CUPS queue
 * @property {string} filename
 * @property {number} copies
 */

/** A non-2xx answer; `message` is the server's error_description when it sent one. */
export class HttpError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

/**
 * Worth trying again later: the server or the network is down, slow or overloaded. A 4xx other
 * than 408/429 is an answer, and asking again would get the same one.
 * @param {unknown} error
 */
export function isTransient(error) {
  if (error instanceof HttpError) {
    return error.status >= 500 || error.status === 408 || error.status === 429;
  }
  return true;
}

/** @param {unknown} error */
export function describeError(error) {
  if (error instanceof HttpError) return `HTTP ${error.status}: ${error.message}`;
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'tempo esgotado';
    const cause = /** @type {{ code?: string, message?: string } | undefined} */ (error.cause);
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

/** @param {Response} response */
async function errorFrom(response) {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text);
    if (body && typeof body.error_description === 'string') {
      return new HttpError(response.status, body.error_description);
    }
  } catch {
    // Not JSON: the text itself (a proxy's error page, say), shortened.
  }
  return new HttpError(response.status, text.slice(0, 200) || response.statusText);
}

/**
 * @param {unknown} body
 * @returns {Job}
 */
function toJob(body) {
  const raw = /** @type {Record<string, unknown>} */ (body ?? {});
  if (typeof raw.id !== 'string' && typeof raw.id !== 'number') {
    throw new HttpError(200, 'resposta sem id de trabalho');
  }
  const id = String(raw.id);
  const copies = Number(raw.copies);
  return {
    id,
    kind: typeof raw.kind === 'string' && raw.kind ? raw.kind : 'DOC',
    title: typeof raw.title === 'string' && raw.title ? raw.title : `Balcão ${id}`,
    filename: typeof raw.filename === 'string' ? raw.filename : `${id}.pdf`,
    copies: Number.isInteger(copies) && copies >= 1 ? Math.min(copies, 99) : 1,
  };
}

/**
 * @param {{ server: string, token: string, timeoutMs: number }} options
 */
export function createAgentApi({ server, token, timeoutMs }) {
  const base = server.replace(/\/+$/, '');

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   */
  async function request(method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw await errorFrom(response);
    return response;
  }

  /** @param {string} id */
  const jobPath = (id) => `/api/prints/agent/jobs/${encodeURIComponent(id)}`;

  return {
    /** Claims the next job of this printer, or null when there is none. @returns {Promise<Job | null>} */
    async next() {
      const response = await request('POST', '/api/prints/agent/next');
      if (response.status === 204) {
        await response.body?.cancel();
        return null;
      }
      return toJob(await response.json());
    },
    /** @param {string} id */
    async file(id) {
      const response = await request('GET', `${jobPath(id)}/file`);
      return Buffer.from(await response.arrayBuffer());
    },
    /** @param {string} id */
    async done(id) {
      await (await request('POST', `${jobPath(id)}/done`)).body?.cancel();
    },
    /** @param {string} id @param {string} error */
    async failed(id, error) {
      await (await request('POST', `${jobPath(id)}/failed`, { error })).body?.cancel();
    },
  };
}

/** @typedef {ReturnType<typeof createAgentApi>} AgentApi */
