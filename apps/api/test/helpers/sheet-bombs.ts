import { constants, deflateRawSync } from 'node:zlib';

/** Raw deflate of `text` repeated `times`, built in milliseconds from one compressed piece. */
function repeatedDeflate(prefix: string, text: string, times: number, suffix: string): Buffer {
  const flush = { finishFlush: constants.Z_SYNC_FLUSH };
  // A piece compressed on its own refers only to itself, so its copies decode one after another.
  const piece = deflateRawSync(text, flush);
  return Buffer.concat([
    deflateRawSync(prefix, flush),
    ...Array.from({ length: times }, () => piece),
    deflateRawSync(suffix), // the final block
  ]);
}

interface Entry {
  name: string;
  data: Buffer; // raw deflate
  size: number; // uncompressed, as declared
}

/** A zip of deflated entries (CRCs left 0: readers that stream do not check them). */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, size } of entries) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const plain = (name: string, text: string): Entry => ({
  name,
  data: deflateRawSync(text),
  size: Buffer.byteLength(text),
});

const inlineRow = (line: number, cells: readonly string[]): string =>
  `<row r="${line}">` +
  cells.map((text) => `<c t="inlineStr"><is><t>${text}</t></is></c>`).join('') +
  '</row>';

export interface BombOptions {
  header: readonly string[];
  /** The cells of the one row repeated; issue 16's bomb repeats `<row r="2">` 29 million times. */
  row: readonly string[];
  rows: number;
  /** What the zip headers claim the sheet inflates to (a liar claims little); the truth if absent. */
  declaredSize?: number;
}

/** A few-MB .xlsx whose only sheet inflates to gigabytes: one row repeated `rows` times. */
export function xlsxBomb({ header, row, rows, declaredSize }: BombOptions): Buffer {
  const repeated = inlineRow(2, row);
  const perPiece = Math.max(1, Math.floor(1_000_000 / repeated.length));
  const sheetStart =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    inlineRow(1, header);
  const sheetEnd = '</sheetData></worksheet>';
  const pieces = Math.ceil(rows / perPiece);
  const sheet = repeatedDeflate(sheetStart, repeated.repeat(perPiece), pieces, sheetEnd);
  const realSize = sheetStart.length + repeated.length * perPiece * pieces + sheetEnd.length;
  return workbook({
    name: 'xl/worksheets/sheet1.xml',
    data: sheet,
    size: Math.min(declaredSize ?? realSize, 0xffffffff),
  });
}

/**
 * A 1 MB .xlsx whose shared strings (xl/sharedStrings.xml) inflate past 1 GB, as issue 23's
 * 2.8 MB file: `<si>` entries of a 1,000-character text, repeated. Its sheet is the header alone.
 */
export function sharedStringsBomb(header: readonly string[], declaredSize?: number): Buffer {
  const start =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
  const entry = `<si><t>${'x'.repeat(1000)}</t></si>`;
  const perPiece = Math.floor(1_000_000 / entry.length);
  const pieces = 1100; // 1.1 GB
  const sheet =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    `${inlineRow(1, header)}<row r="2"><c t="s"><v>0</v></c></row></sheetData></worksheet>`;
  return workbook(plain('xl/worksheets/sheet1.xml', sheet), {
    name: 'xl/sharedStrings.xml',
    data: repeatedDeflate(start, entry.repeat(perPiece), pieces, '</sst>'),
    size: Math.min(declaredSize ?? start.length + entry.length * perPiece * pieces + 6, 0xffffffff),
  });
}

/** The parts of a one-sheet workbook around its sheet (and its shared strings, when given). */
function workbook(sheet: Entry, sharedStrings?: Entry): Buffer {
  return zip([
    plain(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    plain(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ),
    plain(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    plain(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    ),
    sheet,
    ...(sharedStrings ? [sharedStrings] : []),
  ]);
}

/**
 * A CSV of the header and `lines` lines of a lone `x` (no CPF: every line fails), ~2 bytes each,
 * or `width` bytes each.
 */
export const badLinesCsv = (header: readonly string[], lines: number, width = 2): string =>
  `${header.join(';')}\n${`${'x'.repeat(width - 1)}\n`.repeat(lines)}`;
