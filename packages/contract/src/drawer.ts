/**
 * The cash drawer (docs/orders-api.md, /api/caixa): a cashier's session from the opening float to
 * the count at closing. Money is reais on the wire; the expected amounts are computed by the
 * server with `drawerExpected` below.
 */
import type { Cents } from './money.ts';
import type { PrintOutcome } from './printing.ts';

export interface DrawerMethodDto {
  id_forma_pagamento: number;
  descricao: string;
  /** Payments taken in this drawer, reais. */
  recebido: number;
  /** Refunds of those payments made while the drawer was open, reais. */
  estornado: number;
  /** recebido − estornado, plus the float on Dinheiro. */
  esperado: number;
  /** Counted at closing; null while open. */
  contado: number | null;
  /** contado − esperado (negative: missing); null while open. */
  diferenca: number | null;
}

export interface DrawerSessionDto {
  id: number;
  eventId: number;
  /** Username of the cashier. */
  operador: string;
  /** ISO 8601 instants. */
  abertura: string;
  fechamento: string | null;
  /** Opening float (troco), reais. */
  troco: number;
  formas: DrawerMethodDto[];
  esperado: number;
  contado: number | null;
  diferenca: number | null;
  /** The closing receipt's print outcome, only in the answer of POST /api/caixa/fechar. */
  impressao: PrintOutcome | null;
}

/** POST /api/caixa/abrir. */
export interface DrawerOpenRequest {
  troco: number;
}

/** POST /api/caixa/fechar: what the cashier counted per payment method (others count 0). */
export interface DrawerCloseRequest {
  contado: { id_forma_pagamento: number; valor: number }[];
}

export const CASH_METHOD_NAME = 'Dinheiro';
export const DRAWER_ALREADY_OPEN = 'Você já tem um caixa aberto.';
export const DRAWER_NOT_OPEN = 'Nenhum caixa aberto.';
/** Cash belongs to a drawer: the server refuses it without one (409), the till says so first. */
export const CASH_NEEDS_OPEN_DRAWER = 'Abra o caixa antes de receber em dinheiro.';

/** What a method should hold: received − refunded, plus the opening float on cash only. */
export function drawerExpected(
  received: Cents,
  refunded: Cents,
  float: Cents,
  isCash: boolean,
): Cents {
  return received - refunded + (isCash ? float : 0);
}
