import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import {
  LOTTERY_STALE,
  TOKEN_INVALID,
  stockShortageMessage,
  type LotteryDrawDto,
  type LotteryGameDto,
  type TokenResponse,
} from '@balcao/contract';
import {
  INSTANCE_HEADER,
  haproxyPath,
  startCluster,
  type Cluster,
} from '../../../tools/cluster.mjs';
import { REFRESH_GRACE_SECONDS } from '../src/auth/tokens.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/types.ts';
import { printDocument } from '../src/printing/queue.ts';
import { createParticipant } from './helpers/accreditation.ts';
import { createEvent, createUser } from './helpers/fixtures.ts';
import { createCategory, createProduct, inventoryOf } from './helpers/store.ts';
import { form } from './helpers/tables.ts';
import { ADMIN_PASSWORD } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * Three API processes (tools/cluster.mjs) on one PostgreSQL database behind HAProxy, as
 * docs/deploy.md deploys them: what one instance does, the others see at once, and races between
 * instances are settled by the database. Only on the PostgreSQL project, with haproxy installed.
 */
const enabled = process.env.BALCAO_TEST_DB === 'postgres' && haproxyPath() !== undefined;

const SLOTS = 2;
let database: TestDatabase;
let cluster: Cluster;
let db: Kysely<Database>;
const output: string[] = [];

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  cluster = await startCluster({
    databaseUrl: database.url,
    instances: 3,
    env: {
      LOG_LEVEL: 'warn',
      BALCAO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // Three servers and the test share two busy cores: no 503 for a slow event loop.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    // Two requests at once per instance: the concurrent calls below spread over all three.
    slots: SLOTS,
    log: (line) => output.push(line),
  });
  db = openDatabase(database.url).db;
}, 120_000);

afterAll(async () => {
  if (!enabled) return;
  await db?.destroy();
  await cluster?.stop();
  await database?.drop();
  // The balancer's view of the instances, to explain a request that went elsewhere.
  const balancer = output.filter(
    (line) => line.startsWith('[haproxy]') && line.includes('Server '),
  );
  if (balancer.length > 0) console.log(balancer.join('\n'));
  // Any error an instance logged (level 50+) fails the file: a 500 behind a right-looking answer.
  const errors = output.filter((line) => /"level":(5|6)\d/.test(line));
  expect(errors).toEqual([]);
}, 60_000);

interface Answer<T> {
  status: number;
  body: T;
  /** The instance HAProxy sent the request to (none when an instance was called directly). */
  instance: string | null;
}

/** One HTTP call; a string body is sent form-encoded (the table editors), anything else as JSON. */
async function call<T = unknown>(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const { token, body } = options;
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined
        ? {}
        : {
            'content-type':
              typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
          }),
      ...options.headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    instance: response.headers.get(INSTANCE_HEADER),
  };
}

/**
 * A sign-in sent to the balancer with its body held back: it keeps a slot on the instance it went
 * to (whose '100 Continue' says it arrived) until `finish` sends the body; `finish` resolves with
 * the instance that answered.
 */
async function holdSlot() {
  const socket = connect(cluster.haproxy.port, '127.0.0.1');
  socket.setEncoding('utf8');
  let received = '';
  socket.on('data', (chunk: string) => (received += chunk));
  const body = JSON.stringify({ grant_type: 'password', username: 'ninguem', password: 'x' });
  socket.write(
    'POST /api/token HTTP/1.1\r\nHost: balcao\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n` +
      'Connection: close\r\n\r\n',
  );
  await vi.waitFor(() => expect(received).toMatch(/^HTTP\/1\.1 100 .*\r\n\r\n/s), 10_000);
  return {
    finish: async () => {
      socket.end(body);
      await once(socket, 'close');
      return new RegExp(`^${INSTANCE_HEADER}: (\\S+)`, 'im').exec(received)?.[1] ?? null;
    },
  };
}

/** Fails the test with the answer unless it is `status`; returns the body. */
function expectStatus<T>(answer: Answer<T>, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

const origins = () => cluster.instances.map((instance) => instance.origin);

async function signIn(origin: string, user: { username: string; password: string }) {
  return expectStatus(
    await call<TokenResponse>(origin, 'POST', '/api/token', {
      body: { grant_type: 'password', username: user.username, password: user.password },
    }),
  );
}

describe.skipIf(!enabled)('three API instances behind HAProxy on one PostgreSQL', () => {
  it('the first instance takes requests up to its slots, the next instance the ones beyond', async () => {
    const first = await Promise.all(Array.from({ length: SLOTS }, holdSlot));
    const second = await Promise.all(Array.from({ length: SLOTS }, holdSlot));
    const beyond = await call(cluster.origin, 'GET', '/api/health');
    expect(beyond.status).toBe(200);
    expect(beyond.instance).toBe('api3');
    expect(await Promise.all(first.map((held) => held.finish()))).toEqual(
      Array(SLOTS).fill('api1'),
    );
    expect(await Promise.all(second.map((held) => held.finish()))).toEqual(
      Array(SLOTS).fill('api2'),
    );
  });

  it('the last K units: concurrent buyers on every instance buy exactly K', async () => {
    const BUYERS = 30;
    const UNITS = 5;
    const eventId = await createEvent(db);
    const admin = await signIn(cluster.origin, { username: 'admin', password: ADMIN_PASSWORD });
    expectStatus(
      await call(cluster.origin, 'POST', '/api/events/select', {
        token: admin.access_token,
        body: { id: eventId },
      }),
    );
    const { cpf } = await createParticipant(db, eventId);
    const product = await createProduct(db, {
      categoryId: await createCategory(db),
      priceCents: 2500,
      inventory: BUYERS,
    });
    const seller = await signIn(cluster.origin, await createUser(db, { permissions: ['Store'] }));
    const cashier = await signIn(
      cluster.origin,
      await createUser(db, { permissions: ['Checkout'] }),
    );
    const cash = expectStatus(
      await call<{ id_forma_pagamento: number }[]>(
        cluster.origin,
        'GET',
        '/api/carrinho/pagamento',
        { token: cashier.access_token },
      ),
    )[0]!.id_forma_pagamento;
    const sell = (path: string, body?: unknown) =>
      call<{ id: number }>(cluster.origin, 'POST', path, { token: seller.access_token, body });
    const orders = await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        const { id } = expectStatus(await sell('/api/carrinho/novo'));
        const items = [{ produto_id: product.id, desconto: 0, quantidade: 1 }];
        expectStatus(await sell(`/api/carrinho/atualizar/${id}`, { items }));
        expectStatus(await sell(`/api/carrinho/finalizar/${id}`, { id_cliente: cpf }));
        return id;
      }),
    );
    // Every order was built while units were available; only now do they run short.
    await db
      .updateTable('products')
      .set({ inventory: UNITS })
      .where('id', '=', product.id)
      .execute();

    const payments = await Promise.all(
      orders.map((id) =>
        call(cluster.origin, 'POST', `/api/carrinho/pagamento/${id}`, {
          token: cashier.access_token,
          body: { pagamentos: [{ id_forma_pagamento: cash, valor: 25 }] },
          headers: { 'idempotency-key': `cluster-${id}` },
        }),
      ),
    );

    expect(new Set(payments.map((payment) => payment.instance))).toEqual(
      new Set(['api1', 'api2', 'api3']),
    );
    const paid = payments.filter((payment) => payment.status === 200);
    expect(paid).toHaveLength(UNITS);
    for (const refused of payments.filter((payment) => payment.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error_description: stockShortageMessage(product.name, 0),
      });
    }
    expect(await inventoryOf(db, product.id)).toBe(0);
    const states = await db
      .selectFrom('orders')
      .select('state')
      .select((eb) => eb.fn.countAll<number>().as('orders'))
      .where('id', 'in', orders)
      .groupBy('state')
      .orderBy('state')
      .execute();
    expect(states).toEqual([
      { state: 'AGUARDANDO_PAGAMENTO', orders: BUYERS - UNITS },
      { state: 'PAGO', orders: UNITS },
    ]);
    const moved = await db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.sum<number>('delta').as('delta'))
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(Number(moved.delta)).toBe(-UNITS);
  }, 60_000);

  it('a token from one instance works on the others; two tabs refreshing at once on two instances keep the login; a later reuse ends it everywhere', async () => {
    const [first, second, third] = origins() as [string, string, string];
    const user = await createUser(db, { permissions: ['Course'] });
    const courses = (origin: string, token: string) =>
      call(origin, 'GET', '/api/courses/select', { token });
    const issued = await signIn(first, user);
    for (const origin of [second, third]) {
      expect((await courses(origin, issued.access_token)).status).toBe(200);
    }

    const refresh = (origin: string) =>
      call<TokenResponse>(origin, 'POST', '/api/token', {
        body: { grant_type: 'refresh_token', refresh_token: issued.refresh_token },
      });
    const [onSecond, onThird] = await Promise.all([refresh(second), refresh(third)]);
    const rotated = expectStatus(onSecond);
    expect(expectStatus(onThird).access_token).toBe(rotated.access_token);
    expect((await courses(first, rotated.access_token)).status).toBe(200);

    // Past the grace window the old refresh token is a reuse: the whole login ends, everywhere.
    await new Promise((resolve) => setTimeout(resolve, (REFRESH_GRACE_SECONDS + 1) * 1000));
    const reused = await refresh(third);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'invalid_grant' });
    for (const origin of [first, second, third]) {
      const after = await courses(origin, rotated.access_token);
      expect(after.status).toBe(401);
      expect(after.body).toEqual(TOKEN_INVALID);
    }
  }, 60_000);

  it('a permission removed through one instance is refused at once by the others', async () => {
    const [first] = origins() as [string];
    const user = await createUser(db, { permissions: ['Course'] });
    const token = (await signIn(first, user)).access_token;
    // Each instance caches the permissions it has seen, stamped with the user's auth version.
    for (const origin of origins()) {
      expect((await call(origin, 'GET', '/api/courses/select', { token })).status).toBe(200);
    }
    const admin = await signIn(first, { username: 'admin', password: ADMIN_PASSWORD });
    const attendance = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'Attendance')
      .executeTakeFirstOrThrow();

    expectStatus(
      await call(first, 'POST', `/api/users/update/${user.id}`, {
        token: admin.access_token,
        body: form([[`data[${user.id}][permissions][][id]`, String(attendance.id)]]),
      }),
    );

    for (const origin of origins()) {
      expect((await call(origin, 'GET', '/api/courses/select', { token })).status).toBe(403);
    }
  });

  it('print jobs: agents polling different instances get each job exactly once', async () => {
    const JOBS = 40;
    const AGENTS = 6;
    const stamp = new Date().toISOString();
    const apiToken = `agente-${Date.now()}`;
    const printer = await db
      .insertInto('printers')
      .values({
        name: 'Balcão 1',
        serial: null,
        api_token: apiToken,
        date_created: stamp,
        date_updated: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('print_mappings')
      .values({
        origin: '*',
        printer_id: printer.id,
        service: 'BADGE',
        date_created: stamp,
        date_updated: stamp,
      })
      .execute();
    const clerk = await createUser(db);
    const jobIds: number[] = [];
    for (let i = 0; i < JOBS; i++) {
      const outcome = await printDocument(db, new Date(), {
        user: clerk,
        service: 'BADGE',
        kind: 'badge',
        title: `Crachá ${i}`,
        pdf: Buffer.from(`%PDF-1.4\n% ${i}\n`),
      });
      if (!('jobId' in outcome)) throw new Error('esperava um trabalho na fila');
      jobIds.push(outcome.jobId);
    }

    const claimed = await Promise.all(
      Array.from({ length: AGENTS }, async (_, agent) => {
        const origin = origins()[agent % 3]!;
        const mine: number[] = [];
        for (;;) {
          const next = await call<{ id: number } | null>(origin, 'POST', '/api/prints/agent/next', {
            token: apiToken,
          });
          if (next.status === 204) return mine;
          const job = expectStatus(next);
          mine.push(job!.id);
          expect(
            (
              await call(origin, 'POST', `/api/prints/agent/jobs/${job!.id}/done`, {
                token: apiToken,
              })
            ).status,
          ).toBe(204);
        }
      }),
    );

    const all = claimed.flat().sort((a, b) => a - b);
    expect(all).toEqual([...jobIds].sort((a, b) => a - b));
    expect(claimed.filter((jobs) => jobs.length > 0).length).toBeGreaterThan(1);
    const jobs = await db
      .selectFrom('print_jobs')
      .select(['status', 'attempts'])
      .where('id', 'in', jobIds)
      .execute();
    expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
  }, 60_000);

  it('the selected event and the lottery are the same on every instance', async () => {
    const [first, second, third] = origins() as [string, string, string];
    const admin = await signIn(first, { username: 'admin', password: ADMIN_PASSWORD });
    const token = admin.access_token;
    const events = [await createEvent(db), await createEvent(db)];
    const selectedEverywhere = async () =>
      Promise.all(
        origins().map(
          async (origin) =>
            expectStatus(
              await call<{ id: number }>(origin, 'GET', '/api/events/selected', { token }),
            ).id,
        ),
      );
    expectStatus(
      await call(first, 'POST', '/api/events/select', { token, body: { id: events[0] } }),
    );
    expect(await selectedEverywhere()).toEqual([events[0], events[0], events[0]]);
    expectStatus(
      await call(third, 'POST', '/api/events/select', { token, body: { id: events[1] } }),
    );
    expect(await selectedEverywhere()).toEqual([events[1], events[1], events[1]]);

    const eventId = events[1]!;
    const operator = await createUser(db, { permissions: ['Lottery'] });
    for (let i = 0; i < 6; i++) {
      const participant = await createParticipant(db, eventId, { badge: true });
      await db
        .insertInto('check_ins')
        .values({
          participant_id: participant.id,
          event_id: eventId,
          user_id: operator.id,
          desk: '10.0.0.1',
          created_at: '2025-03-01T12:00:00.000Z',
        })
        .execute();
    }
    const lottery = await signIn(second, operator);
    const game = expectStatus(
      await call<LotteryGameDto>(first, 'POST', `/api/sorteio/${eventId}/novo`, {
        token: lottery.access_token,
        body: { products: [], prizesCount: 3 },
      }),
    );
    const draw = (origin: string, winners: number[]) =>
      call<LotteryDrawDto>(origin, 'POST', `/api/sorteio/atualizar/${game.id}`, {
        token: lottery.access_token,
        body: { winners, criteria: game.criteria },
      });
    const gameOn = async (origin: string) =>
      expectStatus(
        await call<LotteryGameDto>(origin, 'GET', `/api/sorteio/${game.id}`, {
          token: lottery.access_token,
        }),
      );

    const firstWinner = expectStatus(await draw(second, [])).winner.participantId;
    for (const origin of origins()) {
      expect((await gameOn(origin)).winners.map((w) => w.participantId)).toEqual([firstWinner]);
    }
    // A screen on another instance that has not seen the first draw is refused.
    const stale = await draw(third, []);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error_description: LOTTERY_STALE });

    // Three screens, one on each instance, draw the second prize at once: one wins.
    const racing = await Promise.all(origins().map((origin) => draw(origin, [firstWinner])));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const secondWinner = racing.find((answer) => answer.status === 200)!.body.winner;
    expect(secondWinner.participantId).not.toBe(firstWinner);
    const seen = await Promise.all(origins().map(gameOn));
    for (const state of seen) {
      expect(state.winners.map((w) => [w.position, w.participantId])).toEqual([
        [1, firstWinner],
        [2, secondWinner.participantId],
      ]);
      expect(state.poolSize).toBe(4);
    }
  }, 60_000);

  // Last: it stops an instance.
  it('an instance that stops is left out: every request still gets an answer', async () => {
    const stopped = cluster.instances[2]!;
    process.kill(stopped.pid, 'SIGTERM');
    await stopped.exited;

    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(cluster.origin, 'GET', '/api/health')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((answer) => answer.instance))).toEqual(new Set(['api1', 'api2']));
  });
});
