/**
 * Folds a name for matching: accents dropped, case folded, runs of spaces or underscores made one
 * space. 'Núcleo  São Paulo' and 'nucleo sao paulo' fold alike, as do 'CPF_CNPJ' and 'cpf cnpj'.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();
}

export interface ColumnSpec<Key extends string> {
  key: Key;
  /** Accepted header names; the first is the one error messages show. */
  names: readonly string[];
  required: boolean;
}

export type ColumnIndexes<Key extends string> = Partial<Record<Key, number>>;

export interface ResolvedColumns<Key extends string> {
  indexes: ColumnIndexes<Key>;
  /** Required columns the header lacks, by their first name. */
  missing: string[];
}

/** Finds each column in a header row, case- and accent-insensitively; the first match wins. */
export function resolveColumns<Key extends string>(
  header: readonly string[],
  specs: readonly ColumnSpec<Key>[],
): ResolvedColumns<Key> {
  const positions = new Map<string, number>();
  header.forEach((name, index) => {
    const folded = foldName(name);
    if (folded !== '' && !positions.has(folded)) positions.set(folded, index);
  });
  const indexes: ColumnIndexes<Key> = {};
  const missing: string[] = [];
  for (const spec of specs) {
    const index = spec.names
      .map((name) => positions.get(foldName(name)))
      .find((i) => i !== undefined);
    if (index !== undefined) indexes[spec.key] = index;
    else if (spec.required) missing.push(spec.names.join(' ou '));
  }
  return { indexes, missing };
}

export const missingColumnsMessage = (missing: readonly string[]): string =>
  `Colunas obrigatórias ausentes: ${missing.join(', ')}.`;

/** The trimmed cell of a column, '' when the column or the cell is absent. */
export const cellOf = <Key extends string>(
  cells: readonly string[],
  indexes: ColumnIndexes<Key>,
  key: Key,
): string => {
  const index = indexes[key];
  return index === undefined ? '' : (cells[index] ?? '');
};

/** `null` for a blank cell, the text otherwise. */
export const orNull = (text: string): string | null => (text === '' ? null : text);

export const tooLong = (label: string, max: number): string =>
  `${label} com mais de ${max} caracteres`;
