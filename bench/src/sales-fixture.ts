/**
 * The sales fixture the report and lottery benches share: an event with BENCH_ORDER_LINES (default
 * 1 000 000) order lines over 200 products and 20 000 participants, generated in set-based SQL
 * (recursive CTEs, no JavaScript loop of inserts) on SQLite or PostgreSQL.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@balcao/api/src/db/types.ts';

export const LINES = Number(process.env.BENCH_ORDER_LINES ?? 1_000_000);
export const LINES_PER_ORDER = 4;
export const ORDERS = Math.ceil(LINES / LINES_PER_ORDER);
export const PRODUCTS = 200;
const CENTERS = 30;
const SELLERS = 20;
export const PARTICIPANTS = 20_000;
const STAMP = '2026-11-20T09:00:00.000Z';

export type Dialect = 'sqlite' | 'postgres';

/** Dialect pieces: an 11-digit zero-padded text and an ISO instant `seconds` after STAMP. */
function sqlFor(dialect: Dialect) {
  return dialect === 'postgres'
    ? {
        pad11: (n: RawBuilder<unknown>) => sql`lpad((${n})::text, 11, '0')`,
        instant: (seconds: RawBuilder<unknown>) =>
          sql`to_char((timestamp '2026-11-20 12:00:00' + (${seconds}) * interval '1 second'), 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`,
      }
    : {
        pad11: (n: RawBuilder<unknown>) => sql`printf('%011d', ${n})`,
        instant: (seconds: RawBuilder<unknown>) =>
          sql`strftime('%Y-%m-%dT%H:%M:%S.000Z', '2026-11-20 12:00:00', '+' || (${seconds}) || ' seconds')`,
      };
}

/** `with recursive n(i)` counting 1..count, the row source of every generated table. */
const series = (count: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})`;

export async function firstId(
  db: Kysely<Database>,
  table: 'centers' | 'users' | 'product_categories' | 'products' | 'participants',
  where: RawBuilder<unknown>,
) {
  const { rows } = await sql<{
    id: number;
  }>`select min(id) as id from ${sql.table(table)} where ${where}`.execute(db);
  return Number(rows[0]!.id);
}

export async function generate(
  db: Kysely<Database>,
  dialect: Dialect,
  eventId: number,
): Promise<void> {
  const { pad11, instant } = sqlFor(dialect);
  const stamp = sql.lit(STAMP);
  await sql`${series(CENTERS)} insert into centers (name, serial, api_token, date_created, date_updated)
    select 'Núcleo ' || i, 90000 + i, 'bench-' || i, ${stamp}, ${stamp} from n`.execute(db);
  const center0 = await firstId(db, 'centers', sql`api_token like 'bench-%'`);
  await sql`${series(SELLERS)} insert into users (username, name, password_hash, active, center_id, date_created, date_updated)
    select 'vendedor' || i, 'Vendedor ' || i, 'x', ${sql.lit(true)}, ${center0} + i % ${sql.lit(CENTERS)}, ${stamp}, ${stamp} from n`.execute(
    db,
  );
  const seller0 = await firstId(db, 'users', sql`username like 'vendedor%'`);
  await sql`${series(10)} insert into product_categories (name, type, date_created, date_updated)
    select 'Categoria ' || i, 'Produto', ${stamp}, ${stamp} from n`.execute(db);
  const category0 = await firstId(db, 'product_categories', sql`name like 'Categoria %'`);
  await sql`${series(PRODUCTS)} insert into products (name, category_id, price_cents, inventory, date_created, date_updated)
    select 'Produto ' || i, ${category0} + i % 10, 1000 + i * 10, 1000000, ${stamp}, ${stamp} from n`.execute(
    db,
  );
  const product0 = await firstId(db, 'products', sql`name like 'Produto %'`);
  await sql`${series(PARTICIPANTS)} insert into participants (event_id, cpf, name, status, center_id, badge, badge_print_count, date_created, date_updated)
    select ${eventId}, ${pad11(sql`i`)}, 'Participante ' || i, 'OK', ${center0} + i % ${sql.lit(CENTERS)}, ${sql.lit(false)}, 0, ${stamp}, ${stamp} from n`.execute(
    db,
  );
  const participant0 = await firstId(db, 'participants', sql`event_id = ${eventId}`);

  // 5 % refunded, 10 % awaiting payment, the rest paid or delivered; one in 7 with a 10 % coupon;
  // paid over 5 days (one order about every 1.7 s).
  const state = sql`case when i % 20 = 0 then 'ESTORNADO' when i % 10 = 1 then 'AGUARDANDO_PAGAMENTO' when i % 2 = 0 then 'PAGO' else 'ENTREGUE' end`;
  await sql`${series(ORDERS)} insert into orders (event_id, state, participant_id, cpf, customer_name, associated_at, seller_id, cashier_id, total_cents, coupon_id, coupon_name, coupon_percent_bp, paid_at, created_at, updated_at)
    select ${eventId}, ${state}, ${participant0} + i % ${sql.lit(PARTICIPANTS)}, ${pad11(sql`i % ${sql.lit(PARTICIPANTS)} + 1`)},
      'Participante ' || (i % ${sql.lit(PARTICIPANTS)} + 1), ${instant(sql`cast(i as bigint) * 432000 / ${sql.lit(ORDERS)}`)},
      ${seller0} + i % ${sql.lit(SELLERS)}, ${seller0}, 0, case when i % 7 = 0 then 1 + i % 3 end, case when i % 7 = 0 then 'CUPOM' || (1 + i % 3) end, case when i % 7 = 0 then 1000 end,
      case when i % 10 = 1 then null else ${instant(sql`cast(i as bigint) * 432000 / ${sql.lit(ORDERS)}`)} end,
      ${stamp}, ${stamp} from n`.execute(db);
  await sql`with recursive k(j) as (select 0 union all select j + 1 from k where j < ${sql.lit(LINES_PER_ORDER - 1)})
    insert into order_items (order_id, product_id, position, quantity, unit_price_cents, discount_bp, discount_cents, total_cents)
    select o.id, ${product0} + (o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}, k.j, 1 + o.id % 3,
      1000 + ((o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}) * 10,
      case when k.j = 1 then 1000 else 0 end,
      case when k.j = 1 then (1000 + ((o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}) * 10) * (1 + o.id % 3) / 10 else 0 end,
      (1000 + ((o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}) * 10) * (1 + o.id % 3)
        - case when k.j = 1 then (1000 + ((o.id * 7 + k.j * 50) % ${sql.lit(PRODUCTS)}) * 10) * (1 + o.id % 3) / 10 else 0 end
    from orders o cross join k where o.event_id = ${eventId}`.execute(db);
  await sql`update orders set total_cents = (select sum(i.total_cents) * (10000 - coalesce(orders.coupon_percent_bp, 0)) / 10000 from order_items i where i.order_id = orders.id)
    where event_id = ${eventId}`.execute(db);
  await sql`insert into order_payments (order_id, payment_method_id, amount_cents, user_id, created_at)
    select o.id, (select min(id) from payment_methods) + o.id % 4, o.total_cents, ${seller0}, o.paid_at
    from orders o where o.event_id = ${eventId} and o.paid_at is not null and o.total_cents > 0`.execute(
    db,
  );
  await sql`analyze`.execute(db); // fresh statistics, as a database in use has
}
