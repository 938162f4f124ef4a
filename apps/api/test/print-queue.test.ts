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
import { bearer, createUser } from './helpers/fixtures.ts';

let t: TestContext;
const PDF = Buffer.from('%PDF-1.4\n% teste\n');

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const stamp = '2025-03-01T12:00:00.000Z';

const signedIn = async (userId: number) =>
  bearer((await issueTokens(t.db, userId, t.config, t.clock.now())).accessToken);

async function createPrinter(name: string): Promise<{ id: number; token: string }> {
  const token = `impressora-${Math.random().toString(36).slice(2)}`;
  const { id } = await t.db
    .insertInto('printers')
    .values({ name, serial: null, api_token: token, date_created: stamp, date_updated: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token };
}

async function mapPrinter(origin: string, printerId: number, service: PrintService) {
  await t.db
    .insertInto('print_mappings')
    .values({ origin, printer_id: printerId, service, date_created: stamp, date_updated: stamp })
    .execute();
}

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
    const everyone = await createPrinter('Balcão geral');
    const own = await createPrinter('Balcão 7');
    await mapPrinter('*', everyone.id, 'BADGE');
    const clerk = await createUser(t.db);
    const other = await createUser(t.db);
    await mapPrinter(clerk.username, own.id, 'BADGE');

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
    const printer = await createPrinter('Selos 2');
    const clerk = await createUser(t.db);
    await mapPrinter(clerk.username, printer.id, 'COURSEWARE');
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
    const printer = await createPrinter('Etiquetas');
    await mapPrinter('*', printer.id, 'PRODUCT');
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
    const printer = await createPrinter('Crachás');
    await mapPrinter('*', printer.id, 'COURSEWARE');
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
    const printer = await createPrinter('Caixa 1');
    await mapPrinter('*', printer.id, 'CHECKOUT');
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
