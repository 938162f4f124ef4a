/**
 * The order model every money screen reads (store, cashier, delivery, refunds, coupons, reports,
 * lottery): one state machine and one piece of money math, imported by the server that enforces
 * them and by the SPA that shows them. Money is integer cents; reais only on the wire.
 */
import type { Permission } from './permissions.ts';
import { MONEY_MAX_CENTS, exactCents, formatMoney, type Cents } from './money.ts';

/** An order's life (docs/orders-api.md). REMOVIDO keeps a deleted cart for the record. */
export const ORDER_STATES = [
  'CARRINHO',
  'AGUARDANDO_PAGAMENTO',
  'PAGO',
  'ENTREGUE',
  'ESTORNADO',
  'REMOVIDO',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * A sale: an order PAGO or ENTREGUE, what the reports, the food counts and the lottery count.
 * ESTORNADO never counts; AGUARDANDO_PAGAMENTO is still to be received.
 */
export const SOLD_STATES = ['PAGO', 'ENTREGUE'] as const satisfies readonly OrderState[];

/**
 * An order that was paid, refunded since or not: 'Pedidos pagos', the receipts, and the lottery's
 * pool (which leaves out a refund by its date, not by its state).
 */
export const PAID_STATES = [
  'PAGO',
  'ENTREGUE',
  'ESTORNADO',
] as const satisfies readonly OrderState[];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  CARRINHO: 'Carrinho',
  AGUARDANDO_PAGAMENTO: 'Aguardando pagamento',
  PAGO: 'Pago',
  ENTREGUE: 'Entregue',
  ESTORNADO: 'Estornado',
  REMOVIDO: 'Removido',
};

/** Who may sell (build carts and finalize them with a customer). */
export const SELLER_PERMISSIONS: readonly Permission[] = [
  'Store',
  'StoreCheckout',
  'StoreCheckoutDelivery',
];
/** Who may take payment. */
export const CASHIER_PERMISSIONS: readonly Permission[] = [
  'Checkout',
  'StoreCheckout',
  'CheckoutDelivery',
  'StoreCheckoutDelivery',
];
/** Who may hand paid orders over. */
export const DELIVERY_PERMISSIONS: readonly Permission[] = [
  'Delivery',
  'CheckoutDelivery',
  'StoreCheckoutDelivery',
];

/** Who may read orders (info, open list, payment methods, receipts). */
export const ORDER_READ_PERMISSIONS: readonly Permission[] = [
  ...new Set([...SELLER_PERMISSIONS, ...CASHIER_PERMISSIONS, ...DELIVERY_PERMISSIONS]),
];

/** Who may read any order and print its receipts: the readers and the 'Pedidos pagos' screen. */
export const ORDER_RECORD_PERMISSIONS: readonly Permission[] = [
  ...ORDER_READ_PERMISSIONS,
  'System',
];
/** Who may print the delivery receipt: the delivery desks and the 'Pedidos pagos' screen. */
export const DELIVERY_RECEIPT_PERMISSIONS: readonly Permission[] = [
  ...DELIVERY_PERMISSIONS,
  'System',
];
/** Who sees the paid orders (and refunds them): the 'Pedidos pagos' screen. */
export const PAID_ORDERS_PERMISSIONS: readonly Permission[] = ['System'];

export type OrderAction =
  'atualizar' | 'finalizar' | 'pagar' | 'entregar' | 'estornar' | 'remover' | 'unificar';

export interface OrderTransition {
  action: OrderAction;
  from: readonly OrderState[];
  /** null: the state does not change (editing items). */
  to: OrderState | null;
  permissions: readonly Permission[];
  /** The 409 answer when the order is in any other state. */
  refusal: string;
}

/**
 * The one transition table. The server applies a transition with a conditional
 * `UPDATE ... WHERE id = ? AND state IN (from)` and answers 409 with `refusal` on 0 rows.
 * A finalized order stays editable at the cashier (discounts, or quantities after a stock refusal).
 */
export const ORDER_TRANSITIONS: Record<OrderAction, OrderTransition> = {
  atualizar: {
    action: 'atualizar',
    from: ['CARRINHO', 'AGUARDANDO_PAGAMENTO'],
    to: null,
    permissions: [...new Set([...SELLER_PERMISSIONS, ...CASHIER_PERMISSIONS])],
    refusal: 'O pedido não pode mais ser alterado.',
  },
  finalizar: {
    action: 'finalizar',
    from: ['CARRINHO'],
    to: 'AGUARDANDO_PAGAMENTO',
    permissions: SELLER_PERMISSIONS,
    refusal: 'O pedido já foi finalizado.',
  },
  pagar: {
    action: 'pagar',
    from: ['AGUARDANDO_PAGAMENTO'],
    to: 'PAGO',
    permissions: CASHIER_PERMISSIONS,
    refusal: 'O pedido não está aguardando pagamento.',
  },
  entregar: {
    action: 'entregar',
    from: ['PAGO'],
    to: 'ENTREGUE',
    permissions: DELIVERY_PERMISSIONS,
    refusal: 'O pedido não está pago ou já foi entregue.',
  },
  estornar: {
    action: 'estornar',
    from: ['PAGO', 'ENTREGUE'],
    to: 'ESTORNADO',
    permissions: ['System'],
    refusal: 'Só um pedido pago ou entregue pode ser estornado.',
  },
  remover: {
    action: 'remover',
    from: ['CARRINHO', 'AGUARDANDO_PAGAMENTO'],
    to: 'REMOVIDO',
    permissions: [...new Set([...SELLER_PERMISSIONS, ...CASHIER_PERMISSIONS])],
    refusal: 'Um pedido pago não pode ser removido.',
  },
  /** A cart merged into another one (POST /carrinho/unificar) is kept as REMOVIDO. */
  unificar: {
    action: 'unificar',
    from: ['CARRINHO', 'AGUARDANDO_PAGAMENTO'],
    to: 'REMOVIDO',
    permissions: [...new Set([...SELLER_PERMISSIONS, ...CASHIER_PERMISSIONS])],
    refusal: 'Só carrinhos abertos podem ser unificados.',
  },
};

export function canTransition(state: OrderState, action: OrderAction): boolean {
  return ORDER_TRANSITIONS[action].from.includes(state);
}

// ---- Messages both sides show (docs/orders-api.md) -------------------------------------------

export const NO_SELECTED_EVENT_MESSAGE = 'Nenhum evento selecionado. Consulte os administradores.';
/** SPEC.md section 5: a cart that has lines cannot lose them all. */
export const CART_CANNOT_BE_EMPTIED = 'Carrinho não pode ser esvaziado completamente.';
export const ORDER_NOT_FOUND = 'Pedido não encontrado.';

export const NOT_DELIVERED_MESSAGE = 'O pedido ainda não foi entregue.';
export const REFUND_REASON_REQUIRED = 'Informe o motivo do estorno.';
export const UNIFY_NEEDS_TWO = 'Selecione ao menos dois carrinhos para unificar.';
export const UNIFY_OTHER_EVENT = 'Os carrinhos são de eventos diferentes.';

export function unifyOtherCustomerMessage(orderId: number): string {
  return `O carrinho ${orderId} é de outro cliente.`;
}

export function stockShortageMessage(product: string, available: number): string {
  return `Estoque insuficiente para ${product}: ${available} ${available === 1 ? 'disponível' : 'disponíveis'}.`;
}

export function duplicateItemMessage(product: string): string {
  return `Item já foi adicionado: ${product}`;
}

// ---- Money math ----------------------------------------------------------------------------

/** SPEC.md section 5's message for a discount outside 0–100 %. */
export const INVALID_DISCOUNT = 'Valor inválido para desconto';

/**
 * Each user's largest discount percent per line (Usuários' 'Desconto máximo (%)', whole 0–100,
 * 100 by default); the server refuses more (403) with this message.
 */
export function discountOverLimitMessage(limit: number): string {
  return `Desconto acima do seu limite de ${limit}%.`;
}

/** GET /api/carrinho/desconto-maximo: the signed-in user's limit. */
export interface DiscountLimitDto {
  desconto_maximo: number;
}

/** A discount percent is a decimal from 0 to 100 with at most 2 decimals (e.g. 12.5). */
export function isValidDiscountPercent(percent: number): boolean {
  return exactCents(percent) !== null && percent >= 0 && percent <= 100;
}

/** Percent in hundredths (basis points), so the math below stays in integers. */
function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export interface OrderLineInput {
  /** Unit price in cents. */
  unitPrice: Cents;
  quantity: number;
  /** 0–100, 2 decimals. */
  discountPercent: number;
}

export interface OrderLineAmounts {
  gross: Cents;
  discount: Cents;
  net: Cents;
}

/**
 * A line's amounts: gross = quantity × price; discount = gross × percent rounded half-up to the
 * cent and capped at gross (SPEC.md section 5); net = gross − discount, never negative.
 */
export function lineAmounts({
  unitPrice,
  quantity,
  discountPercent,
}: OrderLineInput): OrderLineAmounts {
  const gross = unitPrice * quantity;
  const bp = Math.min(10_000, Math.max(0, basisPoints(discountPercent)));
  const discount = Math.min(gross, Math.floor((gross * bp + 5_000) / 10_000));
  return { gross, discount, net: gross - discount };
}

export interface OrderAmounts extends OrderLineAmounts {
  lines: OrderLineAmounts[];
}

/** The order's total is the sum of its lines' net amounts. */
export function orderAmounts(lines: readonly OrderLineInput[]): OrderAmounts {
  const computed = lines.map(lineAmounts);
  const sum = (pick: (line: OrderLineAmounts) => Cents) =>
    computed.reduce((total, line) => total + pick(line), 0);
  return {
    lines: computed,
    gross: sum((line) => line.gross),
    discount: sum((line) => line.discount),
    net: sum((line) => line.net),
  };
}

/** An order closes only when its payments add up to the total exactly (and the total is ≥ 0). */
export function paymentsCloseOrder(total: Cents, payments: readonly Cents[]): boolean {
  return (
    total >= 0 &&
    payments.every((amount) => amount > 0) &&
    payments.reduce((sum, amount) => sum + amount, 0) === total
  );
}

/** What is still missing (positive) or paid over (negative) for a set of payment lines. */
export function paymentsRemaining(total: Cents, payments: readonly Cents[]): Cents {
  return total - payments.reduce((sum, amount) => sum + amount, 0);
}

export interface CouponRule {
  /** Percent 0–100. */
  value: number;
  /** Product ids; empty means no list. */
  whiteList: readonly number[];
  blackList: readonly number[];
}

/**
 * SPEC.md section 4: with a coupon, every item gets the coupon's percent, except blacklisted
 * items (0) or, with a whitelist, items not on it (0). The whitelist wins when both exist.
 */
export function couponPercentFor(productId: number, coupon: CouponRule): number {
  if (coupon.whiteList.length > 0) return coupon.whiteList.includes(productId) ? coupon.value : 0;
  if (coupon.blackList.includes(productId)) return 0;
  return coupon.value;
}

// ---- Wire shapes (SPEC.md section 3; money in reais with 2 decimals) -------------------------

/** POST /api/carrinho/atualizar/{id}: one entry per line; the list replaces the cart's lines. */
export interface CartUpdateItem {
  produto_id: number;
  /** Percent 0–100. */
  desconto: number;
  quantidade: number;
}

export interface CartUpdateRequest {
  items: CartUpdateItem[];
}

export interface OrderItemDto {
  id_produto: number;
  descricao: string;
  categoria: 'Produto' | 'Curso';
  codTotvs: string | null;
  /** Unit price, reais. */
  preco: number;
  quantidade: number;
  /** Percent 0–100 applied to the line. */
  desconto: number;
  /** The line's discount in reais (from `desconto`, capped at quantidade × preco). */
  valor_desconto: number;
  /** The line's net amount in reais. */
  total: number;
}

export interface PaymentMethodDto {
  id_forma_pagamento: number;
  descricao: string;
}

/** The 'Formas de pagamento' admin table's row (docs/table-protocol.md). */
export interface PaymentMethodRow {
  id: number;
  descricao: string;
  dateCreated: string;
  dateUpdated: string;
}

export interface PaymentEntry {
  id_forma_pagamento: number;
  /** Reais, 2 decimals. */
  valor: number;
  /** A PIX line: the PSP charge that paid it (docs/pix.md, 'At the till'). */
  txid?: string;
  /**
   * A PIX line the cashier confirms without the bank while a PSP is connected: why (audited).
   * Not needed when the charge was paid, nor without a PSP.
   */
  confirmacao_manual?: string;
  /**
   * A cash ('Dinheiro') line: what the customer handed over for the order's cash part, in reais
   * ('Recebido' at the till); at least the cash lines' sum. The receipt shows it and the change.
   */
  recebido?: number;
}

/** POST /api/carrinho/pagamento/{id}: every payment line at once; they must add up to the total. */
export interface PaymentRequest {
  pagamentos: PaymentEntry[];
}

export interface OrderPaymentDto {
  id_forma_pagamento: number;
  descricao: string;
  /** Reais. */
  valor: number;
  /** A PIX line the bank confirmed: the Pix's end-to-end id; null otherwise. */
  endToEndId: string | null;
  /** The cash line the customer's 'Recebido' was given with: that amount, in reais. */
  recebido?: number;
}

/** A payment's `recebido` on a line that is not cash. */
export const RECEIVED_NOT_CASH = 'Valor recebido só vale para o pagamento em dinheiro.';
/** A payment's `recebido` below the cash lines' sum. */
export function receivedTooLow(cash: Cents, received: Cents): string {
  return `O valor recebido (${formatMoney(received)}) é menor que o valor em dinheiro (${formatMoney(cash)}).`;
}

export interface OrderTransitionDto {
  action: OrderAction | 'novo';
  from: OrderState | null;
  to: OrderState;
  /** Username. */
  user: string;
  desk: string;
  /** ISO 8601 instant. */
  at: string;
}

export interface OrderDto {
  id: number;
  eventId: number;
  /** 11 digits, null until finalized. */
  cpf: string | null;
  nome: string | null;
  participantId: number | null;
  /** ISO 8601 instant the customer was associated (finalized); null before. */
  data_associado: string | null;
  items: OrderItemDto[];
  /** Reais. */
  total: number;
  estadoPedido: OrderState;
  payments: OrderPaymentDto[];
  coupon: { name: string; value: number } | null;
  /** Username of the seller who built the cart. */
  vendedor: string | null;
  /** Username of the cashier who took the payment. */
  caixa: string | null;
  /** ISO 8601 instant the cart was created. */
  date: string;
  history: OrderTransitionDto[];
  // The server always sends the three below (null until they apply); optional for fixtures.
  /** ISO 8601 instant the order was delivered; null before. */
  data_entrega?: string | null;
  /** Username of who delivered it. */
  expedidor?: string | null;
  /** Why it was refunded (who and when: `history`); null unless refunded. */
  motivo_estorno?: string | null;
}

/** POST /api/carrinho/estornar/{id}. */
export interface RefundRequest {
  motivo: string;
}

/** POST /api/carrinho/unificar: the carts are merged into the first one. */
export interface UnifyRequest {
  /** CPF (masked or not) or participant id, as in finalizar. */
  id_cliente: string | number;
  carrinhos: number[];
}

/** An order's lines add up (before discounts) to at most MONEY_MAX_CENTS: a bigger one is refused. */
export const ORDER_TOO_LARGE = `O total do pedido não pode passar de ${formatMoney(MONEY_MAX_CENTS)}.`;
/** Each payment line is at most MONEY_MAX_CENTS. */
export const PAYMENT_TOO_LARGE = `Cada pagamento pode ser de no máximo ${formatMoney(MONEY_MAX_CENTS)}.`;
/** Money actions (pay, PIX) on an order of an event that is not the selected one are refused. */
export const ORDER_OTHER_EVENT = 'Este pedido é de outro evento, não do evento selecionado.';

export function pixAboveRemainingMessage(charge: Cents, remaining: Cents): string {
  return `O valor do PIX (${formatMoney(charge)}) passa do que falta pagar (${formatMoney(remaining)}).`;
}
