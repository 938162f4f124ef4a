import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code, so later edits
// to the app cannot alter what it created. Types used exist in both SQLite and PostgreSQL.
// Money is integer cents; instants are ISO-8601 UTC text, as in the foundation.

/** SPEC.md section 3's printer mapping services, as of this migration. */
const PRINT_SERVICES = ['BADGE', 'COUPON', 'PRODUCT', 'CHECKOUT', 'DELIVERY', 'COURSEWARE'];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  const withDates = (table: Table): Table =>
    table
      .addColumn('date_created', 'text', (col) => col.notNull())
      .addColumn('date_updated', 'text', (col) => col.notNull());
  const uniqueIndex = (name: string, table: string, expressions: string) =>
    sql`create unique index ${sql.id(name)} on ${sql.id(table)} (${sql.raw(expressions)})`.execute(
      db,
    );
  const index = (name: string, table: string, column: string) =>
    db.schema.createIndex(name).on(table).column(column).execute();

  // Deletes of referenced rows are refused (no cascade): the API checks first and answers 409.
  await withDates(withId(db.schema.createTable('countries')))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .execute();
  await uniqueIndex('countries_name', 'countries', 'lower(name)');

  await withDates(withId(db.schema.createTable('cities')))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .execute();
  await uniqueIndex('cities_country_name', 'cities', 'country_id, lower(name)');

  await db.schema
    .alterTable('centers')
    .addColumn('city_id', 'integer', (col) => col.references('cities.id'))
    .execute();
  await index('centers_city', 'centers', 'city_id');
  await uniqueIndex('centers_serial', 'centers', 'serial');

  await withDates(withId(db.schema.createTable('courses')))
    .addColumn('serial', 'integer', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .execute();
  // events.course_id predates this table; SQLite cannot add a foreign key to an existing column,
  // so course deletes check events explicitly. The index keeps that check cheap.
  await index('events_course', 'events', 'course_id');

  await uniqueIndex('product_categories_name', 'product_categories', 'lower(name)');
  await index('user_product_categories_category', 'user_product_categories', 'category_id');
  await index('user_profiles_profile', 'user_profiles', 'profile_id');
  await index('users_center', 'users', 'center_id');

  await withDates(withId(db.schema.createTable('products')))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('product_categories.id'))
    .addColumn('price_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('inventory', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`inventory >= 0`),
    )
    .addColumn('cod_totvs', 'varchar(64)')
    .execute();
  await index('products_category', 'products', 'category_id');
  await uniqueIndex('products_cod_totvs', 'products', 'cod_totvs');

  await withId(db.schema.createTable('stock_movements'))
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('inventory_after', 'integer', (col) => col.notNull())
    .addColumn('reason', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await index('stock_movements_product', 'stock_movements', 'product_id');
  await index('stock_movements_user', 'stock_movements', 'user_id');

  await withDates(withId(db.schema.createTable('printers')))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('serial', 'varchar(255)')
    .addColumn('api_token', 'varchar(255)', (col) => col.notNull().unique())
    .execute();
  await uniqueIndex('printers_name', 'printers', 'lower(name)');

  await withDates(withId(db.schema.createTable('print_mappings')))
    .addColumn('origin', 'varchar(255)', (col) => col.notNull())
    .addColumn('printer_id', 'integer', (col) => col.notNull().references('printers.id'))
    .addColumn('service', 'varchar(16)', (col) =>
      col.notNull().check(sql`service in (${sql.join(PRINT_SERVICES.map((s) => sql.lit(s)))})`),
    )
    .execute();
  await uniqueIndex('print_mappings_origin_service', 'print_mappings', 'origin, service');
  await index('print_mappings_printer', 'print_mappings', 'printer_id');
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['print_mappings', 'printers', 'stock_movements', 'products', 'courses']) {
    await db.schema.dropTable(table).execute();
  }
  for (const name of [
    'users_center',
    'user_profiles_profile',
    'user_product_categories_category',
    'product_categories_name',
    'events_course',
    'centers_serial',
    'centers_city',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.alterTable('centers').dropColumn('city_id').execute();
  await db.schema.dropTable('cities').execute();
  await db.schema.dropTable('countries').execute();
}
