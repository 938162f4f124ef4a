import { downloadBlob } from './download';

/** DESIGN.md: exports are ';'-separated CSV with a UTF-8 BOM, cells starting with = + - @ neutralised. */
const BOM = '\uFEFF';

function csvCell(value: string): string {
  // A leading apostrophe keeps spreadsheets from reading the cell as a formula.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n') + '\r\n';
}

export function csvFileName(base: string): string {
  return base.toLowerCase().endsWith('.csv') ? base : `${base}.csv`;
}

/** Hands the text to the browser as a download. */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(csvFileName(fileName), new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
