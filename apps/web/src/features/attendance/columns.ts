import { formatCpf } from '@balcao/contract';
import { formatTime } from '../../ui/formats';
import type { AttendanceColumn, AttendanceRow } from './slice';

/** A check-in time as HH:mm (the server sends 'HH:mm'; an ISO instant is converted). */
export function attendanceTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return String(value);
  const text = String(value);
  if (/^\d{1,2}:\d{2}$/.test(text)) return text.padStart(5, '0');
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? formatTime(text) || text : text;
}

function centerName(center: AttendanceRow['center']): string {
  if (center === null || center === undefined) return '';
  return typeof center === 'string' ? center : (center.name ?? '');
}

export interface AttendanceCell {
  key: string;
  title: string;
  text: (row: AttendanceRow) => string;
}

/** The fixed columns, then the server's (days and total). */
export function attendanceCells(columns: readonly AttendanceColumn[]): AttendanceCell[] {
  return [
    { key: 'cpf', title: 'CPF', text: (row) => formatCpf(String(row.cpf ?? '')) },
    { key: 'name', title: 'Nome', text: (row) => String(row.name ?? '') },
    { key: 'center', title: 'Núcleo', text: (row) => centerName(row.center) },
    // The days in order, then the total.
    ...[
      ...columns.filter((c) => c.key !== 'total'),
      ...columns.filter((c) => c.key === 'total'),
    ].map((column) => ({
      key: column.key,
      title: column.title,
      text: (row: AttendanceRow) =>
        column.key === 'total' ? String(row.total ?? 0) : attendanceTime(row[column.key]),
    })),
  ];
}

export const ATTENDANCE_CSV_NAME = 'ListaDePresenca';
