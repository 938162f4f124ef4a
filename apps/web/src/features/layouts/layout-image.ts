import {
  isLayoutPdf,
  LAYOUT_IMAGE_MAX_BYTES,
  LAYOUT_PDF_MAX_BYTES,
  LAYOUT_UPLOAD_MESSAGES,
  type LayoutImageDto,
  type LayoutUploadMime,
} from '@balcao/contract';

/** What an upload is for: an image element (PNG, JPEG, SVG) or the page's background (or a PDF). */
export type UploadUse = 'element' | 'background';

/** The file chooser's filter, by type and by name (a type the system left empty). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';
export const BACKGROUND_ACCEPT = `${IMAGE_ACCEPT},application/pdf,.pdf`;

export const IMAGE_READ_MESSAGE = 'Não foi possível ler o arquivo da imagem.';

const TYPES: Record<string, LayoutUploadMime> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/svg+xml': 'image/svg+xml',
  'application/pdf': 'application/pdf',
};
const NAMES = /\.(png|jpe?g|svg|pdf)$/i;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(IMAGE_READ_MESSAGE));
    reader.readAsDataURL(file);
  });
}

/** The file's type from its first bytes (what the server checks too), whatever its name says. */
function sniffMime(base64: string): LayoutUploadMime | null {
  let head: string;
  try {
    head = atob(base64.slice(0, 96));
  } catch {
    return null;
  }
  const bytes = [...head].map((char) => char.charCodeAt(0));
  const starts = (signature: number[]) => signature.every((byte, at) => bytes[at] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.includes('%PDF-')) return 'application/pdf';
  // An SVG is text: the server reads it as XML and checks it is safe.
  if (/^(\uFEFF|\xEF\xBB\xBF)?\s*</.test(head)) return 'image/svg+xml';
  return null;
}

const tooBig = (mime: LayoutUploadMime | undefined, size: number): string | null => {
  if (mime === 'application/pdf') {
    return size > LAYOUT_PDF_MAX_BYTES ? LAYOUT_UPLOAD_MESSAGES.pdfBytes : null;
  }
  return size > LAYOUT_IMAGE_MAX_BYTES ? LAYOUT_UPLOAD_MESSAGES.imageBytes : null;
};

/**
 * A chosen file as the upload's `data:<type>;base64,…`, or why it is not sent (pt-BR): not a PNG,
 * JPEG or SVG (or a PDF, for a background), or bigger than the server takes. Its pixel size and
 * an SVG's safety are left to the server's check.
 */
export async function readLayoutImage(
  file: File,
  use: UploadUse,
): Promise<{ dataUrl: string } | { problem: string }> {
  const typed = file.type === '' ? (NAMES.test(file.name) ? undefined : null) : TYPES[file.type];
  if (typed === null) return { problem: LAYOUT_UPLOAD_MESSAGES.type };
  const early = tooBig(typed, file.size);
  if (early) return { problem: early };
  let read: string;
  try {
    read = await readAsDataUrl(file);
  } catch {
    return { problem: IMAGE_READ_MESSAGE };
  }
  const base64 = read.slice(read.indexOf(',') + 1);
  const mime = sniffMime(base64);
  if (!mime) return { problem: LAYOUT_UPLOAD_MESSAGES.type };
  if (use === 'element' && isLayoutPdf({ mime })) {
    return { problem: LAYOUT_UPLOAD_MESSAGES.pdfElement };
  }
  const late = tooBig(mime, file.size);
  if (late) return { problem: late };
  return { dataUrl: `data:${mime};base64,${base64}` };
}

/** 'Imagem de 600 × 200 px (PNG).', 'Imagem SVG de 200 × 100.', 'PDF, página de 54 × 86 mm.' */
export function imageNote(image: LayoutImageDto): string {
  if (image.mime === 'application/pdf') {
    const page = image.pageMm;
    return page ? `PDF, página de ${page.widthMm} × ${page.heightMm} mm.` : 'PDF.';
  }
  if (image.mime === 'image/svg+xml') {
    return `Imagem SVG de ${image.widthPx} × ${image.heightPx}.`;
  }
  const type = image.mime === 'image/png' ? 'PNG' : 'JPEG';
  return `Imagem de ${image.widthPx} × ${image.heightPx} px (${type}).`;
}
