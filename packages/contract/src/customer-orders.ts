/**
 * The desks' customer lookup over their orders (store, cashier, delivery): which order a scanned
 * CPF or badge names. The SPA's desk sagas and its order list read the same rule.
 */
import { cpfFits } from './cpf.ts';
import type { OrderDto } from './orders.ts';

/** Newest association first (SPEC.md section 2), then newest order. */
export function sortByAssociation(orders: readonly OrderDto[]): OrderDto[] {
  return [...orders].sort(
    (a, b) => (b.data_associado ?? '').localeCompare(a.data_associado ?? '') || b.id - a.id,
  );
}

/** A scanned code: a CPF (11 digits, masked or not) or a badge's participant id. */
export function customerFromScan(text: string): { cpf: string } | { participantId: string } {
  const plain = text.trim().replace(/[.-]/g, '');
  return /^\d{11}$/.test(plain) ? { cpf: plain } : { participantId: text.trim() };
}

/** The customer's newest order in a desk's list, by CPF or by the badge's participant id. */
export function customerOrder(
  orders: readonly OrderDto[],
  customer: { cpf?: string; participantId?: string },
): OrderDto | undefined {
  const { cpf, participantId } = customer;
  return sortByAssociation(orders).find((order) =>
    // A user without Participant gets masked CPFs ('***.456.789-**'): the kept digits must match.
    cpf !== undefined
      ? order.cpf !== null && cpfFits(order.cpf, cpf)
      : String(order.participantId) === participantId,
  );
}
