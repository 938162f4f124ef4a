/** The cashier's desk state: its own file so the helpers the slice uses can type it. */
import type { Cents, OrderDto, PaymentMethodDto } from '@balcao/contract';
import type { Notice } from '../../ui/notice-dialog';
import type { PixLineCharge } from './pix-line';

/** The tabs of the combined store screens (SPEC.md section 4). */
export type DeskTab = 'sale' | 'checkout' | 'delivery';

export interface PaymentLine {
  key: number;
  methodId: number | null;
  /** Ignored while it is the only line: that one follows the order's total. */
  amountCents: Cents;
}

export interface ItemChange {
  productId: number;
  percent?: number;
  quantity?: number;
}

export interface CheckoutState {
  openOrders: OrderDto[];
  methods: PaymentMethodDto[];
  /** The customer finder's CPF digits: the list shows orders whose CPF starts with them. */
  cpf: string;
  selected: OrderDto | null;
  lines: PaymentLine[];
  nextKey: number;
  savingItems: boolean;
  paying: boolean;
  /** The last order this desk closed, with its receipt button in the list's footer. */
  lastOrder: OrderDto | null;
  notice: Notice | null;
  deskTab: DeskTab;
  /** PIX charges by `pixKey`; a refusal (e.g. no key configured) holds its message instead. */
  pix: Record<string, PixLineCharge>;
  /** PIX lines the cashier confirmed without the bank, by `pixKey`: why. */
  pixManual: Record<string, string>;
  /** Whether the server has a PSP to confirm PIX; null until asked for this order. */
  pspConnected: boolean | null;
  /** Merging a customer's open orders: its refusal shows on the panel, not the generic dialog. */
  unify: { merging: boolean; error: string | null };
  /** 'Recebido': what the customer handed over for the cash part; null until typed. */
  received: Cents | null;
  /** The user's discount limit per line (GET /api/carrinho/desconto-maximo); null if unknown. */
  maxDiscount: number | null;
  /**
   * The discounts typed on the selected order that break a rule (over the user's limit, not a
   * percent), by product id: the message its field shows. Payment waits until there is none.
   */
  discountErrors: Record<number, string>;
}
