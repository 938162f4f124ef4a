import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintService } from '@balcao/contract';
import {
  claimNextJob,
  printDocument,
  removeExpiredFiles,
  CLAIM_TIMEOUT_MS,
  FILE_RETENTION_MS,
} from '../src/printing/queue.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';
import { issueTokens } from '../src/auth/tokens.ts';
import { readPdf } from './helpers/pdf-text.ts';
import { bearer, createPrinter, createUser, mapPrinter } from './helpers/fixtures.ts';

let t: TestContext;
const PDF = Buffer.from('%PDF-1.4\n% teste\n');

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const stamp = '2025-03-01T12:00:00.000Z';

const signedIn = async (userId: number) =>
  bearer((await issueTokens(t.db, userId, t.config, t.clock.now())).accessToken);

const printAs = (user: { id: number; username: string }, service: PrintService) =>
  printDocument(t.db, t.clock.now(), { user, service, kind: 'badge', title: 'Crachá', pdf: PDF });

describe('routing through the printer mapping', () => {
  it('answers a filename when nothing is mapped, and the author can fetch the PDF', async () => {
    const user = await createUser(t.db);
    const outcome = await printAs(user, 'DELIVERY');
    expect(outcome).toEqual({ filename: expect.stringMatching(/^badge-[\w-]+\.pdf$/) });
    if (!('filename' in outcome)) throw new Error('expected a filename');

    const mine = await t.app.inject({
      url: `/api/prints/files/${outcome.filename}`,
      headers: await signedIn(user.id),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(PDF)).toBe(true);

    const stranger = await createUser(t.db);
    const theirs = await t.app.inject({
      url: `/api/prints/files/${outcome.filename}`,
      headers: await signedIn(stranger.id),
    });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/prints/files/${outcome.filename}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("queues for the '*' printer, and a user's own mapping wins over it", async () => {
    const everyone = await createPrinter(t.db, 'Balcão geral');
    const own = await createPrinter(t.db, 'Balcão 7');
    await mapPrinter(t.db, '*', everyone.id, 'BADGE');
    const clerk = await createUser(t.db);
    const other = await createUser(t.db);
    await mapPrinter(t.db, clerk.username, own.id, 'BADGE');

    expect(await printAs(other, 'BADGE')).toEqual({
      jobId: expect.any(Number),
      printer: 'Balcão geral',
    });
    expect(await printAs(clerk, 'BADGE')).toEqual({
      jobId: expect.any(Number),
      printer: 'Balcão 7',
    });
    expect(await printAs(clerk, 'COUPON')).toEqual({ filename: expect.any(String) });
  });

  it('tells a batch where this user’s prints of a service go, before it prints', async () => {
    const printer = await createPrinter(t.db, 'Selos 2');
    const clerk = await createUser(t.db);
    await mapPrinter(t.db, clerk.username, printer.id, 'COURSEWARE');
    const destination = async (service: string) =>
      t.app.inject({
        url: `/api/prints/destination?service=${service}`,
        headers: await signedIn(clerk.id),
      });

    expect((await destination('COURSEWARE')).json()).toEqual({ printer: 'Selos 2' });
    expect((await destination('DELIVERY')).json()).toEqual({ printer: null });
    const unknown = await destination('NADA');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('the agent API', () => {
  it('hands each job to one agent, serves its PDF, and records done and failed', async () => {
    const printer = await createPrinter(t.db, 'Etiquetas');
    await mapPrinter(t.db, '*', printer.id, 'PRODUCT');
    const clerk = await createUser(t.db);
    const jobs = [];
    for (let i = 0; i < 6; i++) jobs.push(await printAs(clerk, 'PRODUCT'));
    const agent = bearer(printer.token);

    // Two agents polling the same printer at once: every job is claimed exactly once.
    const claimed: number[] = [];
    const poll = async () => {
      for (;;) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/prints/agent/next',
          headers: agent,
        });
        if (response.statusCode === 204) return;
        expect(response.statusCode).toBe(200);
        claimed.push(response.json().id);
      }
    };
    await Promise.all([poll(), poll()]);
    expect(claimed.sort()).toEqual(jobs.map((job) => ('jobId' in job ? job.jobId : 0)).sort());

    const [first, second] = claimed as [number, number];
    const file = await t.app.inject({
      url: `/api/prints/agent/jobs/${first}/file`,
      headers: agent,
    });
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/prints/agent/jobs/${first}/done`,
      headers: agent,
    });
    expect(done.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/prints/agent/jobs/${first}/done`,
      headers: agent,
    });
    expect(again.statusCode).toBe(409);
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/prints/agent/jobs/${second}/failed`,
      headers: agent,
      payload: { error: 'lp: impressora sem papel' },
    });
    expect(failed.statusCode).toBe(204);

    const admin = await signedIn((await createUser(t.db, { permissions: ['System'] })).id);
    const list = (await t.app.inject({ url: '/api/prints/jobs/select', headers: admin })).json();
    const row = list.data.find((job: { id: number }) => job.id === second);
    expect(row).toMatchObject({
      status: 'failed',
      error: 'lp: impressora sem papel',
      printer: { name: 'Etiquetas' },
    });

    // A reprint puts the failed job back in the queue for the agent.
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/prints/jobs/${second}/retry`,
      headers: admin,
    });
    expect(retry.statusCode).toBe(204);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/prints/agent/next',
      headers: agent,
    });
    expect(next.json()).toMatchObject({ id: second, kind: 'badge' });
  });

  it('refuses a token that is not a printer apiToken', async () => {
    const clerk = await createUser(t.db);
    for (const headers of [{}, bearer('nope'), await signedIn(clerk.id)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prints/agent/next',
        headers,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('fails a claimed job whose agent never answered, so a person can reprint it', async () => {
    const printer = await createPrinter(t.db, 'Crachás');
    await mapPrinter(t.db, '*', printer.id, 'COURSEWARE');
    const clerk = await createUser(t.db);
    const job = await printAs(clerk, 'COURSEWARE');
    const claimed = await claimNextJob(t.db, printer.id, t.clock.now());
    expect(claimed?.id).toBe('jobId' in job ? job.jobId : -1);

    t.clock.advance(CLAIM_TIMEOUT_MS / 1000 + 1);
    expect(await claimNextJob(t.db, printer.id, t.clock.now())).toBeUndefined();
    const row = await t.db
      .selectFrom('print_jobs')
      .selectAll()
      .where('id', '=', claimed!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });
});

describe('what the desks show about a queued print', () => {
  const nextJob = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/prints/agent/next', headers: bearer(token) });

  it('lets the desk that queued a job follow it until the agent prints it', async () => {
    const printer = await createPrinter(t.db, 'Crachás 3');
    const clerk = await createUser(t.db);
    await mapPrinter(t.db, clerk.username, printer.id, 'BADGE');
    const outcome = await printAs(clerk, 'BADGE');
    if (!('jobId' in outcome)) throw new Error('expected a queued job');
    const job = async (headers: Record<string, string>, id: number | string = outcome.jobId) =>
      t.app.inject({ url: `/api/prints/jobs/${id}`, headers });
    const mine = await signedIn(clerk.id);

    expect((await job(mine)).json()).toMatchObject({
      id: outcome.jobId,
      status: 'queued',
      attempts: 0,
      printer: { name: 'Crachás 3' },
    });
    expect((await nextJob(printer.token)).json()).toMatchObject({ id: outcome.jobId });
    expect((await job(mine)).json()).toMatchObject({ status: 'printing', attempts: 1 });
    await t.app.inject({
      method: 'POST',
      url: `/api/prints/agent/jobs/${outcome.jobId}/done`,
      headers: bearer(printer.token),
    });
    expect((await job(mine)).json()).toMatchObject({ status: 'done' });

    // Only its author, or System, sees the job.
    const stranger = await job(await signedIn((await createUser(t.db)).id));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({
      error: 'not_found',
      error_description: 'Trabalho de impressão não encontrado.',
    });
    const system = await signedIn((await createUser(t.db, { permissions: ['System'] })).id);
    expect((await job(system)).statusCode).toBe(200);
    expect((await job({})).statusCode).toBe(401);
    const bad = await job(mine, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request' });
  });

  it("says which of the user's printers have an agent asking for work in the last 30 s", async () => {
    const badges = await createPrinter(t.db, 'Crachás 4');
    const till = await createPrinter(t.db, 'Caixa 4');
    const clerk = await createUser(t.db);
    await mapPrinter(t.db, clerk.username, badges.id, 'BADGE');
    await mapPrinter(t.db, clerk.username, badges.id, 'COURSEWARE');
    await mapPrinter(t.db, clerk.username, till.id, 'CHECKOUT');
    const headers = await signedIn(clerk.id);
    const status = async () => {
      const response = await t.app.inject({ url: '/api/prints/status', headers });
      expect(response.statusCode, response.body).toBe(200);
      // Earlier tests map '*' printers too: only this clerk's own two are looked at.
      return response
        .json<{ printers: { name: string; silent: boolean }[] }>()
        .printers.filter((printer) => ['Crachás 4', 'Caixa 4'].includes(printer.name));
    };

    // No agent ever polled: both are silent.
    expect(await status()).toEqual([
      { name: 'Crachás 4', services: ['BADGE', 'COURSEWARE'], agentSeenAt: null, silent: true },
      { name: 'Caixa 4', services: ['CHECKOUT'], agentSeenAt: null, silent: true },
    ]);
    const polledAt = t.clock.now().toISOString();
    expect((await nextJob(badges.token)).statusCode).toBe(204);
    expect(await status()).toEqual([
      {
        name: 'Crachás 4',
        services: ['BADGE', 'COURSEWARE'],
        agentSeenAt: polledAt,
        silent: false,
      },
      { name: 'Caixa 4', services: ['CHECKOUT'], agentSeenAt: null, silent: true },
    ]);
    t.clock.advance(30);
    expect((await status())[0]).toMatchObject({ silent: false });
    t.clock.advance(1);
    expect((await status())[0]).toMatchObject({ agentSeenAt: polledAt, silent: true });

    const anonymous = await t.app.inject({ url: '/api/prints/status' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/products/{id}/print', () => {
  it('renders ceil(quantity / 3) tag sheets, for the browser when no printer is mapped', async () => {
    await t.db.deleteFrom('print_mappings').execute();
    const category = await t.db
      .insertInto('product_categories')
      .values({ name: 'Livros', type: 'Produto', date_created: stamp, date_updated: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await t.db
      .insertInto('products')
      .values({
        name: 'Caderno Ônix',
        category_id: category.id,
        price_cents: 2590,
        cod_totvs: 'PA0042',
        date_created: stamp,
        date_updated: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clerk = await createUser(t.db, { permissions: ['Product'] });
    const headers = await signedIn(clerk.id);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/print`,
      headers,
      payload: { quantity: 7 },
    });
    expect(response.statusCode).toBe(200);
    const { filename } = response.json();
    const file = await t.app.inject({ url: `/api/prints/files/${filename}`, headers });
    const pdf = await readPdf(file.rawPayload);
    expect(pdf.pages).toHaveLength(3);
    expect(pdf.pages[0]?.text).toContain('Caderno Ônix');
    expect(pdf.pages[0]?.text).toContain('R$ 25,90');

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/print`,
      headers,
      payload: { quantity: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toMatch(/quantity/);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/products/999999/print',
      headers,
      payload: { quantity: 3 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_description).toBe('Produto não encontrado.');
  });
});

describe('file retention', () => {
  it('removes files a day old but keeps those a pending job still needs', async () => {
    const printer = await createPrinter(t.db, 'Caixa 1');
    await mapPrinter(t.db, '*', printer.id, 'CHECKOUT');
    const clerk = await createUser(t.db);
    const browserFile = await printAs(clerk, 'DELIVERY');
    const pending = await printAs(clerk, 'CHECKOUT');
    if (!('filename' in browserFile) || !('jobId' in pending))
      throw new Error('unexpected routing');

    t.clock.advance(FILE_RETENTION_MS / 1000 + 60);
    await removeExpiredFiles(t.db, t.clock.now());

    const gone = await t.app.inject({
      url: `/api/prints/files/${browserFile.filename}`,
      headers: await signedIn(clerk.id),
    });
    expect(gone.statusCode).toBe(404);
    const kept = await t.app.inject({
      url: `/api/prints/agent/jobs/${pending.jobId}/file`,
      headers: bearer(printer.token),
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });
});
