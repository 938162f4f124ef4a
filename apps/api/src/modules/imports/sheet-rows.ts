import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { ApiError, invalidRequest } from '../../http/api-error.ts';
import { isInvalidText } from '../../http/clean-text.ts';
import { NOT_A_SPREADSHEET, type SheetFile } from './sheet-file.ts';
import {
  INFLATED_STOPPED,
  InflatedTooLarge,
  MAX_CELLS_PER_ROW,
  xlsxSheetRows,
} from './xlsx-reader.ts';

/** One line of a spreadsheet as the file numbers it (the header is line 1), cells trimmed. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** A line the reader could not make sense of (a CSV quote never closed, a truncated workbook). */
export interface SheetFail {
  line: number;
  error: string;
  /** Reading stopped here (a limit, a file cut short): always worth listing. */
  stop?: true;
}

export type SheetItem = SheetRow | SheetFail;

export const isFail = (item: SheetItem): item is SheetFail => 'error' in item;

/** Lines read from one file, besides its header (README, "Importações"). */
export const SHEET_MAX_ROWS = 200_000;
export const ROW_LIMIT =
  'A planilha passa do limite de 200.000 linhas: as linhas a partir desta não foram lidas.';

/**
 * A line with a NUL or a lone UTF-16 surrogate in a cell (an .xlsx can spell them `_x0000_`,
 * `_xD800_`; a CSV with a NUL byte is refused whole): never stored, since SQLite would keep invalid
 * UTF-8 its lower() reads differently and PostgreSQL refuses it.
 */
export const INVALID_CELL_TEXT =
  'A linha contém caracteres inválidos (NUL ou um caractere UTF-16 incompleto).';
/** A cell the XML parser refused: a control character or an invalid character reference. */
const INVALID_XML_TEXT =
  'A planilha contém um caractere inválido nesta linha: as linhas a partir desta não foram lidas.';

const CHUNK_BYTES = 64 * 1024;
const TRUNCATED =
  'O arquivo termina de forma inesperada: as linhas a partir desta não foram lidas.';

/**
 * The rows of a spreadsheet, one at a time: blank rows are skipped, and reading stops after the
 * header and SHEET_MAX_ROWS lines, so neither time nor memory grows with what a file claims to
 * hold. XLSX reads the first worksheet.
 */
export async function* readSheetRows(file: SheetFile): AsyncGenerator<SheetItem> {
  let rows = 0;
  let read = 0;
  const items = file.format === 'xlsx' ? xlsxRows(file.bytes) : csvRows(file.bytes);
  for await (const item of items) {
    // A file already in memory parses in microtasks alone, which starve every other request:
    // give the event loop a turn every few thousand lines.
    if (++read % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    if (!isFail(item) && ++rows > SHEET_MAX_ROWS + 1) {
      yield { line: item.line, error: ROW_LIMIT, stop: true };
      return; // ends the reader too: nothing more is inflated or parsed
    }
    // One check for both formats, as every other request's text gets (http/clean-text.ts).
    if (!isFail(item) && item.cells.some(isInvalidText)) {
      yield { line: item.line, error: INVALID_CELL_TEXT };
      continue;
    }
    yield item;
  }
}

const YIELD_EVERY = 2_000;

const isBlank = (cells: readonly string[]): boolean => cells.every((cell) => cell === '');

// ---- CSV -------------------------------------------------------------------------------------

/**
 * UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, else Windows-1252, the Latin-1 that
 * Excel on Windows writes in Brazil. `isUtf8` answers as a fatal TextDecoder would, without
 * materialising the whole text first.
 */
function textChunks(bytes: Buffer): Generator<string> {
  const utf8 = isUtf8(bytes) ? new TextDecoder('utf-8', { fatal: true }) : null;
  return (function* () {
    for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
      const end = Math.min(start + CHUNK_BYTES, bytes.length);
      const chunk = bytes.subarray(start, end);
      yield utf8 ? utf8.decode(chunk, { stream: end < bytes.length }) : decodeWindows1252(chunk);
    }
  })();
}

/** Bytes 0x80-0x9F of Windows-1252 (curly quotes, dashes, euro...); unassigned ones stay as-is. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1 (bytes 0x80-0x9F become control
 * characters; fixed in Node 23), so the 32 differing bytes are mapped here.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

/** SPEC.md says ';'; a header with no ';' but tabs or commas (another locale's Excel) is read so. */
function detectDelimiter(firstChunk: string): string {
  const firstLine = firstChunk.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  if (firstLine.includes(',')) return ',';
  return ';';
}

const CSV_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'Aspas abertas e não fechadas: o restante do arquivo não pôde ser lido.',
  CSV_INVALID_CLOSING_QUOTE: 'Aspas fechadas no meio de um campo.',
};

async function* csvRows(bytes: Buffer): AsyncGenerator<SheetItem> {
  const chunks = textChunks(bytes);
  const first = chunks.next();
  if (first.done) return;
  const delimiter = detectDelimiter(first.value);
  // Most exports quote nothing; such a file is split by hand, several times faster than the
  // general parser (docs/accreditation-api.md, "Imports"). Any '"' (0x22 in both encodings)
  // or old Mac line ends ('\r' alone) go through csv-parse.
  const plain = !bytes.includes(0x22) && (bytes.includes(0x0a) || !bytes.includes(0x0d));
  if (plain) {
    yield* plainRows(first.value, chunks, delimiter);
    return;
  }
  const skipped: SheetFail[] = [];
  let parsedUpTo = 0; // the line the parser's last good record ended on
  const parser = parse({
    delimiter,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: 64 * 1024, // characters in one field: a longer one is a failed line
    on_record: (record: string[], context: { lines: number }) => {
      parsedUpTo = context.lines;
      return record;
    },
    // A bad record is reported where it starts: the line after the last good one.
    on_skip: (error: CsvError | undefined) => {
      if (!error) return undefined;
      skipped.push({
        line: parsedUpTo + 1,
        error: CSV_ERRORS[error.code] ?? 'Linha ilegível no CSV.',
      });
      return undefined;
    },
  });
  Readable.from(
    (function* () {
      yield first.value;
      yield* chunks;
    })(),
  ).pipe(parser);

  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    yield* skipped.splice(0);
    // info.lines is where the record ends; a quoted field may span lines, so count back.
    let newlines = 0;
    for (const field of record) {
      for (let at = field.indexOf('\n'); at !== -1; at = field.indexOf('\n', at + 1)) newlines++;
    }
    const cells = record.slice(0, MAX_CELLS_PER_ROW).map((field) => field.trim());
    if (!isBlank(cells)) yield { line: info.lines - newlines, cells };
  }
  yield* skipped.splice(0);
}

/** Lines of a CSV without quotes: each line is a record, each delimiter a cell boundary. */
function* plainRows(first: string, rest: Iterable<string>, delimiter: string): Generator<SheetRow> {
  let carry = '';
  let line = 0;
  const row = (text: string): SheetRow | undefined => {
    line++;
    const cells = (text.endsWith('\r') ? text.slice(0, -1) : text)
      .split(delimiter, MAX_CELLS_PER_ROW)
      .map((cell) => cell.trim());
    return isBlank(cells) ? undefined : { line, cells };
  };
  // One chunk at a time: spreading `rest` would decode the whole file before the first line.
  const chunks = (function* () {
    yield first;
    yield* rest;
  })();
  for (const chunk of chunks) {
    const text = carry + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const found = row(text.slice(start, end));
      if (found) yield found;
      start = end + 1;
    }
    carry = text.slice(start);
  }
  const last = carry === '' ? undefined : row(carry);
  if (last) yield last;
}

// ---- XLSX ------------------------------------------------------------------------------------

async function* xlsxRows(bytes: Buffer): AsyncGenerator<SheetItem> {
  let lastLine = 0;
  try {
    for await (const { line, cells } of xlsxSheetRows(bytes)) {
      lastLine = line;
      if (!isBlank(cells)) yield { line, cells };
    }
  } catch (error) {
    if (error instanceof InflatedTooLarge) {
      yield { line: lastLine + 1, error: INFLATED_STOPPED, stop: true };
      return;
    }
    // A file that is no workbook at all is refused; one cut short keeps the lines already read.
    if (lastLine === 0) throw error instanceof ApiError ? error : invalidRequest(NOT_A_SPREADSHEET);
    // saxes: "disallowed character." (a raw control character), "malformed character entity."
    // (&#0;, &#xD800;)
    const badText = error instanceof Error && /character/.test(error.message);
    yield { line: lastLine + 1, error: badText ? INVALID_XML_TEXT : TRUNCATED, stop: true };
  }
}
