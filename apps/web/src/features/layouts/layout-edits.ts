import {
  LAYOUT_FIELDS,
  LAYOUT_FONT_PT,
  type ImageElement,
  type Layout,
  type LayoutDocument,
  type LayoutElement,
  type LayoutImageDto,
} from '@balcao/contract';

/** Millimetres kept to two decimals: nudges and snaps add no floating-point dust. */
export const roundMm = (value: number) => Math.round(value * 100) / 100;

export const ELEMENT_KIND_LABELS: Record<LayoutElement['kind'], string> = {
  text: 'Texto',
  qr: 'QR',
  barcode: 'Código de barras',
  rule: 'Linha',
  band: 'Faixa',
  image: 'Imagem',
};

/** The kinds the add buttons make from nothing; an image comes from an upload (addImageElement). */
export type AddableKind = Exclude<LayoutElement['kind'], 'image'>;

const ID_PREFIXES: Record<LayoutElement['kind'], string> = {
  text: 'texto',
  qr: 'qr',
  barcode: 'barras',
  rule: 'linha',
  band: 'faixa',
  image: 'imagem',
};

/** What an element's `id` may be (layoutProblems holds imports to the same rule). */
export const ELEMENT_ID = /^[\w-]{1,40}$/;

export function fieldsOf(document: LayoutDocument): Record<string, string> {
  return LAYOUT_FIELDS[document];
}

/** The field a new QR or bar code shows: the document's code (a key ending in 'Id'). */
function codeField(document: LayoutDocument): string {
  const keys = Object.keys(fieldsOf(document));
  return keys.find((key) => key.endsWith('Id')) ?? keys[0] ?? '';
}

function freeId(layout: Layout, kind: LayoutElement['kind']): string {
  const taken = new Set(layout.elements.map((element) => element.id));
  let serial = 1;
  while (taken.has(`${ID_PREFIXES[kind]}${serial}`)) serial++;
  return `${ID_PREFIXES[kind]}${serial}`;
}

/** A side of a new element: what it wants, within the page less 2 mm each side, 1 mm at least. */
const room = (wanted: number, side: number) => roundMm(Math.max(1, Math.min(wanted, side - 4)));

/** How wide a new image's box is (within the page): its height follows the image's proportions. */
export const NEW_IMAGE_WIDTH_MM = 30;

/** A box of `image`'s proportions, `wantedWidth` wide unless the page is smaller. */
export function imageBox(
  layout: Layout,
  image: Pick<LayoutImageDto, 'widthPx' | 'heightPx'>,
  wantedWidth = NEW_IMAGE_WIDTH_MM,
): { widthMm: number; heightMm: number } {
  const ratio = image.widthPx > 0 && image.heightPx > 0 ? image.heightPx / image.widthPx : 1;
  const { widthMm: pageWidth, heightMm: pageHeight } = layout.page;
  let width = Math.min(wantedWidth, Math.max(1, pageWidth - 4));
  let height = width * ratio;
  const tallest = Math.max(1, pageHeight - 4);
  if (height > tallest) {
    height = tallest;
    width = height / ratio;
  }
  return { widthMm: Math.max(0.1, roundMm(width)), heightMm: Math.max(0.1, roundMm(height)) };
}

/** A new image element showing `image` near the page's top-left corner, on top of the rest. */
export function addImageElement(
  layout: Layout,
  image: LayoutImageDto,
): { layout: Layout; index: number } {
  const element: ImageElement = {
    kind: 'image',
    id: freeId(layout, 'image'),
    xMm: 2,
    yMm: 2,
    ...imageBox(layout, image),
    imageId: image.id,
  };
  return {
    layout: { ...layout, elements: [...layout.elements, element] },
    index: layout.elements.length,
  };
}

/**
 * A new element of `kind`, near the page's top-left corner and small enough for the page. Bands
 * are backgrounds: they go first (under everything); the rest go last (on top).
 */
export function addElement(layout: Layout, kind: AddableKind): { layout: Layout; index: number } {
  const { widthMm, heightMm } = layout.page;
  const id = freeId(layout, kind);
  const place = { id, xMm: 2, yMm: 2 };
  let element: LayoutElement;
  switch (kind) {
    case 'text':
      element = {
        kind,
        ...place,
        widthMm: room(40, widthMm),
        text: 'Texto',
        font: 'regular',
        sizePt: 10,
      };
      break;
    case 'qr':
      element = {
        kind,
        ...place,
        sizeMm: room(15, Math.min(widthMm, heightMm)),
        field: codeField(layout.document),
      };
      break;
    case 'barcode':
      element = {
        kind,
        ...place,
        widthMm: room(40, widthMm),
        heightMm: room(10, heightMm),
        field: codeField(layout.document),
      };
      break;
    case 'rule':
      element = { kind, ...place, widthMm: room(40, widthMm), thicknessPt: 0.5 };
      break;
    case 'band':
      element = {
        kind,
        id,
        xMm: 0,
        yMm: 0,
        widthMm: widthMm,
        heightMm: room(8, heightMm),
        color: '#e0e0e0',
      };
      return { layout: { ...layout, elements: [element, ...layout.elements] }, index: 0 };
  }
  return {
    layout: { ...layout, elements: [...layout.elements, element] },
    index: layout.elements.length,
  };
}

export function replaceElement(layout: Layout, index: number, element: LayoutElement): Layout {
  return { ...layout, elements: layout.elements.map((old, at) => (at === index ? element : old)) };
}

/** The element with `key` set, or removed when `value` is undefined (nothing undefined is kept). */
export function withProperty<E extends LayoutElement, K extends keyof E>(
  element: E,
  key: K,
  value: E[K] | undefined,
): E {
  const next = { ...element };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * Removes an element. The ones placed after it follow what it followed (or, if it followed
 * nothing, stay where it was), so every `after` still names an earlier element.
 */
export function removeElement(layout: Layout, index: number): Layout {
  const removed = layout.elements[index];
  if (!removed) return layout;
  const elements = layout.elements
    .filter((_element, at) => at !== index)
    .map((element) => {
      if (removed.id === undefined || element.after !== removed.id) return element;
      if (removed.after !== undefined) return { ...element, after: removed.after };
      const fixed = withProperty(withProperty(element, 'after', undefined), 'gapMm', undefined);
      return { ...fixed, yMm: Math.max(element.yMm, removed.yMm) };
    });
  return { ...layout, elements };
}

/** Renames an element and the `after`s that name it. */
export function renameElement(layout: Layout, index: number, id: string): Layout {
  const old = layout.elements[index]?.id;
  const elements = layout.elements.map((element, at) => {
    if (at === index) return { ...element, id };
    if (old !== undefined && element.after === old) return { ...element, after: id };
    return element;
  });
  return { ...layout, elements };
}

/** Whether every `after` names an element before it. */
function flowHolds(elements: readonly LayoutElement[]): boolean {
  const seen = new Set<string>();
  for (const element of elements) {
    if (element.after !== undefined && !seen.has(element.after)) return false;
    if (element.id !== undefined) seen.add(element.id);
  }
  return true;
}

/**
 * Moves an element one place back (-1, drawn under the one before) or forward (+1); null when it
 * cannot go there (the end of the list, or an `after` would name a later element).
 */
export function reorderElement(layout: Layout, index: number, delta: -1 | 1): Layout | null {
  const target = index + delta;
  if (target < 0 || target >= layout.elements.length) return null;
  const elements = [...layout.elements];
  [elements[index], elements[target]] = [elements[target]!, elements[index]!];
  return flowHolds(elements) ? { ...layout, elements } : null;
}

/** The list's name of an element: its kind and what it shows. */
export function elementLabel(element: LayoutElement, document: LayoutDocument): string {
  const fields = fieldsOf(document);
  switch (element.kind) {
    case 'text':
      return `Texto: ${element.text}`;
    case 'qr':
      return `QR: ${fields[element.field] ?? element.field}`;
    case 'barcode':
      return `Código de barras: ${fields[element.field] ?? element.field}`;
    case 'rule':
      return 'Linha';
    case 'band':
      return element.colorFrom === 'center' ? 'Faixa: cor do núcleo' : 'Faixa';
    case 'image':
      return 'Imagem';
  }
}

/** Key order aside, the same declaration (undefined properties are absent ones). */
/** The layout with `imageId` as its background ('Fundo'), or with none. */
export function withBackground(layout: Layout, imageId: string | undefined): Layout {
  if (imageId) return { ...layout, background: { imageId } };
  const next = { ...layout };
  delete next.background;
  return next;
}

export function sameLayout(a: Layout, b: Layout): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** An element moved to a new top-left corner (a flowed one's `yMm` is its lowest top). */
export function placeElement(element: LayoutElement, xMm: number, yMm: number): LayoutElement {
  if (element.xMm === xMm && element.yMm === yMm) return element;
  return { ...element, xMm: roundMm(xMm), yMm: roundMm(yMm) };
}

/** An element given a new size by the preview's handle: each kind takes the sides it has. */
export function resizeElement(
  element: LayoutElement,
  widthMm: number,
  heightMm: number,
): LayoutElement {
  const [width, height] = [roundMm(widthMm), roundMm(heightMm)];
  switch (element.kind) {
    case 'qr':
      return element.sizeMm === width ? element : { ...element, sizeMm: width };
    case 'rule':
      return element.widthMm === width ? element : { ...element, widthMm: width };
    case 'text':
      if (element.heightMm === undefined) {
        return element.widthMm === width ? element : { ...element, widthMm: width };
      }
      break;
  }
  if (element.widthMm === width && element.heightMm === height) return element;
  return { ...element, widthMm: width, heightMm: height };
}

/** An element's width and height on the page (mm); a text without a box has no height. */
function elementSize(element: LayoutElement): { width: number; height: number } {
  switch (element.kind) {
    case 'qr':
      return { width: element.sizeMm, height: element.sizeMm };
    case 'rule':
      return { width: element.widthMm, height: 0 };
    case 'text':
      return { width: element.widthMm, height: element.heightMm ?? 0 };
    default:
      return { width: element.widthMm, height: element.heightMm };
  }
}

/** Some element passes the page's right or bottom edge. */
export function overflowsPage(layout: Layout): boolean {
  const { widthMm, heightMm } = layout.page;
  return layout.elements.some((element) => {
    const { width, height } = elementSize(element);
    return element.xMm + width > widthMm + 0.01 || element.yMm + height > heightMm + 0.01;
  });
}

const halfPt = (value: number) => Math.max(LAYOUT_FONT_PT.min, Math.round(value * 2) / 2);

/**
 * The elements of a layout whose page changed from `from`: scaled by the side that shrank most
 * (proportions kept, texts' sizes too), then each pushed back inside the page and cut to it.
 */
export function fitElementsToPage(layout: Layout, from: Layout['page']): Layout {
  const { widthMm, heightMm } = layout.page;
  const scale = Math.min(1, widthMm / from.widthMm, heightMm / from.heightMm);
  const elements = layout.elements.map((element): LayoutElement => {
    const scaled = scaleElement(element, scale);
    const { width, height } = elementSize(scaled);
    const fitted = resizeElement(scaled, Math.min(width, widthMm), Math.min(height, heightMm));
    const size = elementSize(fitted);
    const x = Math.min(Math.max(0, fitted.xMm), widthMm - size.width);
    const y = Math.min(Math.max(0, fitted.yMm), heightMm - size.height);
    return placeElement(fitted, x, y);
  });
  return { ...layout, elements };
}

function scaleElement(element: LayoutElement, scale: number): LayoutElement {
  if (scale === 1) return element;
  const mm = (value: number) => roundMm(value * scale);
  const { width, height } = elementSize(element);
  const moved: LayoutElement = {
    ...element,
    xMm: mm(element.xMm),
    yMm: mm(element.yMm),
    ...(element.gapMm === undefined ? {} : { gapMm: mm(element.gapMm) }),
  };
  const resized = resizeElement(moved, width * scale, height * scale);
  if (resized.kind !== 'text') return resized;
  return {
    ...resized,
    sizePt: halfPt(resized.sizePt * scale),
    ...(resized.minSizePt === undefined ? {} : { minSizePt: halfPt(resized.minSizePt * scale) }),
  };
}
