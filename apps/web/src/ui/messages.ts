import { CPF_INVALID_MESSAGE } from '@balcao/contract';

/** How the SPA writes SPEC.md's 'cpf invalido' code word to a person. */
export const CPF_INVALID_TEXT = 'CPF inválido';

/** A server message as a person reads it: the 'cpf invalido' code word, alone or in a list. */
export function readableMessage(text: string): string {
  return text
    .split('; ')
    .map((part) => (part === CPF_INVALID_MESSAGE ? CPF_INVALID_TEXT : part))
    .join('; ');
}

/** '1 criado', '2 criados': a count with its word in the singular or the plural. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
