/** Product tags print three to a sheet (SPEC.md section 4). */
export const TAGS_PER_SHEET = 3;

/** Sheets needed for a requested number of tags: the quantity divided by 3, rounded up. */
export function tagSheetCount(quantity: number): number {
  if (!Number.isInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantidade de etiquetas inválida: ${quantity}`);
  }
  return Math.ceil(quantity / TAGS_PER_SHEET);
}
