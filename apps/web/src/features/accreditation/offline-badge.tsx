import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  DEFAULT_LAYOUTS,
  badgeLayoutValues,
  isLayoutPdf,
  layOut,
  mmToPt,
  type DrawOp,
  type LayoutImageDto,
  type ParticipantDto,
} from '@balcao/contract';
import { DrawOpShape } from '../../ui/layout-drawing/draw-op-shape';
import { code128Image, type Code128Image } from '../../ui/layout-drawing/code128-image';
import { layoutFontFaceCss } from '../../ui/layout-drawing/layout-font';
import { printFile } from '../../ui/print-frame';
import type { ReplicaMeta } from './offline-replica';

/**
 * The badge without the server (docs/offline-desk.md): the event's badge layout, kept with the
 * replica, laid out by the contract's engine (the one the server's PDFs use) and printed by the
 * browser, one label at its own size. A desk's Chromium started with --kiosk-printing prints it at
 * once, like the PDFs.
 */
export async function printBadgeInBrowser(
  meta: ReplicaMeta,
  participant: ParticipantDto,
  usualName: string,
): Promise<void> {
  const layout = meta.badgeLayout?.layout ?? DEFAULT_LAYOUTS.badge;
  const center = meta.centers.find((item) => item.id === participant.center?.id);
  const values = badgeLayoutValues({
    participantId: participant.id,
    usualName,
    fullName: participant.name,
    centerName: center?.name ?? null,
    cityName: center?.city ?? null,
    centerColor: center?.color ?? null,
    eventName: meta.event.name,
  });
  const ops = layOut(layout, values);
  const [images, barcodes] = await Promise.all([
    drawableImages(meta.badgeLayout?.images ?? {}),
    realBarcodes(ops),
  ]);
  const { widthMm, heightMm } = layout.page;
  const svg = svgMarkup(ops, images, barcodes, mmToPt(widthMm), mmToPt(heightMm));
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Crachá ${escapeText(usualName)}</title><style>${layoutFontFaceCss()}@page{size:${widthMm}mm ${heightMm}mm;margin:0}html,body{margin:0}svg{display:block;width:${widthMm}mm;height:${heightMm}mm}</style></head><body>${svg}</body></html>`;
  printFile(new Blob([page], { type: 'text/html' }));
}

/** A PDF page (a background) becomes the picture pdf.js draws of it: the print frame is HTML. */
async function drawableImages(
  images: Readonly<Record<string, LayoutImageDto>>,
): Promise<Record<string, LayoutImageDto>> {
  const entries = await Promise.all(
    Object.entries(images).map(async ([id, image]) => {
      if (!isLayoutPdf(image)) return [id, image];
      // pdf.js comes only with a layout that has a PDF background.
      const { pdfPageImage } = await import('../../ui/layout-drawing/pdf-page-image');
      return [id, { ...image, mime: 'image/png', dataUrl: await pdfPageImage(id, image.dataUrl) }];
    }),
  );
  return Object.fromEntries(entries) as Record<string, LayoutImageDto>;
}

async function realBarcodes(ops: readonly DrawOp[]): Promise<Record<string, Code128Image>> {
  const values = [...new Set(ops.flatMap((op) => (op.kind === 'barcode' ? [op.value] : [])))];
  const made = await Promise.all(values.map(async (value) => [value, await code128Image(value)]));
  return Object.fromEntries(made.filter(([, image]) => image !== null));
}

/** The page's SVG, rendered once by React off screen (the components the editor previews with). */
function svgMarkup(
  ops: readonly DrawOp[],
  images: Readonly<Record<string, LayoutImageDto>>,
  barcodes: Readonly<Record<string, Code128Image>>,
  widthPt: number,
  heightPt: number,
): string {
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${widthPt} ${heightPt}`}>
        {ops.map((op, index) => (
          <DrawOpShape key={index} op={op} images={images} barcodes={barcodes} />
        ))}
      </svg>,
    ),
  );
  const markup = host.innerHTML;
  root.unmount();
  return markup;
}

const escapeText = (text: string): string =>
  text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
