/**
 * PNGs and JPEGs as pdfkit embeds them, made once per process and copied into each print. pdfkit
 * embeds a PNG with transparency by inflating it, splitting off its alpha and deflating both again
 * (about 3 s for 8,000,000 pixels, on the event loop) every time a document embeds it. Uploads
 * never change, so the objects pdfkit writes are recorded once per content (a hash) and a print
 * writes copies of them: the same bytes in the PDF, none of the work.
 */
import PDFDocument from 'pdfkit';
import { MadeOnce } from './made-once.ts';
import type { Doc } from './doc.ts';

/** One object pdfkit wrote for the image: its dictionary and its stream's bytes. */
interface RecordedObject {
  data: Record<string, unknown>;
  content: Buffer | null;
  /** What pdfkit held of it, and put in other objects' dictionaries to name it. */
  handle: object;
}

export interface PreparedImage {
  width: number;
  height: number;
  /** A JPEG's EXIF orientation (1 when none). */
  orientation: number;
  /** The image's own object first, then those it names (parameters, palette, transparency). */
  objects: RecordedObject[];
}

/** What pdfkit's images do, which its types leave out. */
interface PdfkitImage {
  width: number;
  height: number;
  orientation?: number;
  embed(document: unknown): void;
}
interface OpeningImages {
  openImage(src: Buffer): PdfkitImage;
}

/** Opens images only: never drawn on, never written. */
const opener = new PDFDocument({ autoFirstPage: false }) as unknown as OpeningImages;

function record(content: Buffer): Promise<PreparedImage> {
  return new Promise((resolve, reject) => {
    const image = opener.openImage(content);
    const objects: RecordedObject[] = [];
    // pdfkit's document as an image embeds into it: `ref(data)`, then `end(bytes)`. The image's
    // own object is made first and ended last (after an inflate for a PNG with transparency).
    const recorder = {
      ref(data: Record<string, unknown> = {}) {
        const handle = {
          data,
          end(chunk?: Uint8Array) {
            if (chunk) object.content = Buffer.from(chunk);
            if (object !== objects[0]) return;
            const { width, height, orientation = 1 } = image;
            resolve({ width, height, orientation, objects });
          },
        };
        const object: RecordedObject = { data, content: null, handle };
        objects.push(object);
        return handle;
      },
    };
    try {
      image.embed(recorder);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

const recorded = new MadeOnce(
  (content) => record(Buffer.from(content)),
  (image) => image.objects.reduce((sum, object) => sum + (object.content?.length ?? 0), 0),
  64 * 1024 * 1024,
);

/** The image in `content` as pdfkit embeds it, recorded once per process. */
export const preparedImage = (content: Uint8Array): Promise<PreparedImage> => recorded.get(content);

/** Labels for prepared images, per document: pdfkit's own are I1, I2… */
const labels = new WeakMap<Doc, number>();

/**
 * What `doc.image` takes for a prepared image: an object of pdfkit's shape whose `embed` writes
 * copies of the recorded objects into the document (once: pdfkit keeps `obj`).
 */
export function embeddable(doc: Doc, image: PreparedImage) {
  const count = (labels.get(doc) ?? 0) + 1;
  labels.set(doc, count);
  return {
    label: `P${count}`,
    width: image.width,
    height: image.height,
    orientation: image.orientation,
    obj: null as PDFKit.PDFKitReference | null,
    embed(target: Doc) {
      if (this.obj) return;
      const made: PDFKit.PDFKitReference[] = [];
      const copy = (value: unknown): unknown => {
        const at = image.objects.findIndex((object) => object.handle === value);
        if (at >= 0) return made[at];
        return Array.isArray(value) ? value.map(copy) : value;
      };
      // Each object names only objects recorded after it: made from the last, so each exists.
      // Made with its whole dictionary: pdfkit deflates a stream whose dictionary has no Filter.
      for (let at = image.objects.length - 1; at >= 0; at--) {
        const { data } = image.objects[at]!;
        made[at] = target.ref(
          Object.fromEntries(Object.entries(data).map(([key, value]) => [key, copy(value)])),
        );
      }
      image.objects.forEach((object, at) => made[at]!.end(object.content ?? undefined));
      this.obj = made[0]!;
    },
  };
}
