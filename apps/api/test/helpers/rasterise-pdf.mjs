// Draws a PDF's first page with pdf.js and @napi-rs/canvas (both from npm: the same pixels on any
// machine, with no poppler or system font) and writes it to stdout as a PNG: the PDF on stdin,
// `dpi` and `gray` as arguments. A separate process so helpers/pdf-image.ts stays synchronous.
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PNG } from 'pngjs';

const [dpiArgument = '150', gray = ''] = process.argv.slice(2);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const standardFontDataUrl = `${join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;
const pdf = await getDocument({
  data: new Uint8Array(Buffer.concat(chunks)),
  standardFontDataUrl,
  verbosity: VerbosityLevel.ERRORS,
  isEvalSupported: false,
}).promise;
const page = await pdf.getPage(1);
const viewport = page.getViewport({ scale: Number(dpiArgument) / 72 });
const width = Math.ceil(viewport.width);
const height = Math.ceil(viewport.height);
const { canvas, context } = pdf.canvasFactory.create(width, height);
context.fillStyle = '#ffffff';
context.fillRect(0, 0, width, height);
await page.render({ canvas, canvasContext: context, viewport }).promise;
const pixels = context.getImageData(0, 0, width, height).data;
const png = new PNG({ width, height });
for (let at = 0; at < pixels.length; at += 4) {
  const [r, g, b] = [pixels[at], pixels[at + 1], pixels[at + 2]];
  // Grey as poppler's -gray does it (ITU-R 601 luma), rounded.
  const luma = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  png.data[at] = gray ? luma : r;
  png.data[at + 1] = gray ? luma : g;
  png.data[at + 2] = gray ? luma : b;
  png.data[at + 3] = 255;
}
await pdf.destroy();
process.stdout.write(PNG.sync.write(png));
