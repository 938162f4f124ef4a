import { Readable } from 'node:stream';
import { formatCpf, type ReportCell, type ReportColumn, type ReportResult } from '@balcao/contract';
import { formatDateTimeSecondsInZone } from '../../dates.ts';

const MONEY = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** A cell as Excel in pt-BR reads it: decimal comma, local time, a CPF as text. */
function display(column: ReportColumn, value: ReportCell, zone: string): string {
  if (value === null) return '';
  if (column.format === 'cpf') return formatCpf(String(value));
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

/**
 * Every CSV download: a UTF-8 BOM and the header line, then each chunk of lines as it comes
 * (a batch of rows joined, db/stream-rows.ts), so the file leaves while it is being read.
 */
export function csvStream(labels: readonly string[], chunks: AsyncIterable<string>): Readable {
  async function* text(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(labels.map((label) => csvField(label, true)))}`;
    for await (const chunk of chunks) if (chunk !== '') yield chunk;
  }
  return Readable.from(text(), { objectMode: false });
}

/** A batch of a report's rows as CSV lines. */
export function reportLines(
  columns: readonly ReportColumn[],
  rows: readonly Record<string, ReportCell>[],
  zone: string,
): string {
  return rows
    .map((row) =>
      csvLine(
        columns.map((column) =>
          csvField(
            display(column, row[column.key] ?? null, zone),
            column.format === 'text' || column.format === 'cpf',
          ),
        ),
      ),
    )
    .join('');
}

/** The report's totals line ('Total' in the first column), or '' when nothing is summed. */
export function reportTotalsLine(
  columns: readonly ReportColumn[],
  totals: ReportResult['totals'],
  zone: string,
): string {
  if (!columns.some((column) => column.total)) return '';
  return csvLine(
    columns.map((column, index) =>
      column.total ? display(column, totals[column.key] ?? 0, zone) : index === 0 ? 'Total' : '',
    ),
  );
}
