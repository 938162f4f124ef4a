import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code, so later edits
// to the app cannot alter what it created. Types used exist in both SQLite and PostgreSQL.

/** SPEC.md section 6, as of this migration. */
const PERMISSION_NAMES = [
  'System',
  'Center',
  'Course',
  'Coupons',
  'Courseware',
  'ChangeCourseware',
  'ReturnCourseware',
  'Event',
  'Participant',
  'Subscription',
  'ImportParticipants',
  'ImportProducts',
  'Attendance',
  'Product',
  'ProductTags',
  'Store',
  'Checkout',
  'Delivery',
  'StoreCheckout',
  'StoreCheckoutDelivery',
  'CheckoutDelivery',
  'Report',
  'Lottery',
];

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

  await withId(db.schema.createTable('permissions'))
    .addColumn('name', 'varchar(64)', (col) => col.notNull().unique())
    .execute();
  await db
    .insertInto('permissions')
    .values(PERMISSION_NAMES.map((name) => ({ name })))
    .execute();

  await withDates(withId(db.schema.createTable('profiles')))
    .addColumn('name', 'varchar(255)', (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable('profile_permissions')
    .addColumn('profile_id', 'integer', (col) =>
      col.notNull().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('permission_id', 'integer', (col) =>
      col.notNull().references('permissions.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('profile_permissions_pk', ['profile_id', 'permission_id'])
    .execute();

  await withDates(withId(db.schema.createTable('centers')))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('serial', 'integer', (col) => col.notNull())
    .addColumn('api_token', 'varchar(255)', (col) => col.notNull().unique())
    .execute();

  await withDates(withId(db.schema.createTable('product_categories')))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('type', 'varchar(16)', (col) =>
      col.notNull().check(sql`type in ('Produto', 'Curso')`),
    )
    .execute();

  await withDates(withId(db.schema.createTable('users')))
    .addColumn('username', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('center_id', 'integer', (col) => col.references('centers.id').onDelete('set null'))
    .execute();
  for (const [table, column, target] of [
    ['user_profiles', 'profile_id', 'profiles'],
    ['user_permissions', 'permission_id', 'permissions'],
    ['user_product_categories', 'category_id', 'product_categories'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn(column, 'integer', (col) =>
        col.notNull().references(`${target}.id`).onDelete('cascade'),
      )
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', column])
      .execute();
  }

  await withDates(withId(db.schema.createTable('events')))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('selected', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('endereco', 'text')
    .addColumn('local', 'text')
    .addColumn('valor_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('inicio', 'text')
    .addColumn('fim', 'text')
    .addColumn('link_courseware', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('print_enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('course_id', 'integer')
    .execute();
  // At most one selected event, enforced by the database itself (both dialects support it).
  await sql`create unique index events_single_selected on events (selected) where selected = true`.execute(
    db,
  );

  await withId(db.schema.createTable('tokens'))
    .addColumn('family_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('access_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('refresh_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('access_expires_at', 'text', (col) => col.notNull())
    .addColumn('refresh_expires_at', 'text', (col) => col.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('tokens_family').on('tokens').column('family_id').execute();
  await db.schema.createIndex('tokens_user').on('tokens').column('user_id').execute();
  await db.schema
    .createIndex('tokens_refresh_expiry')
    .on('tokens')
    .column('refresh_expires_at')
    .execute();

  await withId(db.schema.createTable('login_failures'))
    .addColumn('throttle_key', 'varchar(320)', (col) => col.notNull())
    .addColumn('failed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_time')
    .on('login_failures')
    .columns(['throttle_key', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_time')
    .on('login_failures')
    .column('failed_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'login_failures',
    'tokens',
    'events',
    'user_product_categories',
    'user_permissions',
    'user_profiles',
    'users',
    'product_categories',
    'centers',
    'profile_permissions',
    'profiles',
    'permissions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
