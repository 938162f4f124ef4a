import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPageDto } from '@balcao/contract';
import { openDatabase } from '../src/db/database.ts';
import { flushCpfViews, recordCpfView, VIEW_QUEUE_MAX } from '../src/modules/audit/record.ts';
import { createParticipant } from './helpers/accreditation.ts';
import { selectNewEvent, storeClerk, type StoreClerk } from './helpers/store.ts';
import { collectedLog, startTestApp, type TestContext } from './helpers/test-app.ts';

const { stream: logStream, lines: logLines } = collectedLog();

let t: TestContext;
let seller: StoreClerk;
let admin: StoreClerk;
let eventId: number;
beforeAll(async () => {
  t = await startTestApp({ config: { logLevel: 'warn' }, logStream });
  eventId = await selectNewEvent(t.db);
  seller = await storeClerk(t, ['Store']);
  admin = await storeClerk(t, ['System', 'Participant']);
});
afterAll(() => t.close());

/** A real failure of the batched insert: the table is not there while `during` runs. */
async function withoutAuditTable(during: () => Promise<void>): Promise<void> {
  await sql`alter table audit_log rename to audit_log_away`.execute(t.db);
  try {
    await during();
  } finally {
    await sql`alter table audit_log_away rename to audit_log`.execute(t.db);
  }
}

async function viewsBy(userId: number): Promise<AuditPageDto> {
  const response = await admin.call(
    'GET',
    `/api/audit?entidade=participants&usuario=${userId}&por_pagina=500`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPageDto>();
}

describe('queued CPF views', () => {
  it('a failed write keeps its rows and the next flush writes them', async () => {
    const customer = await createParticipant(t.db, eventId, { name: 'Nara Souto' });
    await withoutAuditTable(async () => {
      const found = await seller.call('GET', `/api/participants/name/${customer.cpf}`);
      expect(found.statusCode, found.body).toBe(200);
      await expect(flushCpfViews(t.db)).rejects.toThrow();
    });
    expect(logLines.join('')).toContain('consultas por CPF não gravadas');

    const { rows } = await viewsBy(seller.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      acao: 'view',
      registro: String(customer.id),
      depois: { cpf: customer.cpf, consulta: 'cliente', encontrado: true },
    });
  });

  it('while writes fail the queue is capped, and the rows let go are logged', async () => {
    const actor = { id: admin.userId, username: admin.username, ip: '10.0.0.9' };
    const extra = 25;
    await withoutAuditTable(async () => {
      for (let i = 0; i < VIEW_QUEUE_MAX + extra; i += 1) {
        await recordCpfView(t.db, actor, {
          cpf: String(i).padStart(11, '0'),
          participantId: undefined,
          lookup: 'cliente',
          at: t.clock.now(),
        });
      }
      await expect(flushCpfViews(t.db)).rejects.toThrow();
    });
    await flushCpfViews(t.db);
    const written = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('username', '=', admin.username)
      .executeTakeFirstOrThrow();
    expect(Number(written.count)).toBe(VIEW_QUEUE_MAX);
    expect(logLines.join('')).toContain('consultas por CPF descartadas');
    // The oldest were let go: the newest is there.
    const newest = String(VIEW_QUEUE_MAX + extra - 1).padStart(11, '0');
    const { total_linhas } = (
      await admin.call('GET', `/api/audit?usuario=${admin.userId}&busca=${newest}`)
    ).json<AuditPageDto>();
    expect(total_linhas).toBe(1);
  });

  // PostgreSQL: a pool, so the held lock does not stop this test's own connection (on SQLite a
  // second writer in this process would wait for the file's lock synchronously).
  it.skipIf(process.env.BALCAO_TEST_DB !== 'postgres')(
    'the log read while a queued write is under way waits for it and shows the view',
    async () => {
      const customer = await createParticipant(t.db, eventId, { name: 'Otávio Lento' });
      const other = openDatabase(t.config.databaseUrl);
      try {
        // Another connection holds the table: the timer's write starts and waits on it, and the
        // log is read meanwhile.
        const { reading, settledWhileLocked } = await other.db
          .transaction()
          .execute(async (trx) => {
            await sql`lock table audit_log in exclusive mode`.execute(trx);
            const found = await seller.call('GET', `/api/participants/name/${customer.cpf}`);
            expect(found.statusCode, found.body).toBe(200);
            await delay(400);
            let settled = false;
            const page = viewsBy(seller.userId).finally(() => (settled = true));
            await delay(300);
            return { reading: page, settledWhileLocked: settled };
          });
        expect(settledWhileLocked).toBe(false);
        const { rows } = await reading;
        expect(rows.map((row) => row.registro)).toContain(String(customer.id));
      } finally {
        await other.db.destroy();
      }
    },
  );
});
