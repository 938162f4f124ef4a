import ExcelJS from 'exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file as the SPA sends it: FileReader.readAsDataURL. */
export const dataUrl = (content: string | Buffer, mime = 'text/csv'): string =>
  `data:${mime};base64,${Buffer.from(content).toString('base64')}`;

/** Semicolon CSV lines joined with CRLF, as Excel writes them. */
export const csv = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;

/** A one-sheet workbook of these rows (cells may be numbers, as Excel stores them). */
export async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planilha1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
