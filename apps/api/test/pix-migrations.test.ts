import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { isUniqueViolation } from '../src/db/errors.ts';
import { openTotpSecret } from '../src/totp-secret-box.ts';
import { openMigratedTo, type OpenDatabase } from './helpers/test-database.ts';

/**
 * An install from before issue #41: its webhook secret stored in clear, and an order left with two
 * active PIX charges by two tills at once. Migrated, the secret is sealed and one charge stays.
 */
let old: OpenDatabase;

beforeAll(async () => {
  old = await openMigratedTo('20261129100000_sales_to_fold');
});
afterAll(() => old.close());

describe('migrations 20261130090000_pix_webhook_secret_sealed and _pix_one_active_charge', () => {
  it('seals the stored webhook secret and keeps one active charge per order', async () => {
    const { db, dialect } = old;
    const stamp = '2026-11-29T10:00:00.000Z';
    const dated = { date_created: stamp, date_updated: stamp };
    const secret = 'segredo-do-webhook-em-claro-0123456789';
    await db
      .insertInto('pix_psp_settings')
      .values({
        id: 1,
        base_url: 'https://psp.exemplo.com.br/v2',
        client_id: 'balcao',
        client_secret_sealed: 'v1.x',
        certificate_pem: 'pem',
        private_key_sealed: 'v1.y',
        webhook_secret: secret,
        updated_at: stamp,
      } as never)
      .execute();
    const event = await db
      .insertInto('events')
      .values({ name: 'Evento antigo', ...dated })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await db
      .insertInto('orders')
      .values({
        event_id: event.id,
        state: 'AGUARDANDO_PAGAMENTO',
        total_cents: 5000,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const charge = (attempt: number, cents: number) => ({
      txid: `BALCAO${String(order.id).padStart(15, '0')}T${String(attempt).padStart(4, '0')}`,
      order_id: order.id,
      attempt,
      amount_cents: cents,
      status: 'ATIVA' as const,
      pix_copia_e_cola: '000201',
      expires_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    });
    await db
      .insertInto('pix_charges')
      .values([charge(1, 2000), charge(2, 3000)])
      .execute();

    const key = randomBytes(32);
    expect(await migrateToLatest(db, dialect, key)).toEqual(
      expect.arrayContaining([
        '20261130090000_pix_webhook_secret_sealed',
        '20261130090100_pix_one_active_charge',
      ]),
    );
    const { webhook_secret_sealed } = await db
      .selectFrom('pix_psp_settings')
      .select('webhook_secret_sealed')
      .executeTakeFirstOrThrow();
    expect(webhook_secret_sealed).not.toContain(secret);
    expect(openTotpSecret([key], webhook_secret_sealed)).toBe(secret);

    const charges = await db
      .selectFrom('pix_charges')
      .select(['attempt', 'status'])
      .orderBy('attempt')
      .execute();
    expect(charges).toEqual([
      { attempt: 1, status: 'EXPIRADA' },
      { attempt: 2, status: 'ATIVA' },
    ]);
    const second = await db
      .insertInto('pix_charges')
      .values(charge(3, 4000))
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(second)).toBe(true);
  });
});
