import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createCategory, createProduct } from './helpers/store.ts';
import { openMigratedTo, type OpenDatabase } from './helpers/test-database.ts';

/**
 * An install with sales made before report_buyer_slots: migrated, the table holds the sales the
 * summaries already hold (not an order still waiting for the fold, and still one refunded since
 * it was folded), per UTC hour and per UTC day.
 */
let old: OpenDatabase;

beforeAll(async () => {
  old = await openMigratedTo('20261202090000_report_names_english');
});
afterAll(() => old.close());

describe('migration 20261203140000_report_buyer_slots', () => {
  it('fills the hours and days of the folded sales', async () => {
    const { db, dialect } = old;
    const stamp = '2026-11-30T10:00:00.000Z';
    const { id: eventId } = await db
      .insertInto('events')
      .values({ name: 'Evento com vendas', date_created: stamp, date_updated: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const category = await createCategory(db, 'Produto', 'Roupas de antes');
    const shirt = (
      await createProduct(db, { categoryId: category, priceCents: 1000, name: 'Camiseta de antes' })
    ).id;
    // [state, report_sign, paid_at, quantity]: two folded sales in one hour, one the next day,
    // one paid and not folded yet (+1), one refunded after its fold (-1: still in the summaries).
    const orders: [string, number, string, number][] = [
      ['PAGO', 0, '2026-11-30T10:05:00.000Z', 1],
      ['ENTREGUE', 0, '2026-11-30T10:55:00.000Z', 2],
      ['PAGO', 0, '2026-12-01T02:30:00.000Z', 3],
      ['PAGO', 1, '2026-12-01T02:40:00.000Z', 4],
      ['ESTORNADO', -1, '2026-12-01T05:00:00.000Z', 5],
    ];
    for (const [state, sign, paidAt, quantity] of orders) {
      const { id } = await db
        .insertInto('orders')
        .values({
          event_id: eventId,
          state,
          cpf: '52998224725',
          customer_name: 'Ana de Antes',
          total_cents: 1000 * quantity,
          paid_at: paidAt,
          report_sign: sign,
          created_at: stamp,
          updated_at: stamp,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_items')
        .values({
          order_id: id,
          product_id: shirt,
          position: 0,
          quantity,
          unit_price_cents: 1000,
          discount_bp: 0,
          discount_cents: 0,
          total_cents: 1000 * quantity,
        } as never)
        .execute();
    }

    expect(await migrateToLatest(db, dialect)).toContain('20261203140000_report_buyer_slots');
    const rows = await db
      .selectFrom('report_buyer_slots')
      .select([
        'span',
        'slot',
        'product_id',
        'customer_name',
        'cpf',
        'orders',
        'quantity',
        'total_cents',
      ])
      .where('event_id', '=', eventId)
      .orderBy('span')
      .orderBy('slot')
      .execute();
    const buyer = { product_id: shirt, customer_name: 'Ana de Antes', cpf: '52998224725' };
    expect(
      rows.map((row) => ({
        ...row,
        quantity: Number(row.quantity),
        total_cents: Number(row.total_cents),
      })),
    ).toEqual([
      { span: 'day', slot: '2026-11-30', ...buyer, orders: 2, quantity: 3, total_cents: 3000 },
      { span: 'day', slot: '2026-12-01', ...buyer, orders: 2, quantity: 8, total_cents: 8000 },
      { span: 'hour', slot: '2026-11-30T10', ...buyer, orders: 2, quantity: 3, total_cents: 3000 },
      { span: 'hour', slot: '2026-12-01T02', ...buyer, orders: 1, quantity: 3, total_cents: 3000 },
      { span: 'hour', slot: '2026-12-01T05', ...buyer, orders: 1, quantity: 5, total_cents: 5000 },
    ]);
  });
});
