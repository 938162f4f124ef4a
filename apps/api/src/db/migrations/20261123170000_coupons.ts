import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// Coupons (docs/coupons-api.md): templates per event, the coupons generated from them (each with
// a random unique code and its own copy of the template's values), the automatic coupon settings
// per event, and each order line's coupon percent while its order holds a coupon. Percents are
// basis points, money cents, instants ISO-8601 UTC text; lists and categories are JSON arrays.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  const couponValues = (table: Table): Table =>
    table
      .addColumn('value_bp', 'integer', (col) =>
        col.notNull().check(sql`value_bp > 0 and value_bp <= 10000`),
      )
      .addColumn('type', 'varchar(16)', (col) => col.notNull().defaultTo('PERCENT_VALUE'))
      .addColumn('categories', 'text', (col) => col.notNull())
      .addColumn('start_date', 'text')
      .addColumn('expiration_date', 'text', (col) => col.notNull())
      .addColumn('white_list', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('black_list', 'text', (col) => col.notNull().defaultTo('[]'));

  await couponValues(withId(db.schema.createTable('coupon_templates')))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('propagate', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('removed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('coupon_templates_event')
    .on('coupon_templates')
    .column('event_id')
    .execute();

  await couponValues(withId(db.schema.createTable('coupons')))
    .addColumn('template_id', 'integer', (col) => col.notNull().references('coupon_templates.id'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('code', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('valid', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('used_at', 'text')
    .addColumn('used_order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('origin_order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('removed_at', 'text')
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('coupons_event').on('coupons').column('event_id').execute();
  await db.schema.createIndex('coupons_template').on('coupons').column('template_id').execute();
  // An order uses at most one coupon; a coupon is used by at most one order (the guarded update
  // is the rule, this index the last word).
  await db.schema
    .createIndex('coupons_used_order')
    .on('coupons')
    .column('used_order_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('coupons_origin_order')
    .on('coupons')
    .column('origin_order_id')
    .execute();

  await db.schema
    .createTable('coupon_configs')
    .addColumn('event_id', 'integer', (col) => col.primaryKey().references('events.id'))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('template_id', 'integer', (col) => col.references('coupon_templates.id'))
    .addColumn('min_value_cents', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`min_value_cents >= 0`),
    )
    .addColumn('updated_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('order_items')
    .addColumn('coupon_bp', 'integer', (col) => col.check(sql`coupon_bp between 0 and 10000`))
    .execute();
  await db.schema.createIndex('orders_coupon').on('orders').column('coupon_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_coupon').execute();
  await db.schema.alterTable('order_items').dropColumn('coupon_bp').execute();
  await db.schema.dropTable('coupon_configs').execute();
  await db.schema.dropTable('coupons').execute();
  await db.schema.dropTable('coupon_templates').execute();
}
