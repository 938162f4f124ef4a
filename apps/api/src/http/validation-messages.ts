import type { FastifySchemaValidationError } from 'fastify';

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  integer: 'um número inteiro',
  number: 'um número',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  null: 'nulo',
};

/** Turns the validator's first complaint into a pt-BR sentence that names the field. */
export function describeValidationError(errors: readonly FastifySchemaValidationError[]): string {
  const [error] = errors;
  if (!error) return 'Requisição inválida.';
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String(params.missingProperty));
  if (path.length === 0) {
    return error.keyword === 'type'
      ? `O corpo da requisição deve ser ${typeName(params.type)}.`
      : 'O corpo da requisição é inválido.';
  }
  const field = `O campo '${path.join('.')}'`;
  switch (error.keyword) {
    case 'required':
      return `${field} é obrigatório.`;
    case 'type':
      return `${field} deve ser ${typeName(params.type)}.`;
    case 'minLength':
      return params.limit === 1
        ? `${field} não pode ficar vazio.`
        : `${field} deve ter pelo menos ${String(params.limit)} caracteres.`;
    case 'maxLength':
      return `${field} deve ter no máximo ${String(params.limit)} caracteres.`;
    case 'minimum':
      return `${field} deve ser maior ou igual a ${String(params.limit)}.`;
    case 'maximum':
      return `${field} deve ser menor ou igual a ${String(params.limit)}.`;
    case 'exclusiveMinimum':
      return `${field} deve ser maior que ${String(params.limit)}.`;
    case 'exclusiveMaximum':
      return `${field} deve ser menor que ${String(params.limit)}.`;
    case 'minItems':
      return `${field} deve ter pelo menos ${String(params.limit)} itens.`;
    case 'maxItems':
      return `${field} deve ter no máximo ${String(params.limit)} itens.`;
    case 'enum':
      return `${field} deve ser um destes valores: ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'const':
      return `${field} deve ser ${String(params.allowedValue)}.`;
    case 'format':
    case 'pattern':
      return `${field} não está no formato esperado.`;
    default:
      return `${field} é inválido.`;
  }
}

function typeName(type: unknown): string {
  const names = String(type)
    .split(',')
    .map((name) => TYPE_NAMES[name] ?? name);
  return names.join(' ou ');
}
