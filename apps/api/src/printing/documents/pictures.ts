/**
 * The uploads a layout places (image elements, the background), drawn on a pdfkit page: a PNG or
 * JPEG as pdfkit embeds it, an SVG as vectors (svg-to-pdfkit). Every one is fitted inside its box
 * by the one rule, `fitInside`. A PDF page is drawn after pdfkit, under the page (pdf-background.ts).
 */
import SVGtoPDF from 'svg-to-pdfkit';
import type { LayoutUploadMime } from '@balcao/contract';
import type { Doc } from './doc.ts';
import { embeddable, preparedImage, type PreparedImage } from './prepared-images.ts';

/** An upload of the event as the printer reads it: the bytes and what they are. */
export interface LayoutPicture {
  mime: LayoutUploadMime;
  /** The picture's size (an SVG's as declared; a PDF's page in points): its proportions. */
  widthPx: number;
  heightPx: number;
  content: Uint8Array;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a picture of `width` × `height` goes in `box`: as large as fits, never stretched, centred.
 * The preview's `preserveAspectRatio="xMidYMid meet"` is the same rule.
 */
export function fitInside(box: Box, width: number, height: number): Box {
  const scale = Math.min(box.width / width, box.height / height);
  const fitted = { width: width * scale, height: height * scale };
  return {
    x: box.x + (box.width - fitted.width) / 2,
    y: box.y + (box.height - fitted.height) / 2,
    ...fitted,
  };
}

/** The one kind of link an SVG may hold besides its own #fragments (checked when uploaded). */
export const SVG_EMBEDDED_IMAGE = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=\s]*)$/i;

/** An SVG's embedded PNG or JPEG as one spelling (no spaces), or null for any other link. */
function embeddedImageUrl(link: string): string | null {
  const [, type, base64] = SVG_EMBEDDED_IMAGE.exec(link.trim()) ?? [];
  if (base64 === undefined) return null;
  return `data:image/${type!.toLowerCase()};base64,${base64.replace(/\s/g, '')}`;
}

/** Where an SVG's text embeds a PNG or JPEG (entities in the link are not undone: read as is). */
const EMBEDDED_IN_TEXT = /data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=\s]*/gi;

/**
 * svg-to-pdfkit's reach outside the SVG, closed: an <image> gets only the bytes of an embedded
 * PNG or JPEG (pdfkit would read any other link as a file path), other documents nothing, fonts
 * the document's own embedded font (pdf.ts registers it; italic is slanted), and its warnings go
 * nowhere.
 */
const SVG_OPTIONS: SVGtoPDF.Options = {
  preserveAspectRatio: 'xMidYMid meet',
  assumePt: true,
  // An empty Buffer fails as no image, never as a path. A data URL without spaces is read by
  // pdfkit as its bytes, and opened once per document however often the SVG repeats it.
  imageCallback: (link) => embeddedImageUrl(link) ?? (Buffer.alloc(0) as never),
  documentCallback: () => [],
  fontCallback: (_family, bold, italic, options) => {
    options.fauxItalic = italic;
    return bold ? 'bold' : 'regular';
  },
  warningCallback: () => undefined,
};

/** pdfkit's image reader and the images it opened by link, which its types leave out. */
interface OpeningImages {
  openImage(src: Buffer): { width: number; height: number; orientation: number };
  _imageRegistry: Record<string, unknown>;
}

type OpenedImage = ReturnType<OpeningImages['openImage']>;

/** The pictures of a print, prepared before it is drawn (`preparePictures`): drawn as copies. */
const ready = new WeakMap<LayoutPicture, PreparedImage>();
/** An SVG's embedded PNGs and JPEGs, prepared, by their link as `embeddedImageUrl` spells it. */
const readyInSvg = new WeakMap<LayoutPicture, Map<string, PreparedImage>>();

/**
 * Readies a layout's PNGs and JPEGs, and those its SVGs embed, for drawing: each made as pdfkit
 * embeds it once per process (prepared-images.ts), so a print copies it rather than decoding it.
 */
export async function preparePictures(pictures: Iterable<LayoutPicture>): Promise<void> {
  for (const picture of pictures) {
    if (picture.mime === 'image/png' || picture.mime === 'image/jpeg') {
      ready.set(picture, await preparedImage(picture.content));
    }
    if (picture.mime === 'image/svg+xml') {
      const embedded = new Map<string, PreparedImage>();
      const text = Buffer.from(picture.content).toString('utf8');
      for (const [link] of text.matchAll(EMBEDDED_IN_TEXT)) {
        const url = embeddedImageUrl(link);
        if (url && !embedded.has(url)) {
          embedded.set(
            url,
            await preparedImage(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')),
          );
        }
      }
      readyInSvg.set(picture, embedded);
    }
  }
}

/** Each document's opened pictures: decoded once per print, however often placed. */
const opened = new WeakMap<Doc, WeakMap<LayoutPicture, OpenedImage>>();

function openedImage(doc: Doc, picture: LayoutPicture): OpenedImage {
  let images = opened.get(doc);
  if (!images) opened.set(doc, (images = new WeakMap()));
  let image = images.get(picture);
  if (!image) {
    const prepared = ready.get(picture);
    image = prepared
      ? embeddable(doc, prepared)
      : (doc as unknown as OpeningImages).openImage(Buffer.from(picture.content));
    images.set(picture, image);
  }
  return image;
}

/** A PNG, JPEG or SVG fitted inside `box`; a PDF is left to pdf-background.ts. */
export function drawPicture(doc: Doc, picture: LayoutPicture, box: Box): void {
  switch (picture.mime) {
    case 'image/png':
    case 'image/jpeg': {
      const image = openedImage(doc, picture);
      // A JPEG's EXIF orientation past 4 turns it a quarter: pdfkit draws it standing as shown.
      const [width, height] =
        image.orientation > 4 ? [image.height, image.width] : [image.width, image.height];
      const fitted = fitInside(box, width, height);
      doc.image(image as never, fitted.x, fitted.y, { width: fitted.width, height: fitted.height });
      return;
    }
    case 'image/svg+xml': {
      const fitted = fitInside(box, picture.widthPx, picture.heightPx);
      const svg = Buffer.from(picture.content).toString('utf8');
      // svg-to-pdfkit opens an <image> by its link: found among the document's, it is a copy.
      const registry = (doc as unknown as OpeningImages)._imageRegistry;
      for (const [url, image] of readyInSvg.get(picture) ?? []) {
        registry[url] ??= embeddable(doc, image);
      }
      SVGtoPDF(doc as never, svg, fitted.x, fitted.y, {
        ...SVG_OPTIONS,
        width: fitted.width,
        height: fitted.height,
      });
      return;
    }
    case 'application/pdf':
      return;
  }
}
