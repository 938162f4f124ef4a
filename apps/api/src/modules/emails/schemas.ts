import { Type } from '@fastify/type-provider-typebox';
import { Nullable } from '../../http/nullable.ts';

/** A sending's progress and its result per recipient (EmailBatchDto), of every kind. */
const STATUS = Type.Union([
  Type.Literal('PENDENTE'),
  Type.Literal('ENVIANDO'),
  Type.Literal('ENVIADO'),
  Type.Literal('FALHOU'),
]);

export const BatchSchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  subject: Type.String(),
  createdAt: Type.String(),
  total: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  pending: Type.Integer(),
  done: Type.Boolean(),
  recipients: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      email: Type.String(),
      status: STATUS,
      error: Nullable(Type.String()),
      sentAt: Nullable(Type.String()),
    }),
  ),
});
