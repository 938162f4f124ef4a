import type { LayoutFont, MeasureText } from '@balcao/contract';

/** The preview's type: Helvetica where the system has it, its metric twins elsewhere. */
export const PREVIEW_FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', sans-serif";

/** Without a canvas (jsdom): Helvetica's average advance, a little over half an em. */
const AVERAGE_EM = 0.55;

/** Widths are measured once at this size and scaled: text widths grow linearly with the size. */
const MEASURED_SIZE = 100;
const CACHE_MAX = 5000;

export function estimateTextWidth(text: string, _font: LayoutFont, sizePt: number): number {
  return [...text].length * AVERAGE_EM * sizePt;
}

type Context = OffscreenCanvasRenderingContext2D;
let context: Context | null | undefined;
const widths = new Map<string, number>();

function canvasContext(): Context | null {
  if (context === undefined) {
    context =
      typeof OffscreenCanvas === 'undefined'
        ? null
        : new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: false });
  }
  return context;
}

/**
 * The engine's `MeasureText` for the browser: the width in points of text set in the preview's
 * font, measured by a canvas (points in, points out: the unit cancels), cached per text and font.
 */
export const measureText: MeasureText = (text, font, sizePt) => {
  const canvas = canvasContext();
  if (!canvas) return estimateTextWidth(text, font, sizePt);
  const key = `${font}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    canvas.font = `${font === 'bold' ? 'bold ' : ''}${MEASURED_SIZE}px ${PREVIEW_FONT_FAMILY}`;
    width = canvas.measureText(text).width;
    if (widths.size >= CACHE_MAX) widths.clear();
    widths.set(key, width);
  }
  return (width * sizePt) / MEASURED_SIZE;
};
