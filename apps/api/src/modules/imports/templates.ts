import ExcelJS from 'exceljs';
import {
  IMPORT_TEMPLATES,
  type ImportTemplateFormat,
  type ImportTemplateKind,
} from '@balcao/contract';

export interface TemplateFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A file an import page offers as its model: the header and one example line that imports as
 * is. CSV as the import reads it (';', UTF-8 with BOM, so Excel shows the accents); .xlsx with
 * every cell as text, so a CPF or a center code keeps its leading zeros.
 */
export async function importTemplate(
  kind: ImportTemplateKind,
  format: ImportTemplateFormat,
): Promise<TemplateFile> {
  const { fileName, columns } = IMPORT_TEMPLATES[kind];
  const header = columns.map((column) => column.name);
  const example = columns.map((column) => column.example);
  if (format === 'csv') {
    const text = `\uFEFF${header.join(';')}\r\n${example.join(';')}\r\n`;
    return {
      fileName: `${fileName}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(text, 'utf8'),
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Modelo');
  sheet.columns = columns.map((column) => ({
    width: Math.max(column.name.length, column.example.length) + 4,
    style: { numFmt: '@' },
  }));
  sheet.addRow(header).font = { bold: true };
  sheet.addRow(example);
  return {
    fileName: `${fileName}.xlsx`,
    contentType: XLSX_TYPE,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
