import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@balcao/contract';
import { startServerProcess, until, type ServerProcess } from './helpers/server-process.ts';
import { ADMIN_PASSWORD } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * SIGTERM on the real server process (main.ts): it refuses new connections at once, lets a
 * request already being received finish with its answer, closes the database and exits 0; a
 * request that never finishes is abandoned after SHUTDOWN_TIMEOUT_MS with exit code 1.
 */
let database: TestDatabase;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await database.drop();
});

/** Resolves true when a new TCP connection to the server is refused. */
const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

/**
 * A sign-in whose body arrives in two halves: the headers and the first half now, the rest when
 * `finish` is called. Resolves once the server has logged the request as received.
 */
async function slowSignIn(server: ServerProcess) {
  const body = JSON.stringify({
    grant_type: 'password',
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${server.url}/api/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  answer.catch(() => {});
  const logged = server.output().split('incoming request').length;
  await until('o servidor receber o pedido lento', async () =>
    server.output().split('incoming request').length > logged ? true : undefined,
  );
  return { answer, finish: () => finish() };
}

describe('SIGTERM', { timeout: 90_000 }, () => {
  it('refuses new connections, finishes the request in flight and exits 0', async () => {
    const server = await startServerProcess(database.url, { LOG_LEVEL: 'debug' });
    servers.push(server);
    const slow = await slowSignIn(server);

    server.child.kill('SIGTERM');
    await until('o servidor recusar conexões novas', async () =>
      (await refused(server.url)) ? true : undefined,
    );
    expect(server.child.exitCode).toBeNull(); // still draining the request in flight

    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as TokenResponse).access_token).toBeTruthy();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('SIGTERM recebido');
    expect(server.output()).toContain('Servidor encerrado');
  });

  it('gives up on a request that never ends after SHUTDOWN_TIMEOUT_MS, exiting 1', async () => {
    const server = await startServerProcess(database.url, {
      LOG_LEVEL: 'debug',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    servers.push(server);
    const slow = await slowSignIn(server);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
    expect(server.output()).toContain('não terminaram em 1000 ms');
    await expect(slow.answer).rejects.toThrow();
  });
});
