import { Type } from '@fastify/type-provider-typebox';
import { PIX_REFUND_STATUSES } from '@balcao/contract';
import { Nullable } from '../../http/nullable.ts';

/** The wire shapes of the refunds (contract: PixRefundDto, PixUnclaimedDto; docs/pix.md). */

export const PixRefundDtoSchema = Type.Object({
  id: Type.String(),
  endToEndId: Type.String(),
  valor: Type.Number(),
  orderId: Nullable(Type.Integer()),
  txid: Nullable(Type.String()),
  motivo: Type.String(),
  status: Type.Enum(PIX_REFUND_STATUSES),
  returnId: Nullable(Type.String()),
  error: Nullable(Type.String()),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const PixUnclaimedDtoSchema = Type.Object({
  endToEndId: Type.String(),
  valor: Type.Number(),
  paidAt: Type.String(),
  txid: Nullable(Type.String()),
  orderId: Nullable(Type.Integer()),
  why: Type.String(),
});

export const PixRefundsDtoSchema = Type.Object({
  unclaimed: Type.Array(PixUnclaimedDtoSchema),
  refunds: Type.Array(PixRefundDtoSchema),
});
