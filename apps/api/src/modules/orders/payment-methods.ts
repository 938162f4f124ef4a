import type { Kysely } from 'kysely';
import type { PaymentEntry, PaymentMethodDto } from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { invalidRequest } from '../../http/api-error.ts';

type Db = Kysely<Database>;

/** GET /carrinho/formas-pagamento: the payment methods, by name. */
export async function listPaymentMethods(db: Db): Promise<PaymentMethodDto[]> {
  const rows = await db
    .selectFrom('payment_methods')
    .select(['id', 'name'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id_forma_pagamento: row.id, descricao: row.name }));
}

/** After a foreign key refused a payment row: the first method id that does not exist, as a 400. */
export async function unknownMethod(db: Db, payments: readonly PaymentEntry[]) {
  const ids = [...new Set(payments.map((payment) => payment.id_forma_pagamento))];
  const known = new Set(
    (await db.selectFrom('payment_methods').select('id').where('id', 'in', ids).execute()).map(
      (row) => row.id,
    ),
  );
  const unknown = ids.find((id) => !known.has(id));
  return unknown === undefined
    ? undefined
    : invalidRequest(`Forma de pagamento não encontrada: ${unknown}.`);
}
