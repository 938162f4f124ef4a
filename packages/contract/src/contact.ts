/** A participant's e-mail and phone as the participant editor accepts them. */
export const EMAIL_INVALID_MESSAGE = 'E-mail inválido: use o formato nome@dominio.com.br.';
export const PHONE_INVALID_MESSAGE =
  'Telefone inválido: informe DDD e número, como (85) 99999-0000.';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** One '@', no spaces, a dotted domain; at most 254 characters (RFC 5321). */
export function isValidEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}

/**
 * A Brazilian number with its area code (10 or 11 digits), optionally with the country code 55
 * (12 or 13); spaces, dots, dashes, parentheses and a leading '+' are allowed around the digits.
 */
export function isValidPhone(text: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 13;
}
