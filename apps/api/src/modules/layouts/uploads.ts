/**
 * What an upload for the layouts is, read from its bytes whatever its data URL says: a PNG or
 * JPEG (image-size), a safe SVG (safe-svg.ts) or a PDF whose first page pdf-lib can place. Each
 * refusal is a 400 in pt-BR naming the problem. What a print would decode is bounded first
 * (limits.ts): a PNG's pixels and its inflated data, an SVG's drawn elements, a PDF's streams.
 */
import { inflateRawSync, inflateSync, constants as zlibConstants } from 'node:zlib';
import { imageSize } from 'image-size';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';
import {
  LAYOUT_IMAGE_MAX_BYTES,
  LAYOUT_IMAGE_MAX_PX,
  LAYOUT_PDF_MAX_BYTES,
  LAYOUT_UPLOAD_MESSAGES,
  type LayoutUploadMime,
} from '@balcao/contract';
import { invalidRequest } from '../../http/api-error.ts';
import { firstPageView } from '../../printing/documents/index.ts';
import {
  IMAGE_MAX_PIXELS,
  LIMIT_MESSAGES,
  PDF_MAX_CONTENT_BYTES,
  PDF_MAX_INFLATED_BYTES,
} from './limits.ts';
import { checkSvg } from './safe-svg.ts';

export interface CheckedUpload {
  mime: LayoutUploadMime;
  /** Pixels; an SVG's declared size; a PDF's first page in whole points. */
  widthPx: number;
  heightPx: number;
  /** What drawing it once costs a print: an SVG's drawn elements, the pixels decoded. */
  cost: UploadCost;
}

export interface UploadCost {
  svgElements: number;
  pixels: number;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The file's kind from its first bytes: PDFs and SVGs are text-led, PNG and JPEG signed. */
function sniff(content: Buffer): 'pdf' | 'png-jpeg' | 'svg' | null {
  if (content.subarray(0, 4).equals(PNG) || content.subarray(0, 3).equals(JPEG)) return 'png-jpeg';
  // PDF readers look for the header in the first 1024 bytes.
  if (content.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  const head = content
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') ? 'svg' : null;
}

function refuseSize(content: Buffer, max: number, message: string): void {
  if (content.length > max) throw invalidRequest(message);
}

/** PNG colour types' channels. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column and row, then the steps across and down. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A PNG's image data, inflated, is its header's rows (a filter byte each) and no more: a reader
 * inflates all of it, so 500 KB that inflate to 500 MB are refused here, counted natively with
 * zlib's maxOutputLength rather than kept.
 */
function checkPngData(content: Buffer): void {
  const chunks: Buffer[] = [];
  let header: Buffer | undefined;
  for (let at = 8; at + 8 <= content.length;) {
    const length = content.readUInt32BE(at);
    const type = content.toString('latin1', at + 4, at + 8);
    const data = content.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') chunks.push(data);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || header.length < 13) throw invalidRequest(LAYOUT_UPLOAD_MESSAGES.type);
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const bits = header[8]! * (PNG_CHANNELS[header[9]!] ?? 4);
  const rows = (across: number, down: number) =>
    across > 0 && down > 0 ? down * (1 + Math.ceil((across * bits) / 8)) : 0;
  const expected =
    header[12] === 1
      ? ADAM7.reduce(
          (sum, [x, y, dx, dy]) =>
            sum + rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)),
          0,
        )
      : rows(width, height);
  try {
    // As pdfkit's reader inflates it (header and checksum): what fails there fails here first.
    inflateSync(Buffer.concat(chunks), { maxOutputLength: expected });
  } catch (error) {
    if (error instanceof RangeError) throw invalidRequest(LIMIT_MESSAGES.pngData);
    throw invalidRequest('A imagem PNG não pôde ser lida: salve-a de novo no editor de imagens.');
  }
}

function checkPngJpeg(content: Buffer): CheckedUpload {
  let size: { type?: string; width: number; height: number };
  try {
    size = imageSize(content);
  } catch {
    throw invalidRequest(LAYOUT_UPLOAD_MESSAGES.type);
  }
  const mime = size.type === 'png' ? 'image/png' : size.type === 'jpg' ? 'image/jpeg' : null;
  if (!mime || !(size.width > 0 && size.height > 0)) {
    throw invalidRequest(LAYOUT_UPLOAD_MESSAGES.type);
  }
  if (Math.max(size.width, size.height) > LAYOUT_IMAGE_MAX_PX) {
    throw invalidRequest(LAYOUT_UPLOAD_MESSAGES.pixels);
  }
  const pixels = size.width * size.height;
  if (pixels > IMAGE_MAX_PIXELS) throw invalidRequest(LIMIT_MESSAGES.pixels(pixels));
  if (mime === 'image/png') checkPngData(content);
  return {
    mime,
    widthPx: size.width,
    heightPx: size.height,
    cost: { svgElements: 0, pixels },
  };
}

/** Filters pdf-lib decodes whose output this check does not count: refused rather than trusted. */
const UNCOUNTED_FILTERS = new Set([
  'LZWDecode',
  'RunLengthDecode',
  'ASCIIHexDecode',
  'ASCII85Decode',
]);
const PDF_NAME = /\/([^\s/<>[\]()%{}]+)/g;

function uncountedFilter(text: string): string | undefined {
  if (!text.includes('Decode') && !text.includes('#')) return undefined;
  for (const [, raw = ''] of text.matchAll(PDF_NAME)) {
    const name = raw.replace(/#([0-9a-f]{2})/gi, (_hex, code: string) =>
      String.fromCharCode(parseInt(code, 16)),
    );
    if (UNCOUNTED_FILTERS.has(name)) return name;
  }
  return undefined;
}

const isZlibHeader = (first: number, second: number) =>
  (first & 0x0f) === 8 && first >> 4 <= 7 && ((first << 8) + second) % 31 === 0;

/**
 * Every stream of a PDF that pdf-lib could inflate (any `stream` followed by a zlib header),
 * inflated natively under one budget for the whole file, before pdf-lib reads it: a 2 MB file
 * inflating to 1 GB would hold the server for seconds, at upload and at every print. Filters
 * whose output is not counted here are refused, in the file and in what its streams inflate to.
 */
function checkPdfStreams(content: Buffer): void {
  const text = content.toString('latin1');
  const filter = uncountedFilter(text);
  if (filter) throw invalidRequest(LIMIT_MESSAGES.pdfFilter(filter));
  let budget = PDF_MAX_INFLATED_BYTES;
  for (let at = text.indexOf('stream'); at >= 0; at = text.indexOf('stream', at + 6)) {
    if (text.startsWith('end', at - 3)) continue;
    // The data starts after 'stream' and its end of line (pdf-lib takes ' \r\n', '\r\n', '\r', '\n').
    const start = [0, 1, 2, 3]
      .map((skip) => at + 6 + skip)
      .find((from) => isZlibHeader(content[from] ?? 0, content[from + 1] ?? 0));
    if (start === undefined) continue;
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(content.subarray(start + 2), {
        maxOutputLength: budget + 1,
        finishFlush: zlibConstants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if (error instanceof RangeError) throw invalidRequest(LIMIT_MESSAGES.pdfInflated);
      // Not deflated data after all (pdf-lib fails on it as it does today). What it inflated
      // before failing is unknown: charged as the rest of the file, so failing streams that
      // overlap cannot make this check quadratic.
      budget -= content.length - start;
      if (budget < 0) throw invalidRequest(LIMIT_MESSAGES.pdfInflated);
      continue;
    }
    budget -= inflated.length;
    if (budget < 0) throw invalidRequest(LIMIT_MESSAGES.pdfInflated);
    const hidden = uncountedFilter(inflated.toString('latin1'));
    if (hidden) throw invalidRequest(LIMIT_MESSAGES.pdfFilter(hidden));
  }
}

/** The first page's drawing, inflated: what embedding it decodes (and deflates) at each print. */
function contentBytes(page: PDFPage): number {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  let total = 0;
  for (const ref of streams) {
    const stream = ref ? page.doc.context.lookup(ref) : undefined;
    if (stream instanceof PDFRawStream) total += decodePDFRawStream(stream).decode().length;
  }
  return total;
}

/** A PDF that is not encrypted, has a page, and whose first page pdf-lib can place. */
async function checkPdf(content: Buffer): Promise<CheckedUpload> {
  checkPdfStreams(content);
  let pdf: PDFDocument;
  try {
    // Loaded even when encrypted, to say so rather than 'not read'.
    pdf = await PDFDocument.load(content, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    throw invalidRequest('O PDF não pôde ser lido: salve-o de novo ou envie outro arquivo.');
  }
  if (pdf.isEncrypted) {
    throw invalidRequest('O PDF está protegido (senha ou criptografia): envie-o sem proteção.');
  }
  let pages: number;
  try {
    pages = pdf.getPageCount();
  } catch {
    // A header and no catalog: pdf-lib loads what it can, and there is no page tree.
    throw invalidRequest('O PDF não pôde ser lido: salve-o de novo ou envie outro arquivo.');
  }
  if (pages === 0) throw invalidRequest('O PDF não tem páginas.');
  let drawing: number;
  try {
    drawing = contentBytes(pdf.getPage(0));
  } catch {
    throw invalidRequest(
      'A primeira página do PDF não pôde ser lida: salve-o de novo ou envie outro arquivo.',
    );
  }
  if (drawing > PDF_MAX_CONTENT_BYTES) throw invalidRequest(LIMIT_MESSAGES.pdfContent(drawing));
  try {
    const view = firstPageView(pdf);
    // What a print does with it: the page as a form, in a document of its own.
    const probe = await PDFDocument.create({ updateMetadata: false });
    await probe.embedPage(view.page, view.crop);
    await probe.save();
    if (!(view.width >= 1 && view.height >= 1)) throw new Error('página sem tamanho');
    return {
      mime: 'application/pdf',
      widthPx: Math.round(view.width),
      heightPx: Math.round(view.height),
      cost: { svgElements: 0, pixels: 0 },
    };
  } catch {
    throw invalidRequest(
      'A primeira página do PDF não pôde ser lida: salve-o de novo ou envie outro arquivo.',
    );
  }
}

/** The upload's kind and size, or a 400 saying why it is refused. */
export async function checkedUpload(content: Buffer): Promise<CheckedUpload> {
  const kind = sniff(content);
  if (kind === 'pdf') {
    refuseSize(content, LAYOUT_PDF_MAX_BYTES, LAYOUT_UPLOAD_MESSAGES.pdfBytes);
    return checkPdf(content);
  }
  refuseSize(content, LAYOUT_IMAGE_MAX_BYTES, LAYOUT_UPLOAD_MESSAGES.imageBytes);
  if (kind === 'png-jpeg') return checkPngJpeg(content);
  if (kind !== 'svg') throw invalidRequest(LAYOUT_UPLOAD_MESSAGES.type);
  const svg = checkSvg(content);
  if ('problem' in svg) throw invalidRequest(svg.problem);
  // Its embedded PNGs and JPEGs are drawn as uploads are: checked as uploads, counted with it.
  let pixels = 0;
  for (const image of svg.images) {
    if (sniff(image) !== 'png-jpeg') {
      throw invalidRequest('A imagem SVG embute uma imagem que não é PNG nem JPEG: converta-a.');
    }
    pixels += checkPngJpeg(image).cost.pixels;
  }
  if (pixels > IMAGE_MAX_PIXELS) throw invalidRequest(LIMIT_MESSAGES.pixels(pixels));
  return {
    mime: 'image/svg+xml',
    widthPx: svg.width,
    heightPx: svg.height,
    cost: { svgElements: svg.elements, pixels },
  };
}
