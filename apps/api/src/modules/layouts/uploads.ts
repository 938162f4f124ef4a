/**
 * What an upload for the layouts is, read from its bytes whatever its data URL says: a PNG or
 * JPEG (image-size), a safe SVG (safe-svg.ts) or a PDF whose first page pdf-lib can place. Each
 * refusal is a 400 in pt-BR naming the problem.
 */
import { imageSize } from 'image-size';
import { PDFDocument } from 'pdf-lib';
import {
  LAYOUT_IMAGE_MAX_BYTES,
  LAYOUT_IMAGE_MAX_PX,
  LAYOUT_PDF_MAX_BYTES,
  LAYOUT_UPLOAD_MESSAGES,
  type LayoutUploadMime,
} from '@balcao/contract';
import { invalidRequest } from '../../http/api-error.ts';
import { firstPageView } from '../../printing/documents/index.ts';
import { checkSvg } from './safe-svg.ts';

export interface CheckedUpload {
  mime: LayoutUploadMime;
  /** Pixels; an SVG's declared size; a PDF's first page in whole points. */
  widthPx: number;
  heightPx: number;
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
  return { mime, widthPx: size.width, heightPx: size.height };
}

/** A PDF that is not encrypted, has a page, and whose first page pdf-lib can place. */
async function checkPdf(content: Buffer): Promise<CheckedUpload> {
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
  return { mime: 'image/svg+xml', widthPx: svg.width, heightPx: svg.height };
}
