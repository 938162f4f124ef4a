import {
  csvField,
  csvLine,
  formatCpf,
  type ReportCell,
  type ReportColumn,
  type ReportResult,
} from '@balcao/contract';
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
