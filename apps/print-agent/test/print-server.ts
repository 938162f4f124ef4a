import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runAgent, type AgentOptions } from '../src/agent.js';

export interface ServerJob {
  id: string;
  kind: string;
  title: string;
  filename: string;
  copies: number;
  pdf: Buffer;
  status: 'queued' | 'printing' | 'done' | 'failed';
  error?: string;
}

type Step = 'next' | 'file' | 'done' | 'failed';

/**
 * A small server speaking the agent API of README.md over real sockets: the peer the agent talks
 * to. It can be stopped and started again on the same port, and told to answer 503 to a step.
 */
export class PrintServer {
  readonly jobs: ServerJob[] = [];
  private server: Server | null = null;
  private port = 0;
  private failures = new Map<Step, number>();

  constructor(readonly token: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  add(job: Omit<ServerJob, 'status' | 'filename' | 'copies'> & Partial<ServerJob>): ServerJob {
    const full: ServerJob = { filename: `${job.id}.pdf`, copies: 1, status: 'queued', ...job };
    this.jobs.push(full);
    return full;
  }

  job(id: string): ServerJob | undefined {
    return this.jobs.find((job) => job.id === id);
  }

  /** The next `times` requests of that step get 503. */
  failNext(step: Step, times = 1): void {
    this.failures.set(step, times);
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.handle(request, response));
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, payload?: unknown, type = 'application/json'): void => {
      if (payload === undefined) {
        response.writeHead(status).end();
        return;
      }
      const data = Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
      response.writeHead(status, { 'content-type': type }).end(data);
    };

    if (request.headers.authorization !== `Bearer ${this.token}`) {
      return send(401, { error: 'invalid_grant', error_description: 'Token is invalid' });
    }
    const url = new URL(request.url ?? '/', 'http://x');
    const match = /^\/api\/prints\/agent\/(?:next|jobs\/([^/]+)\/(file|done|failed))$/.exec(
      url.pathname,
    );
    const step = (match?.[2] ?? 'next') as Step;
    if (!match || (step === 'file') !== (request.method === 'GET')) return send(404);

    const failures = this.failures.get(step) ?? 0;
    if (failures > 0) {
      this.failures.set(step, failures - 1);
      return send(503, { error: 'unavailable', error_description: 'Servidor ocupado' });
    }

    if (step === 'next') {
      const job = this.jobs.find((candidate) => candidate.status === 'queued');
      if (!job) return send(204);
      job.status = 'printing';
      const { id, kind, title, filename, copies } = job;
      return send(200, { id, kind, title, filename, copies });
    }
    const job = this.job(decodeURIComponent(match[1] ?? ''));
    if (!job) return send(404, { error: 'not_found', error_description: 'Print job not found' });
    if (step === 'file') return send(200, job.pdf, 'application/pdf');
    if (job.status !== 'printing') {
      return send(409, { error: 'conflict', error_description: 'Trabalho já finalizado' });
    }
    job.status = step;
    if (step === 'failed') job.error = (JSON.parse(body) as { error: string }).error;
    return send(200, { ok: true });
  }
}

/**
 * The real agent asking `server` for work, with short waits for a test, its log lines kept in
 * `logs` ('INFO …', 'AVISO …', 'ERRO …').
 */
export function runTestAgent(
  server: PrintServer,
  destination: AgentOptions['destination'],
  { signal, logs, ...overrides }: Partial<AgentOptions> & { signal: AbortSignal; logs: string[] },
) {
  return runAgent({
    server: server.url,
    token: server.token,
    destination,
    intervalMs: 30,
    backoffBaseMs: 20,
    maxBackoffMs: 200,
    signal,
    log: {
      info: (message) => logs.push(`INFO ${message}`),
      warn: (message) => logs.push(`AVISO ${message}`),
      error: (message) => logs.push(`ERRO ${message}`),
    },
    ...overrides,
  });
}
