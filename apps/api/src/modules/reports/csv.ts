import { Readable } from 'node:stream';
import type { ReportCell, ReportColumn, ReportResult } from '@balcao/contract';
import { formatDateTimeSecondsInZone } from '../../dates.ts';

const MONEY = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** A cell as Excel in pt-BR reads it: decimal comma, local time. */
function display(column: ReportColumn, value: ReportCell, zone: string): string {
  if (value === null) return '';
  if (column.format === 'money' || column.format === 'percent') return MONEY.format(Number(value));
  if (column.format === 'datetime') return formatDateTimeSecondsInZone(String(value), zone);
  return String(value);
}

/**
 * One CSV field: a text starting with = + - @ (or a tab/CR) gets a leading quote so a
 * spreadsheet shows it instead of running it as a formula; quotes, ';' and line breaks are quoted.
 */
export function csvField(text: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line: ';' between the (already escaped) fields, CRLF at the end. */
export function csvLine(cells: string[]): string {
  return `${cells.join(';')}\r\n`;
}

/** The report as ';' CSV with a UTF-8 BOM and a totals line, produced a line at a time. */
export function reportCsv(
  columns: readonly ReportColumn[],
  result: ReportResult,
  zone: string,
): Readable {
  function* lines(): Generator<string> {
    yield `\uFEFF${csvLine(columns.map((column) => csvField(column.label, true)))}`;
    for (const row of result.rows) {
      yield csvLine(
        columns.map((column) =>
          csvField(display(column, row[column.key] ?? null, zone), column.format === 'text'),
        ),
      );
    }
    if (columns.some((column) => column.total)) {
      yield csvLine(
        columns.map((column, index) =>
          column.total
            ? display(column, result.totals[column.key] ?? 0, zone)
            : index === 0
              ? 'Total'
              : '',
        ),
      );
    }
  }
  return Readable.from(lines());
}
