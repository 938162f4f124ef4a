/**
 * A layout's PDF background: the first page of an uploaded PDF, kept as vectors. pdfkit cannot
 * place another PDF's page, so the document is drawn first and pdf-lib then puts the background
 * page under each label (embedPage) with the drawn page over it.
 */
import { degrees, PDFDocument, type PDFEmbeddedPage, type PDFPage } from 'pdf-lib';
import { MadeOnce } from './made-once.ts';
import { fitInside, type Box } from './pictures.ts';

/** The first page as a viewer shows it: its crop box, turned by its /Rotate. */
export function firstPageView(pdf: PDFDocument): {
  page: PDFPage;
  crop: { left: number; bottom: number; right: number; top: number };
  /** Clockwise quarter turns, in degrees: 0, 90, 180 or 270. */
  rotation: number;
  /** The page as shown, in points. */
  width: number;
  height: number;
} {
  const page = pdf.getPage(0);
  const box = page.getCropBox();
  const rotation = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  const quarter = rotation % 180 !== 0;
  return {
    page,
    crop: { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height },
    rotation,
    width: quarter ? box.height : box.width,
    height: quarter ? box.width : box.height,
  };
}

/**
 * The background's first page alone, its drawing already a form: placing it decodes a line, not
 * the page's drawing (up to 8 MB inflated, then deflated again, at every print). Same crop box
 * and /Rotate, so it shows as the page did.
 */
async function firstPageAlone(background: Uint8Array): Promise<Uint8Array> {
  const view = firstPageView(await PDFDocument.load(background, { updateMetadata: false }));
  const alone = await PDFDocument.create({ updateMetadata: false });
  const form = await alone.embedPage(view.page, view.crop);
  const page = alone.addPage([form.width, form.height]);
  page.drawPage(form, { x: 0, y: 0 });
  page.setRotation(degrees(view.rotation));
  // No object streams: reading it back inflates nothing but that line.
  return alone.save({ useObjectStreams: false });
}

/** Each background's first page alone, made once per process. */
const firstPages = new MadeOnce(firstPageAlone, (page) => page.length, 64 * 1024 * 1024);

/**
 * `rendered` (pdfkit's document) with the first page of `background` under each label: `labels`
 * holds, for each page, its labels' boxes in points from the page's top-left corner. The page is
 * fitted inside each label, centred, as images are.
 */
export async function underlayPdfPage(
  rendered: Uint8Array,
  background: Uint8Array,
  labels: readonly (readonly Box[])[],
  title: string,
): Promise<Buffer> {
  const out = await PDFDocument.create({ updateMetadata: false });
  const page = await firstPages.get(background);
  const view = firstPageView(await PDFDocument.load(page, { updateMetadata: false }));
  const under = await out.embedPage(view.page, view.crop);
  const pages = await out.embedPdf(
    rendered,
    labels.map((_, index) => index),
  );
  pages.forEach((drawn, index) => {
    const page = out.addPage([drawn.width, drawn.height]);
    for (const label of labels[index] ?? []) drawUnder(page, under, view, label);
    page.drawPage(drawn, { x: 0, y: 0 });
  });
  out.setTitle(title);
  out.setProducer('Balcão');
  out.setCreator('Balcão');
  return Buffer.from(await out.save());
}

/** The background page fitted in `label` (top-left based), turned as its /Rotate says. */
function drawUnder(
  page: PDFPage,
  under: PDFEmbeddedPage,
  view: { rotation: number; width: number; height: number },
  label: Box,
): void {
  const fitted = fitInside(label, view.width, view.height);
  const scale = fitted.width / view.width;
  const [w, h] = [under.width * scale, under.height * scale];
  // pdf-lib turns counter-clockwise about (x, y): a clockwise turn moves the page off its corner.
  const offset = { 0: [0, 0], 90: [0, w], 180: [w, h], 270: [h, 0] }[view.rotation] ?? [0, 0];
  page.drawPage(under, {
    x: fitted.x + offset[0]!,
    y: page.getHeight() - fitted.y - fitted.height + offset[1]!,
    xScale: scale,
    yScale: scale,
    rotate: degrees(-view.rotation),
  });
}
