import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// Participants belong to one event and are keyed there by CPF (11 digits). A courseware is a
// printed booklet with a UUID code; a participant holds at most one at a time. Every badge print
// is a check-in, which the attendance list reads.

const PARTICIPANT_STATUSES = [
  'OK',
  'PAYMENT_ERROR',
  'FREE',
  'BONUS',
  'MONITOR',
  'STAFF',
  'SUPPLIER',
];
const COURSEWARE_STATUSES = [
  'ISSUED',
  'PRINTED',
  'ASSOCIATED',
  'RETURNED',
  'EXCHANGED',
  'CANCELED',
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
  const oneOf = (column: string, values: string[]) =>
    sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

  await withDates(db.schema.createTable('coursewares'))
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('course_id', 'integer', (col) => col.notNull().references('courses.id'))
    .addColumn('center_id', 'integer', (col) => col.notNull().references('centers.id'))
    .addColumn('serial', 'integer', (col) => col.notNull())
    .addColumn('prints', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(oneOf('status', COURSEWARE_STATUSES)),
    )
    .execute();
  await db.schema
    .createIndex('coursewares_course_serial')
    .on('coursewares')
    .columns(['course_id', 'serial'])
    .unique()
    .execute();
  await db.schema.createIndex('coursewares_center').on('coursewares').column('center_id').execute();

  await withDates(withId(db.schema.createTable('participants')))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('cpf', 'varchar(11)', (col) => col.notNull())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('usual_name', 'varchar(15)')
    .addColumn('email', 'varchar(255)')
    .addColumn('telefone', 'varchar(64)')
    .addColumn('pacote', 'varchar(255)')
    .addColumn('consultor', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(oneOf('status', PARTICIPANT_STATUSES)),
    )
    .addColumn('status_original', 'varchar(64)')
    .addColumn('center_id', 'integer', (col) => col.references('centers.id'))
    .addColumn('business', 'varchar(255)')
    .addColumn('badge', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('badge_print_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('courseware_id', 'varchar(36)', (col) => col.references('coursewares.id'))
    .execute();
  // The desk's lookup: one indexed probe by event and CPF.
  await db.schema
    .createIndex('participants_event_cpf')
    .on('participants')
    .columns(['event_id', 'cpf'])
    .unique()
    .execute();
  await db.schema
    .createIndex('participants_courseware')
    .on('participants')
    .column('courseware_id')
    .unique()
    .where(sql.ref('courseware_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('participants_center')
    .on('participants')
    .column('center_id')
    .execute();

  await withId(db.schema.createTable('check_ins'))
    .addColumn('participant_id', 'integer', (col) =>
      col.notNull().references('participants.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    /** The desk: the username that printed the badge. */
    .addColumn('desk', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('check_ins_event_participant')
    .on('check_ins')
    .columns(['event_id', 'participant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('check_ins').execute();
  await db.schema.dropTable('participants').execute();
  await db.schema.dropTable('coursewares').execute();
}
