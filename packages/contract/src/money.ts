/**
 * Money is integer cents everywhere inside; reais (2 decimals) only on the wire and on screen.
 */
export type Cents = number;

export function toCents(reais: number): Cents {
  return Math.round(reais * 100);
}

/** Largest price the system stores: R$ 1.000.000,00 (also keeps sums far from unsafe integers). */
export const MONEY_MAX_CENTS = 100_000_000;

/** Reais sent as a number (JSON) into cents; null unless finite with at most 2 decimals. */
export function exactCents(reais: number): Cents | null {
  if (!Number.isFinite(reais)) return null;
  const cents = toCents(reais);
  // 10.1 * 100 is 1009.9999999999999: compare with a tolerance far below a cent.
  return Math.abs(reais * 100 - cents) < 1e-6 ? cents : null;
}

export function toReais(cents: Cents): number {
  return cents / 100;
}

const BRL = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'R$ 1.234,56' (SPEC.md section 9: prefix 'R$ ', decimal comma, thousands point). */
export function formatMoney(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}R$ ${BRL.format(Math.abs(cents) / 100)}`;
}

/** '15,00%' (SPEC.md section 9: percent with 2 decimals), the one percent format of every screen. */
export function formatPercent(value: number): string {
  return `${BRL.format(value)}%`;
}

/**
 * Reads a price typed or imported as 'R$ 1.234,56', '1234,56' or '1234.56' into cents.
 * A lone separator followed by exactly 1 or 2 digits is the decimal one. Returns null when unreadable.
 */
export function parseMoney(text: string): Cents | null {
  const cleaned = text.replace(/R\$\s*/i, '').replace(/\s/g, '');
  const match =
    /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:[.,](\d{1,2}))?$/.exec(cleaned) ??
    /^(-?)(\d+)(?:,(\d{1,2}))?$/.exec(cleaned.replace(/\./g, ''));
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole.replace(/\./g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/**
 * What a money field's digits say, in cents: a cashier types 4050 for R$ 40,50, and the mask's
 * 'R$ ' and separators are not digits. Null when there is no digit; at most 13 digits are read.
 */
export function typedCents(text: string): Cents | null {
  const digits = text.replace(/\D/g, '').slice(-13);
  return digits === '' ? null : Number(digits);
}

/**
 * The till's change: what the customer handed over minus the cash part of the payment, or null
 * while the amount received does not cover it. The payment recorded stays the cash part.
 */
export function cashChange(cashPart: Cents, received: Cents): Cents | null {
  return received >= cashPart ? received - cashPart : null;
}
