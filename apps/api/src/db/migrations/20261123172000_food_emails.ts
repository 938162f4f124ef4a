import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// The kitchen's food panel (docs/food-api.md): one settings row and the product categories that
// count as food. E-mails (docs/emails-api.md): the SMTP settings (one row), and each sending as a
// batch whose recipients are the queue, one row per address with its own result.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  await db.schema
    .createTable('food_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('offset_units', 'integer', (col) => col.notNull())
    .addColumn('target_units', 'integer', (col) => col.notNull())
    .addColumn('refresh_seconds', 'integer', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('food_categories')
    .addColumn('category_id', 'integer', (col) =>
      col.primaryKey().references('product_categories.id').onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('smtp_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('host', 'varchar(255)', (col) => col.notNull())
    .addColumn('port', 'integer', (col) => col.notNull())
    .addColumn('username', 'varchar(255)', (col) => col.notNull())
    .addColumn('password', 'varchar(255)', (col) => col.notNull())
    .addColumn('sender', 'varchar(255)', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable('email_batches'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('statuses', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await withId(db.schema.createTable('email_recipients'))
    .addColumn('batch_id', 'integer', (col) =>
      col.notNull().references('email_batches.id').onDelete('cascade'),
    )
    .addColumn('participant_id', 'integer', (col) => col.references('participants.id'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('email', 'varchar(255)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_recipients_batch_status')
    .on('email_recipients')
    .columns(['batch_id', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_recipients').execute();
  await db.schema.dropTable('email_batches').execute();
  await db.schema.dropTable('smtp_settings').execute();
  await db.schema.dropTable('food_categories').execute();
  await db.schema.dropTable('food_settings').execute();
}
