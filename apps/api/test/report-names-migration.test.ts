import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPage } from '@balcao/contract';
import { migrateToLatest } from '../src/db/migrate.ts';
import { runReport } from '../src/modules/reports/service.ts';
import type { ReportFilters } from '../src/modules/reports/filters.ts';
import { createCenter } from './helpers/fixtures.ts';
import { createCategory, createProduct } from './helpers/store.ts';
import { openMigratedTo, type OpenDatabase } from './helpers/test-database.ts';

/**
 * An install whose report summaries were kept under the Portuguese columns and dims (issue #46):
 * migrated, the reports read the same rows under the English names and answer as before.
 */
let old: OpenDatabase;

beforeAll(async () => {
  old = await openMigratedTo('20261201090000_payment_received');
});
afterAll(() => old.close());

describe('migration 20261202090000_report_names_english', () => {
  it("keeps every summary row, and the reports' answers, under the English names", async () => {
    const { db, dialect } = old;
    const stamp = '2026-11-30T10:00:00.000Z';
    const { id: eventId } = await db
      .insertInto('events')
      .values({ name: 'Evento antigo', date_created: stamp, date_updated: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const category = await createCategory(db, 'Produto', 'Roupas antigas');
    const product = (
      await createProduct(db, { categoryId: category, priceCents: 1000, name: 'Camiseta antiga' })
    ).id;
    const seller = await createCenter(db, 'Núcleo Vendedor', 901);
    const buyer = await createCenter(db, 'Núcleo Comprador', 902);
    const { id: cash } = await db
      .selectFrom('payment_methods')
      .select('id')
      .where('name', '=', 'Dinheiro')
      .executeTakeFirstOrThrow();
    // Two orders of 3 shirts: R$ 30,00 at list price, R$ 27,00 paid; one took a 10% coupon (77).
    const hour = '2026-11-30T10';
    await sql`insert into report_sales
        (event_id, slot, dim, key_id, category_id, shard, pedidos, quantidade, bruto_cents, net_cents)
      values (${eventId}, ${hour}, 'produto', ${product}, ${category}, 0, 2, 3, 3000, 2700),
             (${eventId}, ${hour}, 'categoria', ${category}, ${category}, 0, 2, 3, 3000, 2700),
             (${eventId}, ${hour}, 'vendedor', ${seller}, ${category}, 0, 2, 3, 3000, 2700),
             (${eventId}, ${hour}, 'vendedor', ${seller}, 0, 0, 2, 3, 3000, 2700),
             (${eventId}, ${hour}, 'comprador', ${buyer}, ${category}, 0, 2, 3, 3000, 2700),
             (${eventId}, ${hour}, 'comprador', ${buyer}, 0, 0, 2, 3, 3000, 2700),
             (${eventId}, ${hour}, 'cupom', 77, 1000, 0, 1, 1, 1000, 900),
             (${eventId}, '', 'compradores', ${product}, 0, 0, 1, 0, 0, 0)`.execute(db);
    await sql`insert into report_buyers
        (event_id, product_id, customer_name, cpf, pedidos, quantidade, total_cents)
      values (${eventId}, ${product}, 'Ana Antiga', '52998224725', 2, 3, 2700)`.execute(db);
    await sql`insert into report_payments
        (event_id, slot, payment_method_id, shard, pagamentos, total_cents)
      values (${eventId}, ${hour}, ${cash}, 0, 2, 2700)`.execute(db);

    expect(await migrateToLatest(db, dialect)).toContain('20261202090000_report_names_english');

    const sales = await db
      .selectFrom('report_sales')
      .select(['dim', 'key_id', 'category_id', 'orders', 'quantity', 'gross_cents', 'net_cents'])
      .where('event_id', '=', eventId)
      .orderBy('dim')
      .orderBy('category_id')
      .execute();
    const figures = (orders: number, quantity: number, gross: number, net: number) => ({
      orders,
      quantity,
      gross_cents: gross,
      net_cents: net,
    });
    expect(
      sales.map((row) => ({
        ...row,
        quantity: Number(row.quantity),
        gross_cents: Number(row.gross_cents),
        net_cents: Number(row.net_cents),
      })),
    ).toEqual([
      { dim: 'buyer', key_id: buyer, category_id: 0, ...figures(2, 3, 3000, 2700) },
      { dim: 'buyer', key_id: buyer, category_id: category, ...figures(2, 3, 3000, 2700) },
      { dim: 'buyers', key_id: product, category_id: 0, ...figures(1, 0, 0, 0) },
      { dim: 'category', key_id: category, category_id: category, ...figures(2, 3, 3000, 2700) },
      { dim: 'coupon', key_id: 77, category_id: 1000, ...figures(1, 1, 1000, 900) },
      { dim: 'product', key_id: product, category_id: category, ...figures(2, 3, 3000, 2700) },
      { dim: 'seller', key_id: seller, category_id: 0, ...figures(2, 3, 3000, 2700) },
      { dim: 'seller', key_id: seller, category_id: category, ...figures(2, 3, 3000, 2700) },
    ]);

    const filters: ReportFilters = { eventId, from: null, until: null };
    const answer = (page: ReportPage) => runReport(db, page, filters);
    const sold = { pedidos: 2, quantidade: 3, bruto: 30, descontos: 3, total: 27 };
    expect(await answer('REPORT_TOTAL_SALES')).toEqual({
      rows: [{ categoria: 'Roupas antigas', ...sold }],
      totals: sold,
    });
    expect((await answer('REPORT_CENTER_SALES')).rows).toEqual([
      { nucleo: 'Núcleo Vendedor', ...sold },
    ]);
    expect((await answer('REPORT_PARTICIPANT_PURCHASES')).rows).toEqual([
      { nucleo: 'Núcleo Comprador', ...sold },
    ]);
    expect((await answer('REPORT_PRODUCT_SALES')).rows).toEqual([
      { produto: 'Camiseta antiga', categoria: 'Roupas antigas', ...sold },
    ]);
    expect(await answer('REPORT_PAYMENT_SALES')).toEqual({
      rows: [{ forma_pagamento: 'Dinheiro', pagamentos: 2, total: 27 }],
      totals: { pagamentos: 2, total: 27 },
    });
    expect(
      await runReport(db, 'REPORT_PRODUCT_BUYERS', filters, {
        page: 1,
        size: 10,
        order: null,
        descending: false,
      }),
    ).toEqual({
      rows: [
        {
          produto: 'Camiseta antiga',
          cpf: '52998224725',
          nome: 'Ana Antiga',
          quantidade: 3,
          total: 27,
        },
      ],
      totals: { quantidade: 3, total: 27 },
      total_linhas: 1,
    });
  });
});
