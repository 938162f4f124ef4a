import fc from 'fast-check';

/** A JSON Schema as the OpenAPI 3.1 document holds it (the subset TypeBox produces). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

/** Valid strings stay short: the fuzzer wants many requests, not big ones (nasty values are big). */
const STRING_CAP = 24;
const ARRAY_CAP = 4;

const words = fc.constantFrom(
  'Ana',
  'São Paulo',
  'Núcleo Sé',
  'açaí',
  'x',
  '1',
  '2025-03-10',
  '10/03/2025 08:00',
  '12,50',
  '52998224725',
  'admin',
);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? STRING_CAP, STRING_CAP));
  const fits = (text: string) =>
    [...text].length >= min && [...text].length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  if (schema.format === 'date-time') return fc.constantFrom('2025-03-10T12:00:00.000Z');
  if (schema.format === 'date') return fc.constantFrom('2025-03-10', '2024-12-31');
  return fc
    .oneof(
      { weight: 2, arbitrary: words },
      { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
    )
    .filter(fits);
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -2_147_483_649) + 1;
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 2_147_483_648) - 1;
  const low = Math.max(min, Math.ceil(min));
  const high = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(max));
  // Small values hit rows that exist (ids 1..5); the rest explores the range.
  const small = fc.integer({
    min: Math.max(low, Math.min(1, high)),
    max: Math.min(high, Math.max(low, 5)),
  });
  return fc.oneof(
    { weight: 3, arbitrary: small },
    {
      weight: 1,
      arbitrary: fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(high, 2 ** 31) }),
    },
  );
}

/** Values the schema accepts, biased towards ones that reach existing rows. */
export function validArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map(validArbitrary));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validArbitrary(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? ARRAY_CAP, ARRAY_CAP),
        ),
      });
    case 'object':
      return objectArbitrary(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const declared = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, validArbitrary(value)]),
    ),
    { requiredKeys: required.filter((key) => key in properties) },
  );
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object' || Object.keys(properties).length > 0) return declared;
  // A map (the table editors' `{data: {ROW: {...}}}`): keys like the SPA's row ids.
  const entries = Math.max(1, schema.minProperties ?? 0);
  return fc
    .array(fc.tuple(fc.constantFrom('0', '1', '2', '3'), validArbitrary(extra)), {
      minLength: entries,
      maxLength: Math.max(entries, Math.min(schema.maxProperties ?? 2, 2)),
    })
    .map((pairs) => Object.fromEntries(pairs));
}

/** Values no well-behaved client sends: wrong types, edges of numbers, and text that breaks things. */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  '',
  ' ',
  'abc',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '1.5',
  -1,
  0,
  1.5,
  -2_147_483_649,
  2 ** 31,
  999_999_999_999_999,
  '999999999999999',
  2 ** 53 + 1,
  1e308,
  -1e308,
  true,
  [],
  [1, 2],
  {},
  { id: 1 },
  'a'.repeat(100_000),
  '😀'.repeat(5_000),
  '\u0000',
  'nul\u0000byte',
  'lone \uD800 surrogate',
  '\u202Eevil\u202C',
  'e\u0301\u0301\u0301\u0301',
  '\uFEFF\u200B\u200D',
  'Ｚａｌｇｏ',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00%ff',
  '<script>alert(1)</script>',
  '{"$gt": ""}',
  '2025-02-30T25:61:00Z',
  '99/99/9999 99:99',
  '-0,01',
  '999999999999,99',
];

/** Path segments that are not what the route expects (encoded as a client would). */
export const NASTY_PATH_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  ' 1',
  '%00',
  '%EF%BF%BF',
  '%F0%9F%98%80',
  '%E2%80%AE1',
  '%ED%A0%80',
  '%C0%AF',
  '..%2F..%2Fetc',
  'a'.repeat(3000),
  '%20',
];

const leafPaths = (value: unknown, path: string[] = []): string[][] => {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [path];
  return [path, ...entries.flatMap(([key, child]) => leafPaths(child, [...path, key]))];
};

function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: Record<string, unknown> = Array.isArray(root)
    ? ([...root] as unknown as Record<string, unknown>)
    : { ...(root as Record<string, unknown>) };
  const [head, ...rest] = path;
  copy[head!] = setAt(copy[head!], rest, value);
  return copy;
}

function removeAt(root: unknown, path: string[]): unknown {
  if (path.length === 0) return undefined;
  if (path.length === 1) {
    const copy = { ...(root as Record<string, unknown>) };
    delete copy[path[0]!];
    return copy;
  }
  const [head, ...rest] = path;
  return setAt(root, [head!], removeAt((root as Record<string, unknown>)[head!], rest));
}

/**
 * A valid value broken in one place: a field replaced by a nasty value, a field removed, unknown
 * fields added, or the whole value replaced.
 */
export function invalidArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return validArbitrary(schema).chain((valid) => {
    const paths = leafPaths(valid);
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .tuple(fc.constantFrom(...paths), fc.constantFrom(...NASTY_VALUES))
          .map(([path, nasty]) => setAt(valid, path, nasty)),
      },
      { weight: 2, arbitrary: fc.constantFrom(...paths).map((path) => removeAt(valid, path)) },
      {
        weight: 1,
        arbitrary: fc
          .constant(valid)
          .map((value) =>
            value !== null && typeof value === 'object'
              ? { ...value, __proto__x: 1, constructor: 'x', 'campo extra': '😀' }
              : value,
          ),
      },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_VALUES) },
    );
  });
}
