/**
 * Layouts of the printed documents (issue #27): a declaration of a page and the elements placed on
 * it, and the one engine that turns a declaration and a participant's (or courseware's, or
 * coupon's) values into drawing operations. The server's PDFs draw those operations with pdfkit;
 * anything else that draws a document (a preview, the offline desk) draws the same operations, so
 * a layout prints alike everywhere. Positions are millimetres from the page's top-left corner,
 * font sizes points; the operations are in points.
 */

import {
  describeCharacters,
  measureText,
  missingCharacters,
  printedText,
  type LayoutFont,
  type MeasureText,
} from './font.ts';

export const LAYOUT_VERSION = 1;

export type LayoutDocument = 'badge' | 'courseware_label' | 'coupon' | 'certificate';

/** What each document's elements may show, with the editor's names for them. */
export const LAYOUT_FIELDS = {
  badge: {
    badgeName: 'Nome no crachá',
    fullName: 'Nome completo',
    center: 'Núcleo',
    city: 'Cidade',
    event: 'Evento',
    participantId: 'Código do participante',
  },
  courseware_label: {
    coursewareId: 'Código da apostila',
    serial: 'Série',
    course: 'Curso',
    center: 'Núcleo',
  },
  coupon: {
    couponId: 'Código do cupom',
    code: 'Código para digitar',
    template: 'Modelo',
    percent: 'Desconto',
    validUntil: 'Validade',
    event: 'Evento',
  },
  certificate: {
    name: 'Nome',
    event: 'Evento',
    course: 'Curso',
    hours: 'Carga horária',
    dates: 'Datas',
    code: 'Código de verificação',
    verifyUrl: 'Endereço de verificação (QR)',
  },
} as const satisfies Record<LayoutDocument, Record<string, string>>;

/** The values of one document's fields; an empty or missing value leaves out what shows it. */
export type LayoutValues = Readonly<Record<string, string | null | undefined>>;

/** What a badge shows of its participant and event. */
export interface BadgeFacts {
  participantId: string | number;
  /** The badge name typed at accreditation, at most 15 characters (SPEC.md section 5). */
  usualName: string;
  fullName: string;
  centerName: string | null;
  cityName?: string | null;
  /** '#rrggbb': a colour band that follows the center. */
  centerColor?: string | null;
  eventName: string;
}

/** A badge's values by layout field: the server's PDF and the offline desk's print alike. */
export const badgeLayoutValues = (badge: BadgeFacts): LayoutValues => ({
  badgeName: badge.usualName,
  fullName: badge.fullName,
  center: badge.centerName,
  city: badge.cityName,
  centerColor: badge.centerColor,
  event: badge.eventName,
  participantId: String(badge.participantId),
});

interface Placed {
  /** Names the element for the ones placed after it (`after`). */
  id?: string;
  xMm: number;
  yMm: number;
  /**
   * Placed below an earlier element: its top is the lower of `yMm` and that element's bottom plus
   * `gapMm`. An element left out (empty field, `when`) passes on the bottom of what it follows.
   */
  after?: string;
  gapMm?: number;
  /** Shown only while a field has a value (`filled`) or has none (`empty`). */
  when?: { filled?: string; empty?: string };
}

/** Text from a template: fixed words and `{field}`s; left out when a field it names is empty. */
export interface TextElement extends Placed {
  kind: 'text';
  widthMm: number;
  /** The box's height: lines that would pass it (or the page) are dropped, the last one cut '…'. */
  heightMm?: number;
  text: string;
  font: LayoutFont;
  sizePt: number;
  /** Shrinks from `sizePt` in 0.5 pt steps, down to this, until the text fits on one line. */
  minSizePt?: number;
  maxLines?: number;
  align?: 'left' | 'center' | 'right';
  /** 'bottom': the last line ends at the box's bottom (`heightMm` needed). */
  valign?: 'top' | 'bottom';
  color?: string;
}

export interface QrElement extends Placed {
  kind: 'qr';
  sizeMm: number;
  field: string;
}

/** Code 128, centred in its box with its quiet zones inside. */
export interface BarcodeElement extends Placed {
  kind: 'barcode';
  widthMm: number;
  heightMm: number;
  field: string;
}

export interface RuleElement extends Placed {
  kind: 'rule';
  widthMm: number;
  thicknessPt?: number;
  color?: string;
}

/** A filled rectangle: a colour band, a frame's background. */
export interface BandElement extends Placed {
  kind: 'band';
  widthMm: number;
  heightMm: number;
  color: string;
  /** 'center': the participant's center's colour ('Núcleos' → 'Cor'), `color` when it has none. */
  colorFrom?: 'center';
}

/** An uploaded PNG, JPEG or SVG (a logo, a sponsor strip), fitted inside its box, centred. */
export interface ImageElement extends Placed {
  kind: 'image';
  widthMm: number;
  heightMm: number;
  /** A `LayoutImageDto.id` of the event's uploads. */
  imageId: string;
}

export type LayoutElement =
  TextElement | QrElement | BarcodeElement | RuleElement | BandElement | ImageElement;

export interface Layout {
  version: typeof LAYOUT_VERSION;
  document: LayoutDocument;
  /** One label, card or coupon: what the elements are placed on. */
  page: { widthMm: number; heightMm: number };
  /** Several per sheet (four badges on an A4): absent, each prints on its own page. */
  sheet?: LayoutSheet;
  /** Drawn under the elements over the whole page (each label of a sheet), fitted and centred. */
  background?: LayoutBackground;
  elements: LayoutElement[];
}

/** An upload of the event, `LayoutImageDto.id`: a PNG, JPEG or SVG, or a PDF's first page. */
export interface LayoutBackground {
  imageId: string;
}

/**
 * A sheet of `columns` × `rows` labels, filled row by row: the first label's top-left corner at
 * the margins, the next ones `pitch` apart (a label's size plus the gap, as label makers state it).
 */
export interface LayoutSheet {
  widthMm: number;
  heightMm: number;
  columns: number;
  rows: number;
  marginLeftMm: number;
  marginTopMm: number;
  pitchXMm: number;
  pitchYMm: number;
}

/** Where each label of a sheet goes, in points from the sheet's top-left corner, in print order. */
export function sheetSlots(sheet: LayoutSheet): { x: number; y: number }[] {
  return Array.from({ length: sheet.columns * sheet.rows }, (_, index) => ({
    x: mmToPt(sheet.marginLeftMm + (index % sheet.columns) * sheet.pitchXMm),
    y: mmToPt(sheet.marginTopMm + Math.floor(index / sheet.columns) * sheet.pitchYMm),
  }));
}

/** A4 in portrait, the sheet the editor offers first. */
export const A4_MM = { widthMm: 210, heightMm: 297 } as const;
/** A4 in landscape: the certificate's page. */
export const A4_LANDSCAPE_MM = { widthMm: 297, heightMm: 210 } as const;

/** One thing to draw, in points from the page's top-left corner; text is one line at `y` (top). */
export type DrawOp =
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      font: LayoutFont;
      sizePt: number;
      color: string;
    }
  | { kind: 'rule'; x: number; y: number; width: number; thickness: number; color: string }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: string }
  | { kind: 'qr'; x: number; y: number; size: number; value: string }
  | { kind: 'barcode'; x: number; y: number; width: number; height: number; value: string }
  | { kind: 'image'; x: number; y: number; width: number; height: number; imageId: string }
  /** The layout's background, first of all: the whole page, the upload fitted and centred. */
  | { kind: 'background'; x: number; y: number; width: number; height: number; imageId: string };

/** '#1e66f5': the one colour notation of layouts and centers. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const HEX_COLOR_MESSAGE = 'Use a cor no formato #rrggbb.';

const POINTS_PER_MM = 72 / 25.4;

/** Millimetres to points. */
export function mmToPt(millimetres: number): number {
  return millimetres * POINTS_PER_MM;
}

/** Line advance for a font size: 1.18 em, the spacing the documents always had. */
export function lineHeight(sizePt: number): number {
  return sizePt * 1.18;
}

const FIELD = /\{(\w+)\}/g;

/** The template with its fields filled; null when a field it names has no value. */
function fillTemplate(template: string, values: LayoutValues): string | null {
  let missing = false;
  const text = template.replace(FIELD, (_match, field: string) => {
    const value = values[field]?.trim();
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : text;
}

const filled = (values: LayoutValues, field: string): boolean => Boolean(values[field]?.trim());

/** The largest size from maxSize down to minSize (0.5 pt steps) at which text fits on one line. */
export function fitFontSize(
  measure: MeasureText,
  text: string,
  font: LayoutFont,
  width: number,
  maxSize: number,
  minSize: number,
): number {
  for (let size = maxSize; size > minSize; size -= 0.5) {
    if (measure(text, font, size) <= width) return size;
  }
  return minSize;
}

/** Cuts text to width with a trailing '…' when it does not fit as it is. */
function ellipsize(fits: (text: string) => boolean, text: string): string {
  if (fits(text)) return text;
  let cut = text;
  while (cut.length > 0 && !fits(`${cut}…`)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Word-wraps text to at most maxLines lines; the last one ends in '…' if cut. */
export function wrapText(
  fits: (text: string) => boolean,
  text: string,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    // A single word wider than the box is broken where it must be.
    while (current.length > 1 && !fits(current)) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(fits, lines.slice(maxLines - 1).join(' '));
  return kept;
}

/** Where an element's box starts, following `after`; its bottom is recorded by the caller. */
function topOf(element: LayoutElement, bottoms: ReadonlyMap<string, number>): number {
  const own = mmToPt(element.yMm);
  if (!element.after) return own;
  const above = bottoms.get(element.after);
  return above === undefined ? own : Math.max(own, above + mmToPt(element.gapMm ?? 0));
}

function shown(element: LayoutElement, values: LayoutValues): boolean {
  const { when } = element;
  if (when?.filled && !filled(values, when.filled)) return false;
  if (when?.empty && filled(values, when.empty)) return false;
  return true;
}

function layOutText(
  element: TextElement,
  text: string,
  top: number,
  pageHeight: number,
  measure: MeasureText,
): { ops: DrawOp[]; bottom: number } {
  const x = mmToPt(element.xMm);
  const width = mmToPt(element.widthMm);
  const size =
    element.minSizePt === undefined
      ? element.sizePt
      : fitFontSize(measure, text, element.font, width, element.sizePt, element.minSizePt);
  const fits = (candidate: string) => measure(candidate, element.font, size) <= width;
  const boxBottom = Math.min(
    pageHeight,
    element.heightMm === undefined ? pageHeight : top + mmToPt(element.heightMm),
  );
  // Lines whose glyphs would pass the box (or the page) are never drawn.
  const room = Math.floor((boxBottom - top - size) / lineHeight(size)) + 1;
  if (room < 1) return { ops: [], bottom: top };
  const lines = wrapText(fits, text, Math.min(element.maxLines ?? 1, room));
  const block = (lines.length - 1) * lineHeight(size) + size;
  let y = element.valign === 'bottom' && element.heightMm !== undefined ? boxBottom - block : top;
  const ops: DrawOp[] = [];
  for (const line of lines) {
    const lineWidth = measure(line, element.font, size);
    const left =
      element.align === 'center'
        ? x + (width - lineWidth) / 2
        : element.align === 'right'
          ? x + width - lineWidth
          : x;
    ops.push({
      kind: 'text',
      x: left,
      y,
      text: line,
      font: element.font,
      sizePt: size,
      color: element.color ?? 'black',
    });
    y += lineHeight(size);
  }
  return { ops, bottom: y };
}

/**
 * The drawing operations of one page of `layout` filled with `values`, in the declaration's order
 * (later elements over earlier ones). Every document is measured with the embedded font's
 * `measureText`, on the server and in the browser alike; another `measure` is for tests only.
 */
export function layOut(
  layout: Layout,
  values: LayoutValues,
  measure: MeasureText = measureText,
): DrawOp[] {
  const pageHeight = mmToPt(layout.page.heightMm);
  const bottoms = new Map<string, number>();
  const ops: DrawOp[] = [];
  if (layout.background) {
    const { imageId } = layout.background;
    const width = mmToPt(layout.page.widthMm);
    ops.push({ kind: 'background', x: 0, y: 0, width, height: pageHeight, imageId });
  }
  for (const element of layout.elements) {
    const top = topOf(element, bottoms);
    const passOn = () => {
      if (!element.id) return;
      const above = element.after === undefined ? undefined : bottoms.get(element.after);
      if (above !== undefined) bottoms.set(element.id, above);
    };
    if (!shown(element, values)) {
      passOn();
      continue;
    }
    const x = mmToPt(element.xMm);
    let bottom = top;
    switch (element.kind) {
      case 'text': {
        const filledText = fillTemplate(element.text, values);
        const text = filledText === null ? null : printedText(filledText);
        if (text === null || text.trim() === '') {
          passOn();
          continue;
        }
        const laid = layOutText(element, text, top, pageHeight, measure);
        ops.push(...laid.ops);
        bottom = laid.bottom;
        break;
      }
      case 'qr': {
        const value = values[element.field]?.trim();
        if (!value) {
          passOn();
          continue;
        }
        const size = mmToPt(element.sizeMm);
        ops.push({ kind: 'qr', x, y: top, size, value });
        bottom = top + size;
        break;
      }
      case 'barcode': {
        const value = values[element.field]?.trim();
        if (!value) {
          passOn();
          continue;
        }
        const [width, height] = [mmToPt(element.widthMm), mmToPt(element.heightMm)];
        ops.push({ kind: 'barcode', x, y: top, width, height, value });
        bottom = top + height;
        break;
      }
      case 'rule':
        ops.push({
          kind: 'rule',
          x,
          y: top,
          width: mmToPt(element.widthMm),
          thickness: element.thicknessPt ?? 0.5,
          color: element.color ?? 'black',
        });
        break;
      case 'band': {
        const height = mmToPt(element.heightMm);
        const width = mmToPt(element.widthMm);
        const own = element.colorFrom === 'center' ? values.centerColor?.trim() : undefined;
        const color = own && HEX_COLOR.test(own) ? own : element.color;
        ops.push({ kind: 'rect', x, y: top, width, height, color });
        bottom = top + height;
        break;
      }
      case 'image': {
        const height = mmToPt(element.heightMm);
        const width = mmToPt(element.widthMm);
        ops.push({ kind: 'image', x, y: top, width, height, imageId: element.imageId });
        bottom = top + height;
        break;
      }
    }
    if (element.id) bottoms.set(element.id, bottom);
  }
  return ops;
}

const KIND_NAMES: Record<LayoutElement['kind'], string> = {
  text: 'texto',
  qr: 'QR',
  barcode: 'código de barras',
  rule: 'linha',
  band: 'faixa',
  image: 'imagem',
};
const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID = /^[\w-]{1,40}$/;
/** Page sizes a label printer or a sheet can take. */
export const LAYOUT_PAGE_MM = { min: 10, max: 400 } as const;
export const LAYOUT_ELEMENTS_MAX = 200;
export const LAYOUT_FONT_PT = { min: 4, max: 200 } as const;
const SLACK_MM = 0.01;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * What is wrong with a declaration, in pt-BR, one message per fault (empty: it is a valid
 * layout). A layout made by hand or by a script is held to the same rules as the editor's: every
 * element inside the page, every field one the document has, `after` naming an earlier element.
 */
export function layoutProblems(input: unknown): string[] {
  if (!isRecord(input)) return ['O layout deve ser um objeto JSON.'];
  const problems: string[] = [];
  if (input.version !== LAYOUT_VERSION) {
    problems.push(`Versão de layout não suportada: use ${LAYOUT_VERSION}.`);
  }
  const document = input.document;
  const fields: Record<string, string> | undefined =
    typeof document === 'string' && document in LAYOUT_FIELDS
      ? LAYOUT_FIELDS[document as LayoutDocument]
      : undefined;
  if (!fields)
    problems.push('Documento desconhecido: use badge, courseware_label, coupon ou certificate.');
  const page = isRecord(input.page) ? input.page : {};
  const { min, max } = LAYOUT_PAGE_MM;
  const pageOk = [page.widthMm, page.heightMm].every(
    (side) => isNumber(side) && side >= min && side <= max,
  );
  if (!pageOk) problems.push(`Tamanho da página inválido: de ${min} a ${max} mm em cada lado.`);
  const width = pageOk ? (page.widthMm as number) : max;
  const height = pageOk ? (page.heightMm as number) : max;
  if (input.sheet !== undefined) problems.push(...sheetProblems(input.sheet, width, height));
  if (input.background !== undefined) {
    const background = isRecord(input.background) ? input.background : {};
    if (typeof background.imageId !== 'string' || !IMAGE_ID.test(background.imageId)) {
      problems.push('Fundo inválido: envie a imagem ou o PDF de novo.');
    }
  }
  if (!Array.isArray(input.elements)) return [...problems, 'Faltam os elementos do layout.'];
  if (input.elements.length > LAYOUT_ELEMENTS_MAX) {
    return [...problems, `No máximo ${LAYOUT_ELEMENTS_MAX} elementos por layout.`];
  }
  const ids = new Set<string>();
  input.elements.forEach((element: unknown, index) => {
    const kind = isRecord(element) ? element.kind : undefined;
    const name =
      typeof kind === 'string' && kind in KIND_NAMES
        ? KIND_NAMES[kind as LayoutElement['kind']]
        : undefined;
    const say = (message: string) => problems.push(`Elemento ${index + 1} (${name}): ${message}`);
    if (!isRecord(element) || !name) {
      problems.push(
        `Elemento ${index + 1}: tipo desconhecido (text, qr, barcode, rule, band ou image).`,
      );
      return;
    }
    const knownField = (field: unknown) =>
      typeof field === 'string' && fields?.[field] !== undefined;
    const sizes: Record<string, unknown> = {
      xMm: element.xMm,
      yMm: element.yMm,
      ...(element.gapMm === undefined ? {} : { gapMm: element.gapMm }),
    };
    if (Object.values(sizes).some((value) => !isNumber(value) || value < 0)) {
      say('posição inválida (mm, a partir de 0).');
      return;
    }
    const x = element.xMm as number;
    const y = element.yMm as number;
    const box = (w: unknown, h: unknown) => {
      if (!isNumber(w) || w <= 0 || (h !== undefined && (!isNumber(h) || h <= 0))) {
        say('tamanho inválido (mm, maior que 0).');
        return;
      }
      if (x + w > width + SLACK_MM) say('passa da largura da página.');
      if (isNumber(h) && y + h > height + SLACK_MM) say('passa da altura da página.');
    };
    if (element.id !== undefined) {
      if (typeof element.id !== 'string' || !ID.test(element.id)) say('nome (id) inválido.');
      else if (ids.has(element.id)) say(`nome '${element.id}' repetido.`);
      else ids.add(element.id);
    }
    if (
      element.after !== undefined &&
      (typeof element.after !== 'string' || !ids.has(element.after) || element.after === element.id)
    ) {
      say('"after" deve nomear um elemento anterior.');
    }
    if (element.when !== undefined) {
      const when = isRecord(element.when) ? element.when : { filled: null };
      const conditions = [when.filled, when.empty].filter((field) => field !== undefined);
      if (conditions.length === 0 || !conditions.every(knownField)) {
        say('"when" deve nomear campos do documento.');
      }
    }
    if (
      element.color !== undefined &&
      (typeof element.color !== 'string' || !HEX_COLOR.test(element.color))
    ) {
      say('cor inválida: use #rrggbb.');
    }
    switch (kind) {
      case 'text': {
        box(element.widthMm, element.heightMm);
        const text = element.text;
        if (typeof text !== 'string' || text.trim() === '' || text.length > 500) {
          say('o texto deve ter de 1 a 500 caracteres.');
        } else {
          for (const [, field] of text.matchAll(FIELD)) {
            if (!knownField(field)) say(`campo desconhecido: {${field}}.`);
          }
          const missing = missingCharacters(text.replace(FIELD, ''));
          if (missing.length > 0) {
            say(`a fonte não tem ${describeCharacters(missing)}: sairia como um quadrado vazio.`);
          }
        }
        if (element.font !== 'regular' && element.font !== 'bold')
          say('fonte inválida: regular ou bold.');
        const size = element.sizePt;
        const { min: least, max: most } = LAYOUT_FONT_PT;
        if (!isNumber(size) || size < least || size > most) {
          say(`tamanho da fonte inválido: de ${least} a ${most} pt.`);
        } else if (y + size / POINTS_PER_MM > height + SLACK_MM) {
          say('o texto começa abaixo da página.');
        }
        const minSize = element.minSizePt;
        if (
          minSize !== undefined &&
          (!isNumber(minSize) || minSize < least || !isNumber(size) || minSize > size)
        ) {
          say('tamanho mínimo da fonte inválido.');
        }
        const lines = element.maxLines;
        if (
          lines !== undefined &&
          (!Number.isInteger(lines) || (lines as number) < 1 || (lines as number) > 20)
        ) {
          say('linhas: de 1 a 20.');
        }
        if (
          element.align !== undefined &&
          !['left', 'center', 'right'].includes(element.align as string)
        ) {
          say('alinhamento inválido.');
        }
        if (
          element.valign !== undefined &&
          (!['top', 'bottom'].includes(element.valign as string) ||
            (element.valign === 'bottom' && element.heightMm === undefined))
        ) {
          say('alinhamento vertical inválido ("bottom" pede heightMm).');
        }
        break;
      }
      case 'qr':
        box(element.sizeMm, element.sizeMm);
        if (!knownField(element.field)) say('campo desconhecido.');
        break;
      case 'barcode':
        box(element.widthMm, element.heightMm);
        if (!knownField(element.field)) say('campo desconhecido.');
        break;
      case 'rule':
        box(element.widthMm, undefined);
        if (
          element.thicknessPt !== undefined &&
          (!isNumber(element.thicknessPt) || element.thicknessPt <= 0 || element.thicknessPt > 20)
        ) {
          say('espessura inválida: até 20 pt.');
        }
        break;
      case 'band':
        box(element.widthMm, element.heightMm);
        if (typeof element.color !== 'string') say('cor inválida: use #rrggbb.');
        if (
          element.colorFrom !== undefined &&
          (element.colorFrom !== 'center' || document !== 'badge')
        ) {
          say('"colorFrom" só aceita "center", no crachá.');
        }
        break;
      case 'image':
        box(element.widthMm, element.heightMm);
        if (typeof element.imageId !== 'string' || !IMAGE_ID.test(element.imageId)) {
          say('imagem inválida: envie-a de novo.');
        }
        break;
    }
  });
  return problems;
}

/** GET/PUT/DELETE /api/layouts/{document}: the selected event's layout of one document. */
export interface LayoutDto {
  document: LayoutDocument;
  /** False: the event prints with the default layout (`layout` is it). */
  custom: boolean;
  layout: Layout;
  /** ISO instant of the last save, and who saved; null for the default. */
  updatedAt: string | null;
  updatedBy: string | null;
  /** The images the layout places, by id. */
  images: Record<string, LayoutImageDto>;
}

/**
 * POST /api/layouts/images: an upload of the selected event. A PNG, JPEG or SVG is an image
 * element's or a background; a PDF (its first page) only a background.
 */
export interface LayoutImageDto {
  id: string;
  mime: LayoutUploadMime;
  /** The picture's size; an SVG's as it declares it; a PDF's first page in points (1/72 in). */
  widthPx: number;
  heightPx: number;
  /** A PDF's first page, to the millimetre. */
  pageMm?: { widthMm: number; heightMm: number };
  /** `data:<mime>;base64,…`, for the preview and the offline desk. */
  dataUrl: string;
}

export type LayoutUploadMime = 'image/png' | 'image/jpeg' | 'image/svg+xml' | 'application/pdf';

/** Uploads are checked on the server: a real PNG, JPEG or SVG, at most this big, this wide. */
export const LAYOUT_IMAGE_MAX_BYTES = 512 * 1024;
export const LAYOUT_IMAGE_MAX_PX = 4000;
/** A PDF for a background: a page may carry pictures of its own, so it may be bigger. */
export const LAYOUT_PDF_MAX_BYTES = 2 * 1024 * 1024;
/** POST /api/layouts/images' refusals of a file's kind and size; the editor checks them first. */
export const LAYOUT_UPLOAD_MESSAGES = {
  type: 'Envie uma imagem PNG, JPEG ou SVG, ou um PDF.',
  imageBytes: `A imagem passa de ${LAYOUT_IMAGE_MAX_BYTES / 1024} KB.`,
  pdfBytes: `O PDF passa de ${LAYOUT_PDF_MAX_BYTES / 1024 / 1024} MB.`,
  pixels: `A imagem passa de ${LAYOUT_IMAGE_MAX_PX} px de lado.`,
  pdfElement: 'Um PDF só pode ser o fundo da página: escolha-o em Fundo.',
} as const;

/** A PDF may be only a background; the rest may also be image elements. */
export const isLayoutPdf = (image: { mime: string }): boolean => image.mime === 'application/pdf';

/** GET /api/layouts/{document}/sample: values to preview with (a real participant when there is one). */
export interface LayoutSampleDto {
  document: LayoutDocument;
  /** Where the values came from, for the preview's caption ('Participante: Ana' / 'Dados de exemplo'). */
  source: string;
  values: Record<string, string>;
}

export const LAYOUT_DOCUMENTS: readonly LayoutDocument[] = [
  'badge',
  'courseware_label',
  'coupon',
  'certificate',
];

/** The editor's names of the documents. */
export const LAYOUT_DOCUMENT_LABELS: Record<LayoutDocument, string> = {
  badge: 'Crachá',
  courseware_label: 'Selo de apostila',
  coupon: 'Cupom',
  certificate: 'Certificado',
};

/** A sheet's faults: its size, a whole number of labels, and every label inside the sheet. */
function sheetProblems(input: unknown, labelWidth: number, labelHeight: number): string[] {
  const sheet = isRecord(input) ? input : {};
  const { min, max } = LAYOUT_PAGE_MM;
  const sizes = [sheet.widthMm, sheet.heightMm];
  if (!sizes.every((side) => isNumber(side) && side >= min && side <= max)) {
    return [`Folha: tamanho inválido, de ${min} a ${max} mm em cada lado.`];
  }
  const counts = [sheet.columns, sheet.rows];
  if (
    !counts.every(
      (count) => Number.isInteger(count) && (count as number) >= 1 && (count as number) <= 50,
    )
  ) {
    return ['Folha: colunas e linhas de 1 a 50.'];
  }
  const offsets = [sheet.marginLeftMm, sheet.marginTopMm, sheet.pitchXMm, sheet.pitchYMm];
  if (!offsets.every((value) => isNumber(value) && value >= 0)) {
    return ['Folha: margens e passos em mm, a partir de 0.'];
  }
  const s = sheet as unknown as LayoutSheet;
  const problems: string[] = [];
  if (s.columns > 1 && s.pitchXMm < labelWidth)
    problems.push('Folha: o passo horizontal é menor que a etiqueta.');
  if (s.rows > 1 && s.pitchYMm < labelHeight)
    problems.push('Folha: o passo vertical é menor que a etiqueta.');
  if (s.marginLeftMm + (s.columns - 1) * s.pitchXMm + labelWidth > s.widthMm + SLACK_MM) {
    problems.push('Folha: as etiquetas passam da largura da folha.');
  }
  if (s.marginTopMm + (s.rows - 1) * s.pitchYMm + labelHeight > s.heightMm + SLACK_MM) {
    problems.push('Folha: as etiquetas passam da altura da folha.');
  }
  return problems;
}
