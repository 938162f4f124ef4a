import {
  MONEY_MAX_CENTS,
  PRODUCT_TYPES,
  parseMoney,
  type Cents,
  type ProductType,
} from '@balcao/contract';
import {
  cellOf,
  foldName,
  orNull,
  tooLong,
  type ColumnIndexes,
  type ColumnSpec,
} from './columns.ts';

export type ProductColumn = 'tipo' | 'nome' | 'preco' | 'categoria' | 'estoque' | 'codTotvs';

/**
 * SPEC.md section 5. PRODUTO holds the type (Produto or Curso) and SPEC names no column for the
 * product's own name, so the name comes from a NOME (or DESCRICAO) column, required
 * (docs/accreditation-api.md, "Imports").
 */
export const PRODUCT_COLUMNS: readonly ColumnSpec<ProductColumn>[] = [
  { key: 'tipo', names: ['PRODUTO'], required: true },
  { key: 'nome', names: ['NOME', 'DESCRICAO'], required: true },
  { key: 'preco', names: ['VENDA FEBRACIS'], required: true },
  { key: 'categoria', names: ['CATEGORIA'], required: true },
  { key: 'estoque', names: ['ESTOQUE'], required: true },
  { key: 'codTotvs', names: ['CODIGO TOTVS'], required: false },
];

export const INVENTORY_MAX = 1_000_000_000;

export interface ProductLine {
  type: ProductType;
  name: string;
  priceCents: Cents;
  categoryName: string;
  /** null: the line leaves the inventory as it is (a new product starts at 0). */
  inventory: number | null;
  codTotvs: string | null;
}

/**
 * Prices as SPEC.md allows: optional 'R$', dot or comma decimal ('R$ 12,50', '12.5', '99').
 * The shared parser also reads a dotted thousands group ('1.500' as 1 500,00), which SPEC says
 * files do not use. Above R$ 1.000.000,00 is as invalid as a negative price.
 */
export function parseImportPrice(text: string): Cents | null {
  const cents = parseMoney(text);
  return cents === null || cents < 0 || cents > MONEY_MAX_CENTS ? null : cents;
}

function parseInventory(text: string): number | null | 'invalid' {
  if (text === '') return null;
  const match = /^(\d+)(?:[.,]0+)?$/.exec(text);
  const value = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(value) && value <= INVENTORY_MAX ? value : 'invalid';
}

export function parseProductType(text: string): ProductType | undefined {
  const folded = foldName(text);
  return PRODUCT_TYPES.find((type) => foldName(type) === folded);
}

/** One data line of a products sheet: its values, or every reason it is refused, in pt-BR. */
export function parseProductRow(
  cells: readonly string[],
  columns: ColumnIndexes<ProductColumn>,
): ProductLine | { error: string } {
  const cell = (key: ProductColumn) => cellOf(cells, columns, key);
  const errors: string[] = [];

  const typeText = cell('tipo');
  const type = parseProductType(typeText);
  if (typeText === '') errors.push('PRODUTO não informado (Produto ou Curso)');
  else if (!type) errors.push(`PRODUTO deve ser Produto ou Curso: ${typeText}`);

  const name = cell('nome');
  if (name === '') errors.push('Nome do produto não informado');
  else if (name.length > 255) errors.push(tooLong('Nome do produto', 255));

  const priceText = cell('preco');
  const priceCents = parseImportPrice(priceText);
  if (priceText === '') errors.push('Preço (VENDA FEBRACIS) não informado');
  else if (priceCents === null) errors.push(`Preço inválido em VENDA FEBRACIS: ${priceText}`);

  const categoryName = cell('categoria');
  if (categoryName === '') errors.push('Categoria não informada');
  else if (categoryName.length > 255) errors.push(tooLong('Categoria', 255));

  const inventoryText = cell('estoque');
  const inventory = parseInventory(inventoryText);
  if (inventory === 'invalid') {
    errors.push(`Estoque inválido: ${inventoryText} (use um número inteiro a partir de 0)`);
  }

  const codTotvs = orNull(cell('codTotvs'));
  if (codTotvs !== null && codTotvs.length > 64) errors.push(tooLong('CODIGO TOTVS', 64));

  if (errors.length > 0 || !type || priceCents === null || inventory === 'invalid') {
    return { error: errors.join('; ') };
  }
  return { type, name, priceCents, categoryName, inventory, codTotvs };
}
