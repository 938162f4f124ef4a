import { CPF_INVALID_MESSAGE, parseCpf } from '@balcao/contract';
import { invalidRequest } from './api-error.ts';

/** A CPF as typed (bare or masked, see `parseCpf`) to its 11 digits; 400 'cpf invalido' otherwise. */
export function requireCpf(text: string): string {
  const digits = parseCpf(text);
  if (digits === undefined) throw invalidRequest(CPF_INVALID_MESSAGE);
  return digits;
}
