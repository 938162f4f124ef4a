import {
  CPF_INVALID_MESSAGE,
  MONEY_MAX_CENTS,
  exactCents,
  formatMoney,
  parseCpf,
  parseMoney,
  type FieldError,
} from '@balcao/contract';
import type { FieldSpec, Mode, Values } from './resource.ts';
import { parseWallClock } from '../../dates.ts';
import { ID_MAX } from '../../http/id-schema.ts';

const DEFAULT_MAX_LENGTH = 255;
/** Items in one posted id list: more than any real list, fewer than a database's bound variables. */
export const MAX_LIST_ITEMS = 1000;

/** 'o nome' -> 'O nome'. */
export const capitalized = (label: string): string =>
  label.charAt(0).toUpperCase() + label.slice(1);

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };
const ok = (value: unknown): Parsed => ({ ok: true, value });
const fail = (message: string): Parsed => ({ ok: false, message });
const invalid = (label: string): Parsed => fail(`Valor inválido para ${label}.`);

/** Form posts give strings; JSON gives numbers and booleans. Both read the same. */
const isBlank = (raw: unknown): boolean =>
  raw === null || (typeof raw === 'string' && raw.trim() === '');

function parseIntegerText(raw: unknown): number | null | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : undefined;
  if (typeof raw === 'string' && /^[+-]?\d{1,15}$/.test(raw.trim())) return Number(raw.trim());
  return undefined;
}

/** An id given as 3, '3', {id: 3} or {id: '3'}; null when blank. undefined when unreadable. */
function parseId(raw: unknown): number | null | undefined {
  const value =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>).id
      : raw;
  if (value === undefined || isBlank(value)) return null;
  const id = parseIntegerText(value);
  // Past ID_MAX no row exists, and PostgreSQL would refuse the number itself (a 500).
  return id !== undefined && id !== null && id > 0 && id <= ID_MAX ? id : undefined;
}

function parseField(spec: Exclude<FieldSpec, { type: 'readOnly' }>, raw: unknown, zone: string) {
  const label = spec.label;
  switch (spec.type) {
    case 'text': {
      if (raw === null) return ok(null);
      if (typeof raw !== 'string' && typeof raw !== 'number') return invalid(label);
      const text = spec.secret ? String(raw) : String(raw).trim();
      if (text === '') return ok(null);
      const max = spec.maxLength ?? DEFAULT_MAX_LENGTH;
      if ([...text].length > max) {
        return fail(`${capitalized(label)} deve ter no máximo ${max} caracteres.`);
      }
      if (spec.pattern && !spec.pattern.regex.test(text)) return fail(spec.pattern.message);
      return ok(text);
    }
    case 'integer': {
      if (isBlank(raw)) return ok(null);
      const value = parseIntegerText(raw);
      if (value === undefined || value === null) {
        return fail(spec.message ?? `${capitalized(label)} deve ser um número inteiro.`);
      }
      if (spec.min !== undefined && value < spec.min) {
        return fail(spec.message ?? `${capitalized(label)} deve ser maior ou igual a ${spec.min}.`);
      }
      // Without a declared max, the column's: PostgreSQL's integer.
      const max = spec.max ?? ID_MAX;
      if (value > max) {
        return fail(spec.message ?? `${capitalized(label)} deve ser menor ou igual a ${max}.`);
      }
      return ok(value);
    }
    case 'cpf': {
      if (isBlank(raw)) return ok(null);
      if (typeof raw !== 'string' && typeof raw !== 'number') return fail(CPF_INVALID_MESSAGE);
      const digits = parseCpf(String(raw));
      return digits === undefined ? fail(CPF_INVALID_MESSAGE) : ok(digits);
    }
    case 'money': {
      if (isBlank(raw)) return ok(null);
      const cents =
        typeof raw === 'number'
          ? exactCents(raw)
          : typeof raw === 'string'
            ? parseMoney(raw)
            : null;
      if (cents === null) return fail(`${capitalized(label)} deve ser um valor em reais.`);
      if (cents < 0) return fail(`${capitalized(label)} não pode ser negativo.`);
      if (cents > MONEY_MAX_CENTS) {
        return fail(`${capitalized(label)} deve ser no máximo ${formatMoney(MONEY_MAX_CENTS)}.`);
      }
      return ok(cents);
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return ok(raw);
      const text = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
      if (text === 'true' || text === '1' || text === 'on' || text === 1) return ok(true);
      if (text === 'false' || text === '0' || text === '' || text === 0) return ok(false);
      return invalid(label);
    }
    case 'choice': {
      if (isBlank(raw)) return ok(null);
      const text = String(raw).trim();
      return spec.values.includes(text)
        ? ok(text)
        : fail(`${capitalized(label)} deve ser um destes valores: ${spec.values.join(', ')}.`);
    }
    case 'datetime': {
      if (isBlank(raw)) return ok(null);
      const instant = typeof raw === 'string' ? parseWallClock(raw, zone) : null;
      return instant === null
        ? fail(`${capitalized(label)} deve estar no formato DD/MM/AAAA HH:mm.`)
        : ok(instant);
    }
    case 'reference': {
      const id = parseId(raw);
      return id === undefined ? invalid(label) : ok(id);
    }
    case 'referenceList': {
      if (isBlank(raw)) return ok([]); // `data[ROW][profiles]=` is the empty list
      const items = Array.isArray(raw)
        ? raw
        : typeof raw === 'object'
          ? Object.values(raw as Record<string, unknown>) // sparse indices: data[7][profiles][3][id]
          : [raw];
      if (items.length > MAX_LIST_ITEMS) {
        return fail(`${capitalized(label)} devem ter no máximo ${MAX_LIST_ITEMS} itens.`);
      }
      const ids = new Set<number>();
      for (const item of items) {
        const id = parseId(item);
        if (id === undefined) return invalid(label);
        if (id !== null) ids.add(id);
      }
      return ok([...ids]);
    }
  }
}

export interface ParsedInput {
  values: Values;
  errors: FieldError[];
}

/**
 * Reads the declared fields of one posted row. On insert every writable field gets a value
 * (its default, or null/[]); on update only the fields present change. Unknown fields and
 * read-only ones are ignored.
 */
export function parseInput(
  fields: Readonly<Record<string, FieldSpec>>,
  row: Record<string, unknown>,
  mode: Mode,
  zone: string,
): ParsedInput {
  const values: Values = {};
  const errors: FieldError[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.type === 'readOnly' || (spec.only && spec.only !== mode)) continue;
    const present = Object.hasOwn(row, name) && row[name] !== undefined;
    if (!present && mode === 'update') continue;
    let value: unknown;
    if (present) {
      const parsed = parseField(spec, row[name], zone);
      if (!parsed.ok) {
        errors.push({ name, status: parsed.message });
        continue;
      }
      value = parsed.value;
    }
    if (value === undefined || value === null) value = defaultFor(spec);
    if (spec.required && (value === null || value === undefined)) {
      errors.push({ name, status: `Informe ${spec.label}.` });
      continue;
    }
    values[name] = value;
  }
  return { values, errors };
}

function defaultFor(spec: Exclude<FieldSpec, { type: 'readOnly' }>): unknown {
  switch (spec.type) {
    case 'boolean':
      return spec.default ?? false;
    case 'integer':
    case 'money':
      return spec.default ?? null;
    case 'referenceList':
      return [];
    default:
      return null;
  }
}

/** A field's value as the OpenAPI document describes it (docs/openapi.md); validation is parseField's. */
function fieldDocSchema(spec: FieldSpec): Record<string, unknown> | null {
  const described = (schema: Record<string, unknown>) => ({ description: spec.label, ...schema });
  switch (spec.type) {
    case 'readOnly':
      return null;
    case 'text':
      return described({
        type: 'string',
        maxLength: spec.maxLength ?? DEFAULT_MAX_LENGTH,
        ...(spec.pattern ? { pattern: spec.pattern.regex.source } : {}),
      });
    case 'integer':
      return described({ type: 'integer', minimum: spec.min, maximum: spec.max ?? ID_MAX });
    case 'money':
      return described({ type: 'string', pattern: '^\\d{1,6},\\d{2}$', examples: ['12,50'] });
    case 'boolean':
      return described({ type: 'boolean' });
    case 'choice':
      return described({ type: 'string', enum: [...spec.values] });
    case 'datetime':
      return described({ type: 'string', examples: ['10/03/2025 08:00'] });
    case 'cpf':
      return described({ type: 'string', pattern: '^\\d{11}$' });
    case 'reference':
      return described({ type: 'integer', minimum: 1, maximum: ID_MAX });
    case 'referenceList':
      return described({
        type: 'array',
        maxItems: MAX_LIST_ITEMS,
        items: { type: 'integer', minimum: 1, maximum: ID_MAX },
      });
  }
}

/**
 * The editor body `{data: {ROW: {field: value}}}` with a resource's fields, for the document only:
 * the route validates `data` itself (parseField), field by field with pt-BR fieldErrors.
 */
export function editorBodyDocSchema(
  fields: Readonly<Record<string, FieldSpec>>,
  mode: Mode,
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.type !== 'readOnly' && spec.only !== undefined && spec.only !== mode) continue;
    const schema = fieldDocSchema(spec);
    if (!schema) continue;
    properties[name] = schema;
    if (mode === 'insert' && spec.type !== 'readOnly' && spec.required) required.push(name);
  }
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        description: 'Uma linha, pela chave do id (0 ao inserir).',
        minProperties: 1,
        maxProperties: 1,
        additionalProperties: { type: 'object', properties, required },
      },
    },
  };
}
