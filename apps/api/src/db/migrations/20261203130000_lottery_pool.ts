import { sql, type Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// The lottery's pool kept up to date (issue #45, docs/lottery-api.md 'The kept pool'): every paid
// order line of a participant's order as a row of lottery_tickets (its refund's instant set when
// refunded), so a pool as of any instant reads only the chosen products' rows, in order, from one
// index; per product and buyer the tickets they hold now (lottery_holders) and per product what was
// sold and to how many participants (lottery_products), for 'Configurar sorteio'. The payment and
// the refund keep them in their transaction. Orders paid before this migration are copied here.
// A draw's stored tickets become its hash's own input (one key a line), not a JSON array.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lottery_tickets')
    .addColumn('item_id', 'integer', (col) => col.primaryKey())
    .addColumn('event_id', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('participant_id', 'integer', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addColumn('refunded_at', 'text')
    .execute();
  // A pool reads each chosen product's lines in the canonical order from this index alone.
  await db.schema
    .createIndex('lottery_tickets_pool')
    .on('lottery_tickets')
    .columns([
      'event_id',
      'product_id',
      'participant_id',
      'order_id',
      'item_id',
      'quantity',
      'paid_at',
      'refunded_at',
    ])
    .execute();
  await db.schema
    .createIndex('lottery_tickets_order')
    .on('lottery_tickets')
    .column('order_id')
    .execute();
  await db.schema
    .createTable('lottery_holders')
    .addColumn('event_id', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('participant_id', 'integer', (col) => col.notNull())
    .addColumn('tickets', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lottery_holders_key', ['event_id', 'product_id', 'participant_id'])
    .execute();
  await db.schema
    .createTable('lottery_products')
    .addColumn('event_id', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('sold', 'integer', (col) => col.notNull())
    .addColumn('participants', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lottery_products_key', ['event_id', 'product_id'])
    .execute();

  await sql`insert into lottery_tickets (item_id, event_id, product_id, participant_id, order_id, quantity, paid_at, refunded_at)
    select i.id, o.event_id, i.product_id, o.participant_id, o.id, i.quantity, o.paid_at, o.refunded_at
    from order_items i join orders o on o.id = i.order_id
    where o.paid_at is not null and o.participant_id is not null
      and o.state in ('PAGO', 'ENTREGUE', 'ESTORNADO')`.execute(db);
  await sql`insert into lottery_holders (event_id, product_id, participant_id, tickets)
    select event_id, product_id, participant_id, sum(quantity) from lottery_tickets
    where refunded_at is null group by event_id, product_id, participant_id`.execute(db);
  await sql`insert into lottery_products (event_id, product_id, sold, participants)
    select event_id, product_id, sum(tickets), count(*) from lottery_holders
    group by event_id, product_id`.execute(db);

  const draws = await db
    .selectFrom('lottery_draws')
    .select(['id', 'pool'])
    .where('pool', 'like', '[%')
    .execute();
  for (const draw of draws as { id: number; pool: string }[]) {
    const keys = JSON.parse(draw.pool) as string[];
    await db
      .updateTable('lottery_draws')
      .set({ pool: keys.join('\n') })
      .where('id', '=', draw.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const draws = await db.selectFrom('lottery_draws').select(['id', 'pool']).execute();
  for (const draw of draws as { id: number; pool: string }[]) {
    if (draw.pool.startsWith('[')) continue;
    await db
      .updateTable('lottery_draws')
      .set({ pool: JSON.stringify(draw.pool.split('\n')) })
      .where('id', '=', draw.id)
      .execute();
  }
  await db.schema.dropTable('lottery_products').execute();
  await db.schema.dropTable('lottery_holders').execute();
  await db.schema.dropTable('lottery_tickets').execute();
}
