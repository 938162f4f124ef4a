import { ApiError, invalidRequest } from '../../http/api-error.ts';

/**
 * Largest spreadsheet accepted, decoded (the JSON body carries it base64, about 4/3 larger):
 * room for the 200,000 lines a file may hold (sheet-rows.ts) at over 300 bytes each, so the row
 * limit is the one a real file meets. At 20 MiB, a 300,000-line CSV of 110-byte lines (32.8 MB)
 * was a 413 before its lines were counted. Imports run a few at a time (import-slots.ts).
 */
export const SHEET_MAX_BYTES = 64 * 1024 * 1024;
/**
 * Route body limit: the base64 of SHEET_MAX_BYTES plus the JSON around it, with room to spare
 * (enforced by sheet-body.ts, which reads the import routes' JSON as it streams in).
 */
export const SHEET_BODY_LIMIT = 90 * 1024 * 1024;

export const NOT_A_SPREADSHEET = 'O arquivo não é uma planilha CSV ou XLSX válida.';
export const SHEET_TOO_LARGE = 'O arquivo excede o limite de 64 MiB.';
const LEGACY_XLS =
  'Planilhas .xls (Excel 97-2003) não são aceitas: salve o arquivo como .xlsx ou CSV.';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The `sheet` of an upload body, decoded while the body arrives: the data URL's media type and
 * its bytes (base64), or its text still percent-encoded (a data URL without `;base64`).
 */
export class UploadedSheet {
  constructor(
    readonly header: string,
    readonly bytes: Buffer | null,
    readonly percentText: string | null,
  ) {}
}

export interface SheetFile {
  format: 'csv' | 'xlsx';
  bytes: Buffer;
}

const notASpreadsheet = (): ApiError => invalidRequest(NOT_A_SPREADSHEET);

/**
 * Reads the `sheet` data URL the SPA sends (FileReader.readAsDataURL), already decoded as the body
 * arrived (sheet-body.ts) or, from a caller that parsed it otherwise, as the string itself, and
 * decides its format by its content, not its name: browsers label CSV files differently per
 * system (text/csv, application/vnd.ms-excel, nothing at all). A file claiming to be .xlsx that is
 * not a ZIP, a binary file, or an old .xls is refused with 400.
 */
export function readSheetFile(sheet: string | UploadedSheet): SheetFile {
  const uploaded = typeof sheet === 'string' ? splitDataUrl(sheet) : sheet;
  if (!(uploaded instanceof UploadedSheet)) throw notASpreadsheet();
  const { header } = uploaded;
  if (!/^data:/i.test(header)) throw notASpreadsheet();
  const mime = (header.slice('data:'.length).split(';')[0] ?? '').trim().toLowerCase();

  let bytes: Buffer;
  if (uploaded.bytes) bytes = uploaded.bytes;
  else if (uploaded.percentText !== null) bytes = decodePercent(uploaded.percentText);
  else throw notASpreadsheet();
  if (bytes.length > SHEET_MAX_BYTES) throw tooLarge();

  if (isZip(bytes)) return { format: 'xlsx', bytes };
  if (isOle2(bytes)) throw invalidRequest(LEGACY_XLS);
  if (mime === XLSX_MIME || bytes.includes(0)) throw notASpreadsheet();
  return { format: 'csv', bytes };
}

function splitDataUrl(dataUrl: string): UploadedSheet | null {
  const comma = dataUrl.indexOf(',');
  if (comma <= 0) return null;
  const header = dataUrl.slice(0, comma);
  const base64 = header
    .split(';')
    .slice(1)
    .some((param) => param.trim().toLowerCase() === 'base64');
  return base64
    ? new UploadedSheet(header, decodeBase64(dataUrl, comma + 1), null)
    : new UploadedSheet(header, null, dataUrl.slice(comma + 1));
}

const tooLarge = (): ApiError => new ApiError(413, 'invalid_request', SHEET_TOO_LARGE);

function decodeBase64(dataUrl: string, start: number): Buffer {
  // Checked before decoding, so an oversized upload never allocates its decoded copy.
  const length = dataUrl.length - start;
  if (Math.floor((length * 3) / 4) - 2 > SHEET_MAX_BYTES) throw tooLarge();
  return Buffer.from(dataUrl.slice(start), 'base64');
}

function decodePercent(text: string): Buffer {
  if (text.length > 3 * SHEET_MAX_BYTES) throw tooLarge();
  try {
    return Buffer.from(decodeURIComponent(text), 'utf8');
  } catch {
    throw notASpreadsheet();
  }
}

const isZip = (bytes: Buffer): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;

const isOle2 = (bytes: Buffer): boolean =>
  bytes.length >= 4 &&
  bytes[0] === 0xd0 &&
  bytes[1] === 0xcf &&
  bytes[2] === 0x11 &&
  bytes[3] === 0xe0;
