import { createInflateRaw } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { invalidRequest } from '../../http/api-error.ts';
import { NOT_A_SPREADSHEET } from './sheet-file.ts';

/**
 * A streaming reader of the first worksheet of an .xlsx, written for hostile files: a few-MB
 * "zip bomb" can inflate to gigabytes. It reads the zip's directory itself, inflates only the
 * parts it needs as it parses them, and counts every inflated byte against one budget, whatever
 * the headers claim. (exceljs's streaming reader inflated a sheet that comes before the shared
 * strings, as Excel writes them, whole to a temporary file before reading a row.)
 */

/** Inflated XML read from one workbook: shared strings and the sheet together. */
export const XLSX_MAX_INFLATED = 128 * 1024 * 1024;
export const INFLATED_TOO_LARGE =
  'A planilha descompactada passa de 128 MiB: divida-a em arquivos menores.';
export const INFLATED_STOPPED =
  'A planilha descompactada passa de 128 MiB: as linhas a partir desta não foram lidas.';
/**
 * The shared strings (xl/sharedStrings.xml) alone: all of them are kept while the sheet is read.
 * 200,000 rows of four distinct texts each take about 22 MB. A 2.8 MB file whose shared strings
 * inflated past 1 GB cost 6-9 s and 200 MB per upload before this limit (issue 23).
 */
export const XLSX_MAX_SHARED_STRINGS = 32 * 1024 * 1024;
export const SHARED_STRINGS_TOO_LARGE =
  'Os textos da planilha passam de 32 MiB descompactados: divida-a em arquivos menores.';
/** Each of the parts that only say where the first sheet is: a few KiB in a real workbook. */
const XLSX_MAX_INDEX_PART = 1024 * 1024;
const INDEX_PART_TOO_LARGE =
  'A lista de abas da planilha passa de 1 MiB descompactada: salve-a de novo como .xlsx ou CSV.';

/** Cells read per row; further columns are never ones an import needs. */
export const MAX_CELLS_PER_ROW = 256;

export interface XlsxRow {
  line: number;
  cells: string[];
}

/** Thrown mid-sheet when the budget runs out: the rows already read stand. */
export class InflatedTooLarge extends Error {}

const notASpreadsheet = () => invalidRequest(NOT_A_SPREADSHEET);

interface ZipEntry {
  method: number;
  start: number;
  compressedSize: number;
  declaredSize: number;
}

/** The zip's central directory (at its end), name -> where the entry's data is. */
function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff); // the record, then a comment
  let end = -1;
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notASpreadsheet();
  const entries = new Map<string, ZipEntry>();
  let at = bytes.readUInt32LE(end + 16);
  for (let count = bytes.readUInt16LE(end + 10); count > 0; count--) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw notASpreadsheet();
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) {
      throw notASpreadsheet();
    }
    entries.set(bytes.toString('utf8', at + 46, at + 46 + nameLength), {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      declaredSize: bytes.readUInt32LE(at + 24),
      start: local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

interface Budget {
  left: number;
}

/** What one part may inflate to on its own, and the 400 past it. */
interface PartLimit {
  bytes: number;
  message: string;
}

const INDEX_PART: PartLimit = { bytes: XLSX_MAX_INDEX_PART, message: INDEX_PART_TOO_LARGE };
const SHARED_STRINGS: PartLimit = {
  bytes: XLSX_MAX_SHARED_STRINGS,
  message: SHARED_STRINGS_TOO_LARGE,
};

/**
 * An entry's text as it inflates, 64 KiB at a time. Past the workbook's budget: InflatedTooLarge;
 * past the part's own limit: a 400 (honest headers at once, lying ones when the count gets there).
 */
async function* entryText(
  bytes: Buffer,
  entry: ZipEntry,
  budget: Budget,
  limit?: PartLimit,
): AsyncGenerator<string> {
  const data = bytes.subarray(entry.start, entry.start + entry.compressedSize);
  const decoder = new TextDecoder('utf-8');
  if (limit && entry.declaredSize > limit.bytes) throw invalidRequest(limit.message);
  let inflated = 0;
  const spend = (length: number) => {
    inflated += length;
    if (limit && inflated > limit.bytes) throw invalidRequest(limit.message);
    budget.left -= length;
    if (budget.left < 0) throw new InflatedTooLarge();
  };
  if (entry.method === 0) {
    spend(data.length);
    yield decoder.decode(data);
    return;
  }
  if (entry.method !== 8) throw notASpreadsheet();
  const inflate = createInflateRaw();
  inflate.end(data);
  try {
    // Pulled one chunk at a time: zlib inflates no further ahead than what is parsed.
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      spend(chunk.length);
      yield decoder.decode(chunk, { stream: true });
    }
  } finally {
    inflate.destroy();
  }
}

type Handlers = {
  open?: (tag: SaxesTagPlain) => void;
  text?: (text: string) => void;
  close?: (tag: SaxesTagPlain) => void;
};

/** Parses an entry's XML, calling the handlers; yields after each inflated chunk. */
async function* parseEntry(
  bytes: Buffer,
  entry: ZipEntry,
  budget: Budget,
  handlers: Handlers,
  limit?: PartLimit,
): AsyncGenerator<void> {
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) parser.on('closetag', handlers.close);
  for await (const text of entryText(bytes, entry, budget, limit)) {
    parser.write(text); // throws on malformed XML
    yield;
  }
  parser.close();
}

async function drain(parts: AsyncGenerator<void>): Promise<void> {
  while (!(await parts.next()).done);
}

const attribute = (tag: SaxesTagPlain, name: string): string | undefined => {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : undefined;
};

/** The path of the first sheet in the workbook's order (not the zip's). */
async function firstSheetPath(
  bytes: Buffer,
  entries: Map<string, ZipEntry>,
  budget: Budget,
): Promise<string | undefined> {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  let firstId: string | undefined;
  const targets = new Map<string, string>();
  if (workbook && rels) {
    await drain(
      parseEntry(
        bytes,
        workbook,
        budget,
        {
          open: (tag) => {
            if (tag.name === 'sheet') firstId ??= attribute(tag, 'r:id');
          },
        },
        INDEX_PART,
      ),
    );
    await drain(
      parseEntry(
        bytes,
        rels,
        budget,
        {
          open: (tag) => {
            const id = attribute(tag, 'Id');
            const target = attribute(tag, 'Target');
            if (tag.name === 'Relationship' && id && target) targets.set(id, target);
          },
        },
        INDEX_PART,
      ),
    );
  }
  const target = firstId && targets.get(firstId);
  if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  // No usable workbook part: the lowest-numbered sheet.
  return [...entries.keys()]
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
}

/**
 * The workbook's shared strings packed in one buffer, each read back as a cell uses it. A string
 * per entry would cost several times its characters in V8 and could keep alive the whole inflated
 * chunk it was cut from; here the memory is at most the part's inflated size plus 4 bytes each.
 */
class SharedStrings {
  #text = Buffer.allocUnsafe(64 * 1024);
  #length = 0;
  #ends = new Uint32Array(1024);
  #count = 0;

  push(cell: string): void {
    // UTF-8 cannot hold half a UTF-16 pair (`_xD800_`; it would read back as U+FFFD): it is kept
    // as a NUL, which fails its line just the same (sheet-rows.ts).
    const text = cell.replace(/\p{Cs}/gu, '\0');
    const size = Buffer.byteLength(text);
    if (this.#length + size > this.#text.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.#text.length * 2, this.#length + size));
      this.#text.copy(grown, 0, 0, this.#length);
      this.#text = grown;
    }
    this.#length += this.#text.write(text, this.#length);
    if (this.#count === this.#ends.length) {
      const grown = new Uint32Array(this.#ends.length * 2);
      grown.set(this.#ends);
      this.#ends = grown;
    }
    this.#ends[this.#count++] = this.#length;
  }

  /** The text of `<c t="s"><v>index</v></c>`; '' for an index the table does not have. */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return '';
    const start = index === 0 ? 0 : this.#ends[index - 1];
    return this.#text.toString('utf8', start, this.#ends[index]);
  }
}

async function readSharedStrings(
  bytes: Buffer,
  entry: ZipEntry,
  budget: Budget,
): Promise<SharedStrings> {
  const strings = new SharedStrings();
  let current = '';
  let inText = false;
  let inPhonetic = false; // <rPh>: Japanese reading hints, not part of the text
  await drain(
    parseEntry(
      bytes,
      entry,
      budget,
      {
        open: (tag) => {
          if (tag.name === 'si') current = '';
          else if (tag.name === 't') inText = true;
          else if (tag.name === 'rPh') inPhonetic = true;
        },
        text: (text) => {
          if (inText && !inPhonetic) current += text;
        },
        close: (tag) => {
          if (tag.name === 'si') strings.push(unescapeXstring(current).trim());
          else if (tag.name === 't') inText = false;
          else if (tag.name === 'rPh') inPhonetic = false;
        },
      },
      SHARED_STRINGS,
    ),
  );
  return strings;
}

/**
 * Undoes the escape OOXML strings (ST_Xstring) use for characters XML cannot carry: Excel writes a
 * carriage return inside a cell as `_x000D_`, a literal `_x` as `_x005F_x`. What comes out (a NUL,
 * a lone surrogate) is checked with every other cell (sheet-rows.ts).
 */
export const unescapeXstring = (text: string): string =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      )
    : text;

/** 'C7' -> 3. */
function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference.toUpperCase()) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column;
}

/** A number as a person sees it: float noise from formulas (19.899999999998) reads as 19.9. */
function numberText(text: string): string {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return text.trim();
  return String(Number.isInteger(value) ? value : Math.round(value * 1e6) / 1e6);
}

/**
 * The rows of the workbook's first sheet, cells as the text a person sees (shared and inline
 * strings, formula results, numbers, TRUE/FALSE as 'true'/'false'); blank rows included.
 */
export async function* xlsxSheetRows(bytes: Buffer): AsyncGenerator<XlsxRow> {
  const entries = zipEntries(bytes);
  const budget = { left: XLSX_MAX_INFLATED };
  const sheetPath = await firstSheetPath(bytes, entries, budget);
  const sheet = sheetPath ? entries.get(sheetPath) : undefined;
  if (!sheet) throw notASpreadsheet();
  const stringsEntry = entries.get('xl/sharedStrings.xml');
  const shared = stringsEntry ? await readSharedStrings(bytes, stringsEntry, budget) : null;
  // Honest headers are refused at once; lying ones are stopped by the count as it inflates.
  if (sheet.declaredSize > budget.left) throw invalidRequest(INFLATED_TOO_LARGE);

  const ready: XlsxRow[] = [];
  let line = 0;
  let cells: string[] = [];
  let column = 0;
  let type = '';
  let value = '';
  let inline = '';
  let inValue = false;
  let inInline = false;
  let inPhonetic = false;
  const cellText = (): string => {
    switch (type) {
      case 's':
        return shared?.get(Number(value)) ?? '';
      case 'inlineStr':
        return unescapeXstring(inline).trim();
      case 'b':
        return value.trim() === '1' ? 'true' : 'false';
      case 'e':
        return ''; // #N/A and friends: nothing a person typed
      case 'str':
        return unescapeXstring(value).trim();
      case 'd':
        return value.trim();
      default:
        return numberText(value);
    }
  };
  const parts = parseEntry(bytes, sheet, budget, {
    open: (tag) => {
      switch (tag.name) {
        case 'row':
          line = Number(attribute(tag, 'r')) || line + 1;
          cells = [];
          column = 0;
          break;
        case 'c': {
          const reference = attribute(tag, 'r');
          column = reference ? columnOf(reference) : column + 1;
          type = attribute(tag, 't') ?? 'n';
          value = '';
          inline = '';
          break;
        }
        case 'v':
          inValue = true;
          break;
        case 'is':
          inInline = true;
          break;
        case 'rPh':
          inPhonetic = true;
          break;
      }
    },
    text: (text) => {
      if (inValue) value += text;
      else if (inInline && !inPhonetic) inline += text;
    },
    close: (tag) => {
      switch (tag.name) {
        case 'c':
          if (column >= 1 && column <= MAX_CELLS_PER_ROW) cells[column - 1] = cellText();
          break;
        case 'row':
          ready.push({ line, cells: Array.from(cells, (cell) => cell ?? '') });
          break;
        case 'v':
          inValue = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          inPhonetic = false;
          break;
      }
    },
  });
  try {
    for (;;) {
      let done: boolean | undefined;
      try {
        done = (await parts.next()).done;
      } catch (error) {
        yield* ready.splice(0); // the rows completed before the fault stand
        throw error;
      }
      yield* ready.splice(0);
      if (done) break;
    }
  } finally {
    await parts.return(undefined); // a reader that stops early stops the inflating too
  }
}
