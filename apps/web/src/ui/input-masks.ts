import { formatMoney, typedCents } from '@balcao/contract';

/** Typing digits fills the cents from the right: '1', '12', '1234' -> 'R$ 12,34'. */
export function maskMoneyInput(text: string): string {
  const cents = typedCents(text);
  return cents === null ? '' : formatMoney(cents);
}

/** Digits as 'DD/MM/AAAA HH:mm', each separator added once a digit follows it. */
export function maskDateTimeInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 12);
  const parts: [number, number, string][] = [
    [0, 2, ''],
    [2, 4, '/'],
    [4, 8, '/'],
    [8, 10, ' '],
    [10, 12, ':'],
  ];
  return parts
    .filter(([start]) => digits.length > start)
    .map(([start, end, separator]) => separator + digits.slice(start, end))
    .join('');
}
