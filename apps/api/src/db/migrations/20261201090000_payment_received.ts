import type { Kysely } from 'kysely';

// Frozen: this file must not change once released. It imports no app code.
// What the customer handed over for the cash part of a payment ('Recebido' at the till), kept on
// the cash line so the receipt shows 'Valor recebido' and 'Troco' (issue #47). Null when the
// cashier typed nothing (the exact amount) and on every other line.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_payments').addColumn('received_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_payments').dropColumn('received_cents').execute();
}
