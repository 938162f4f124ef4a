import { csvField, csvLine } from '@balcao/contract';
import { downloadBlob } from './download';

/** The contract's CSV (csvField, csvLine), as the API writes it: a spreadsheet never runs a cell. */
const BOM = '\uFEFF';

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + [header, ...rows].map((row) => csvLine(row.map((cell) => csvField(cell)))).join('');
}

export function csvFileName(base: string): string {
  return base.toLowerCase().endsWith('.csv') ? base : `${base}.csv`;
}

/** Hands the text to the browser as a download. */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(csvFileName(fileName), new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
