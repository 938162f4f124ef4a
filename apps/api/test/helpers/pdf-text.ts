import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  /** Points (1/72 in). */
  width: number;
  height: number;
  /** The page's text runs in reading order, one line per run. */
  text: string;
}

const standardFontDataUrl = `${join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** Parses a PDF the way a viewer would and returns each page's size and text. */
export async function readPdf(data: Buffer): Promise<{ pages: PdfPage[] }> {
  const pdf = await getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl,
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter((str) => str.trim() !== '')
        .join('\n');
      pages.push({ width: x1 - x0, height: y1 - y0, text });
    }
    return { pages };
  } finally {
    await pdf.destroy();
  }
}

/** Points to millimetres, for asserting page sizes. */
export function toMm(points: number): number {
  return (points * 25.4) / 72;
}
