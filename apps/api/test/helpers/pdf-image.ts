import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const RASTERISER = fileURLToPath(new URL('./rasterise-pdf.mjs', import.meta.url));

/**
 * The first page of a PDF as pdf.js draws it (rasterise-pdf.mjs), `dpi` dots per inch, grey or
 * colour: npm packages only, so the pixels are the same on any machine, fonts or none.
 */
export function rasterise(pdf: Buffer, options: { dpi?: number; gray?: boolean } = {}): PNG {
  const png = execFileSync(
    process.execPath,
    [RASTERISER, String(options.dpi ?? 150), options.gray ? 'gray' : ''],
    { input: pdf, maxBuffer: 256 * 1024 * 1024 },
  );
  return PNG.sync.read(png);
}

/** The colour at a point given in millimetres from the page's top-left corner, as '#rrggbb'. */
export function colourAt(image: PNG, dpi: number, xMm: number, yMm: number): string {
  const x = Math.round((xMm / 25.4) * dpi);
  const y = Math.round((yMm / 25.4) * dpi);
  const at = (y * image.width + x) * 4;
  return `#${[0, 1, 2].map((i) => image.data[at + i]!.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * How many pixels of `image` differ from the reference image in `file` (pixelmatch, threshold
 * 0.1); throws when the sizes differ. UPDATE_REFERENCES=1 writes the reference anew (only when a
 * change to what prints is meant); a missing one is written and the test fails, to be looked at.
 */
export function differingFromReference(image: PNG, file: string): number {
  if (process.env.UPDATE_REFERENCES === '1' || !existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, PNG.sync.write(image));
    if (process.env.UPDATE_REFERENCES !== '1') throw new Error(`referência criada: ${file}`);
  }
  const reference = PNG.sync.read(readFileSync(file));
  if (image.width !== reference.width || image.height !== reference.height) {
    throw new Error(
      `tamanho ${image.width}×${image.height}, a referência tem ${reference.width}×${reference.height}`,
    );
  }
  return pixelmatch(image.data, reference.data, undefined, image.width, image.height, {
    threshold: 0.1,
  });
}
