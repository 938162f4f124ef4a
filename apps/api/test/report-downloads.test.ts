import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from './helpers/fixtures.ts';
import { selectNewEvent } from './helpers/store.ts';
import { startTestApp, type TestContext } from './helpers/test-app.ts';

/**
 * The CSV downloads stream (docs/reports-api.md, 'Downloads'): a long one leaves turns for every
 * other desk's requests, over a real listening server, and its file is whole.
 */
const ORDERS = 20_000;

let t: TestContext;
let base: string;
let reporter: Record<string, string>;
let eventId: number;

beforeAll(async () => {
  t = await startTestApp();
  eventId = await selectNewEvent(t.db);
  const user = await createUser(t.db, { permissions: ['Report'] });
  reporter = bearer((await login(t.app, user)).access_token);
  const at = '2025-03-10T12:00:00.000Z';
  for (let first = 0; first < ORDERS; first += 500) {
    await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: Math.min(500, ORDERS - first) }, (_, index) => ({
          event_id: eventId,
          state: 'PAGO' as const,
          participant_id: null,
          cpf: String(10_000_000_000 + first + index),
          customer_name: `Cliente ${first + index}`,
          associated_at: null,
          seller_id: null,
          cashier_id: null,
          total_cents: 150,
          coupon_id: null,
          coupon_name: null,
          coupon_percent_bp: null,
          paid_at: at,
          delivered_at: null,
          delivered_by: null,
          refunded_at: null,
          refund_reason: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a large CSV download', () => {
  it('leaves turns for other requests: /api/health answers while its rows are still read', async () => {
    // The export is recorded in the audit once its last row is read: before the fix, the whole
    // result was read and recorded before any other request got a turn.
    const exportsRecorded = async () =>
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('entity', '=', 'exports')
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await exportsRecorded())).toBe(0);
    const download = fetch(`${base}/api/reports/carrinhos/pagos/csv?eventId=${eventId}`, {
      headers: reporter,
    }).then(async (response) => {
      // Read as bytes: text() would drop the BOM.
      const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
      return { status: response.status, text };
    });
    // Sent once the download's request is on its way: a desk asking while the file is read.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const health = await fetch(`${base}/api/health`);
    await health.text();
    const recordedWhenHealthAnswered = Number(await exportsRecorded());
    const file = await download;
    expect(health.status).toBe(200);
    expect(recordedWhenHealthAnswered).toBe(0);
    expect(Number(await exportsRecorded())).toBe(1);

    // The whole file: BOM and header, one line per paid order in paid order, then the totals.
    expect(file.status).toBe(200);
    const lines = file.text.split('\r\n');
    expect(lines[0]!.startsWith('\uFEFF')).toBe(true);
    expect(lines).toHaveLength(1 + ORDERS + 1 + 1); // header, orders, totals, '' after the last CRLF
    expect(lines[1]).toContain(';Cliente 0;');
    expect(lines[ORDERS]).toContain(`;Cliente ${ORDERS - 1};`);
    expect(lines[ORDERS + 1]).toBe(`Total;;;;;;;0;${(ORDERS * 1.5).toFixed(2).replace('.', ',')}`);
    // CPFs masked: this user lacks the Participant permission.
    expect(file.text).not.toContain('10000000000');
  });

  it('records the export with the rows it wrote', async () => {
    const response = await fetch(`${base}/api/reports/carrinhos/pagos/csv?eventId=${eventId}`, {
      headers: reporter,
    });
    await response.text();
    const logged = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity', '=', 'exports')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(logged.after))).toMatchObject({ linhas: ORDERS });
  });
});
