import { LAYOUT_IMAGE_MAX_BYTES, type LayoutImageDto } from '@balcao/contract';

/** The file chooser's filter: PNG and JPEG, by type and by name (a type the system left empty). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** The server's words for the same refusals (POST /api/layouts/images). */
export const IMAGE_TYPE_MESSAGE = 'Envie uma imagem PNG ou JPEG.';
export const IMAGE_SIZE_MESSAGE = `A imagem passa de ${LAYOUT_IMAGE_MAX_BYTES / 1024} KB.`;
export const IMAGE_READ_MESSAGE = 'Não foi possível ler o arquivo da imagem.';

const TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg']);

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(IMAGE_READ_MESSAGE));
    reader.readAsDataURL(file);
  });
}

/** The image's type from its first bytes (what the server checks too), whatever its name says. */
function sniffMime(base64: string): LayoutImageDto['mime'] | null {
  let head: string;
  try {
    head = atob(base64.slice(0, 12));
  } catch {
    return null;
  }
  const bytes = [...head].map((char) => char.charCodeAt(0));
  const starts = (signature: number[]) => signature.every((byte, at) => bytes[at] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

/**
 * A chosen file as the upload's `data:image/…;base64,…`, or why it is not sent (pt-BR): not a PNG
 * or JPEG, or bigger than the server takes. Its pixel size is left to the server's check.
 */
export async function readLayoutImage(
  file: File,
): Promise<{ dataUrl: string } | { problem: string }> {
  const named = /\.(png|jpe?g)$/i.test(file.name);
  if (file.type === '' ? !named : !TYPES.has(file.type)) return { problem: IMAGE_TYPE_MESSAGE };
  if (file.size > LAYOUT_IMAGE_MAX_BYTES) return { problem: IMAGE_SIZE_MESSAGE };
  let read: string;
  try {
    read = await readAsDataUrl(file);
  } catch {
    return { problem: IMAGE_READ_MESSAGE };
  }
  const base64 = read.slice(read.indexOf(',') + 1);
  const mime = sniffMime(base64);
  if (!mime) return { problem: IMAGE_TYPE_MESSAGE };
  return { dataUrl: `data:${mime};base64,${base64}` };
}

/** 'Imagem de 600 × 200 px (PNG).' */
export function imageNote(image: LayoutImageDto): string {
  const type = image.mime === 'image/png' ? 'PNG' : 'JPEG';
  return `Imagem de ${image.widthPx} × ${image.heightPx} px (${type}).`;
}
