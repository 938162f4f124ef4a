import type { PaymentMethodRow } from '@balcao/contract';
import { defineResource } from '../resource.ts';
import { dated, text } from '../rows.ts';

/** 'Formas de pagamento' (System): the methods the cashier offers (docs/orders-api.md). */
export const paymentMethods = defineResource<PaymentMethodRow>({
  path: '/payment-methods',
  table: 'payment_methods',
  notFound: 'Forma de pagamento não encontrada.',
  access: { list: ['System'], write: ['System'] },
  fields: {
    descricao: {
      type: 'text',
      label: 'a descrição',
      column: 'name',
      required: true,
      unique: { message: 'Já existe uma forma de pagamento com esta descrição.' },
    },
  },
  query: (db) => db.selectFrom('payment_methods').selectAll('payment_methods'),
  toRow: (raw) => ({ ...dated(raw), descricao: text(raw.name) }),
  order: ['payment_methods.name', 'asc'],
  deleteConflicts: [
    {
      table: 'order_payments',
      column: 'payment_method_id',
      message: 'Esta forma de pagamento já foi usada em pagamentos e não pode ser removida.',
    },
  ],
});
