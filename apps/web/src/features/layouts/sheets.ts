import { A4_MM, type Layout, type LayoutSheet } from '@balcao/contract';
import { formatNumber } from './form-controls';
import { roundMm } from './layout-edits';

/** The margins and the gap between labels of the sheet 'Várias por folha' proposes. */
export const SHEET_MARGIN_MM = 10;
export const SHEET_GAP_MM = 2;
/** What layoutProblems lets a label pass an edge by (floating-point dust). */
const SLACK_MM = 0.01;
/** The most labels along a side layoutProblems takes. */
export const SHEET_MAX_COUNT = 50;

const roundDown = (value: number) => Math.floor(value * 100) / 100;

/**
 * Along one side of the sheet: as many labels as fit within the margins (one at least, the
 * margin narrowed if it must), `gap` apart when the gaps fit too, edge to edge otherwise.
 */
function fitAlong(
  side: number,
  label: number,
): { count: number; marginMm: number; pitchMm: number } | null {
  if (label > side + SLACK_MM) return null;
  const room = side - 2 * SHEET_MARGIN_MM;
  const count = Math.min(SHEET_MAX_COUNT, Math.max(1, Math.floor((room + SLACK_MM) / label)));
  const marginMm =
    count * label <= room + SLACK_MM
      ? SHEET_MARGIN_MM
      : Math.max(0, roundDown(Math.min(SHEET_MARGIN_MM, (side - label) / 2)));
  const gapsFit = count * label + (count - 1) * SHEET_GAP_MM <= room + SLACK_MM;
  return { count, marginMm, pitchMm: roundMm(gapsFit ? label + SHEET_GAP_MM : label) };
}

/**
 * The A4 sheet 'Várias por folha' proposes for labels of `page`'s size: as many columns and rows
 * as fit with 10 mm margins, 2 mm apart when that fits; null when not even one label fits an A4.
 */
export function defaultSheet(page: Layout['page']): LayoutSheet | null {
  const across = fitAlong(A4_MM.widthMm, page.widthMm);
  const down = fitAlong(A4_MM.heightMm, page.heightMm);
  if (!across || !down) return null;
  return {
    widthMm: A4_MM.widthMm,
    heightMm: A4_MM.heightMm,
    columns: across.count,
    rows: down.count,
    marginLeftMm: across.marginMm,
    marginTopMm: down.marginMm,
    pitchXMm: across.pitchMm,
    pitchYMm: down.pitchMm,
  };
}

/** The layout printed on `sheet`, or each label on its own page (no `sheet` at all) when absent. */
export function withSheet(layout: Layout, sheet: LayoutSheet | undefined): Layout {
  if (sheet) return { ...layout, sheet };
  const next = { ...layout };
  delete next.sheet;
  return next;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The overview's name: 'Folha com 8 etiquetas: 2 colunas, 4 linhas'. */
export function sheetDescription(sheet: LayoutSheet): string {
  const labels = plural(sheet.columns * sheet.rows, 'etiqueta', 'etiquetas');
  const columns = plural(sheet.columns, 'coluna', 'colunas');
  const rows = plural(sheet.rows, 'linha', 'linhas');
  return `Folha com ${labels}: ${columns}, ${rows}`;
}

/** Why 'Várias por folha' stays off for labels of `page`'s size. */
export function sheetRefusal(page: Layout['page']): string {
  const size = `${formatNumber(page.widthMm)} × ${formatNumber(page.heightMm)} mm`;
  return `Uma etiqueta de ${size} não cabe em uma folha A4 (${A4_MM.widthMm} × ${A4_MM.heightMm} mm).`;
}
