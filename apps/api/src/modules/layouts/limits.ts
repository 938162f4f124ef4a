/**
 * What one upload, and one label of a layout, may cost a print: each limit keeps the worst file
 * accepted cheap to draw (figures in docs/layouts-api.md). A refusal names the limit in pt-BR.
 */

/** Shapes one SVG (and one label's SVGs together) may draw: 0.3 to 1 s of svg-to-pdfkit. */
export const SVG_MAX_ELEMENTS = 2_000;
/** Levels of elements, <use> included: svg-to-pdfkit's stack lasts past 1,000. */
export const SVG_MAX_DEPTH = 100;
/** Pixels of one PNG or JPEG (width × height), and of one label's pictures together. */
export const IMAGE_MAX_PIXELS = 8_000_000;
/** A PDF's streams, inflated, all together: what pdf-lib may decode when it reads it. */
export const PDF_MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** The first page's drawing (its content streams), inflated: decoded again at each print. */
export const PDF_MAX_CONTENT_BYTES = 8 * 1024 * 1024;

/** 16.000.000: counts as a pt-BR reader writes them. */
export const formatCount = (count: number) => Math.round(count).toLocaleString('pt-BR');

/** svg-budget.ts stops counting at 100 times the limit, and a file still being read is 'more'. */
function drawnCount(count: number): string {
  if (!Number.isFinite(count)) return `mais de ${formatCount(SVG_MAX_ELEMENTS)}`;
  if (count >= SVG_MAX_ELEMENTS * 100) return `mais de ${formatCount(SVG_MAX_ELEMENTS * 100)}`;
  return formatCount(count);
}

const megabytes = (bytes: number) => `${formatCount(Math.ceil(bytes / 1024 / 1024))} MB`;

export const LIMIT_MESSAGES = {
  svgElements: (count: number) =>
    `A imagem SVG desenha ${drawnCount(count)} elementos (contando os <use>, e cada 10 letras de texto como um); o máximo é ${formatCount(SVG_MAX_ELEMENTS)}.`,
  svgDepth: `A imagem SVG tem mais de ${SVG_MAX_DEPTH} níveis de elementos (contando os <use>): simplifique-a no editor de imagens.`,
  pixels: (pixels: number) =>
    `A imagem tem ${formatCount(pixels)} pixels; o máximo é ${formatCount(IMAGE_MAX_PIXELS)}.`,
  pngData:
    'A imagem PNG traz mais dados do que o tamanho que declara: salve-a de novo no editor de imagens.',
  pdfInflated: `O PDF descompactado passa de ${megabytes(PDF_MAX_INFLATED_BYTES)}: salve-o de novo com menos conteúdo ou envie outro arquivo.`,
  pdfContent: (bytes: number) =>
    `O desenho da primeira página do PDF tem ${megabytes(bytes)} descompactado; o máximo é ${megabytes(PDF_MAX_CONTENT_BYTES)}.`,
  pdfFilter: (filter: string) =>
    `O PDF usa uma compressão antiga (${filter}): salve-o de novo (PDF 1.5 ou mais novo) ou envie outro arquivo.`,
  layoutSvg: (count: number) =>
    `As imagens SVG de uma etiqueta desenham ${formatCount(count)} elementos juntas; o máximo é ${formatCount(SVG_MAX_ELEMENTS)}.`,
  layoutPixels: (pixels: number) =>
    `As imagens de uma etiqueta têm ${formatCount(pixels)} pixels juntas; o máximo é ${formatCount(IMAGE_MAX_PIXELS)}.`,
} as const;
