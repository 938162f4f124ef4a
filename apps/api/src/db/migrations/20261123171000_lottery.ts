import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from './sql-dialect.ts';

// Frozen: this file must not change once released. It imports no app code.
// The lottery (docs/lottery-api.md): a game per configuration ('Configurar'), and one row per
// draw with the pool it was drawn from (its tickets and their SHA-256), the random index, the
// winner, the operator and the time. A position and a participant appear once per game, so two
// screens drawing at once cannot record two winners for one prize nor the same person twice.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
type Table = CreateTableBuilder<any, any>;

export async function up(db: Kysely<any>, dialect: SqlDialect): Promise<void> {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  await withId(db.schema.createTable('lottery_games'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id'))
    .addColumn('criteria', 'varchar(20)', (col) => col.notNull())
    .addColumn('product_ids', 'text', (col) => col.notNull())
    .addColumn('prizes_count', 'integer', (col) => col.notNull().check(sql`prizes_count >= 1`))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable('lottery_draws'))
    .addColumn('game_id', 'integer', (col) =>
      col.notNull().references('lottery_games.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('participant_id', 'integer', (col) => col.notNull().references('participants.id'))
    .addColumn('participant_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('pool_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('pool_size', 'integer', (col) => col.notNull())
    .addColumn('pool', 'text', (col) => col.notNull())
    .addColumn('random_index', 'integer', (col) => col.notNull())
    .addColumn('drawn_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('drawn_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('lottery_draws_position', ['game_id', 'position'])
    .addUniqueConstraint('lottery_draws_participant', ['game_id', 'participant_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lottery_draws').execute();
  await db.schema.dropTable('lottery_games').execute();
}
