import {
  DEFAULT_LAYOUTS,
  layOut,
  layoutProblems,
  mmToPt,
  type Layout,
  type LayoutImageDto,
  type TextElement,
} from '@balcao/contract';
import { elementBoxes } from './element-boxes';
import {
  addElement,
  addImageElement,
  elementLabel,
  fitElementsToPage,
  overflowsPage,
  removeElement,
  renameElement,
  reorderElement,
  resizeElement,
  sameLayout,
} from './layout-edits';

const badge = DEFAULT_LAYOUTS.badge;
const values = {
  badgeName: 'Ana',
  fullName: 'Ana Souza',
  center: 'Núcleo',
  event: 'Congresso',
  participantId: '1234',
};

const logo = (widthPx: number, heightPx: number): LayoutImageDto => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  mime: 'image/png',
  widthPx,
  heightPx,
  dataUrl: 'data:image/png;base64,',
});

describe('layout edits', () => {
  it("adds an image on top, 30 mm wide, as tall as the image's proportions, inside the page", () => {
    const wide = addImageElement(badge, logo(600, 200));
    expect(wide.index).toBe(badge.elements.length);
    expect(wide.layout.elements.at(-1)).toEqual({
      kind: 'image',
      id: 'imagem1',
      xMm: 2,
      yMm: 2,
      widthMm: 30,
      heightMm: 10,
      imageId: logo(1, 1).id,
    });
    expect(layoutProblems(wide.layout)).toEqual([]);
    expect(addImageElement(wide.layout, logo(1, 1)).layout.elements.at(-1)).toMatchObject({
      id: 'imagem2',
    });
    // A tall one on a 50 mm high badge: 46 mm high, narrowed to keep its proportions.
    const tall = addImageElement(badge, logo(100, 400)).layout.elements.at(-1);
    expect(tall).toMatchObject({ widthMm: 11.5, heightMm: 46 });
    // A page narrower than 30 mm.
    const narrow = addImageElement({ ...badge, page: { widthMm: 20, heightMm: 80 } }, logo(2, 1));
    expect(narrow.layout.elements.at(-1)).toMatchObject({ widthMm: 16, heightMm: 8 });
    expect(elementLabel(wide.layout.elements.at(-1)!, 'badge')).toBe('Imagem');
  });

  it('adds valid elements with free ids, bands under everything', () => {
    let layout: Layout = badge;
    for (const kind of ['text', 'qr', 'barcode', 'rule', 'text'] as const) {
      layout = addElement(layout, kind).layout;
    }
    const band = addElement(layout, 'band');
    expect(band.index).toBe(0);
    layout = band.layout;
    expect(layout.elements.map((element) => element.id).filter(Boolean)).toEqual([
      'faixa1',
      'badgeName',
      'fullName',
      'center',
      'texto1',
      'qr1',
      'barras1',
      'linha1',
      'texto2',
    ]);
    expect(layout.elements.at(-3)).toMatchObject({ kind: 'barcode', field: 'participantId' });
    expect(layoutProblems(layout)).toEqual([]);
  });

  it('keeps the flow valid when an element another follows is removed', () => {
    // fullName follows badgeName; center follows fullName.
    const withoutFullName = removeElement(badge, 3);
    const center = withoutFullName.elements.find((element) => element.id === 'center');
    expect(center).toMatchObject({ after: 'badgeName', gapMm: 1 });
    expect(layoutProblems(withoutFullName)).toEqual([]);

    const withoutBadgeName = removeElement(badge, 0);
    expect(withoutBadgeName.elements[0]).not.toHaveProperty('after');
    expect(withoutBadgeName.elements[0]).toMatchObject({ kind: 'rule', yMm: 4 });
    expect(layoutProblems(withoutBadgeName)).toEqual([]);
  });

  it('renames an element and what follows it', () => {
    const renamed = renameElement(badge, 0, 'nome');
    expect(renamed.elements[0]!.id).toBe('nome');
    expect(renamed.elements.filter((element) => element.after === 'nome')).toHaveLength(2);
    expect(layoutProblems(renamed)).toEqual([]);
  });

  it('reorders only where every after still names an earlier element', () => {
    expect(reorderElement(badge, 0, -1)).toBeNull();
    expect(reorderElement(badge, 0, 1)).toBeNull(); // the rule follows badgeName
    const qrBack = reorderElement(badge, 2, -1);
    expect(qrBack?.elements[1]).toMatchObject({ kind: 'qr' });
    expect(reorderElement(badge, badge.elements.length - 1, 1)).toBeNull();
  });

  it('resizes each kind by the sides it has', () => {
    const [name, rule, qr] = badge.elements;
    expect(resizeElement(name!, 50, 9)).toMatchObject({ widthMm: 50 });
    expect(resizeElement(name!, 50, 9)).not.toHaveProperty('heightMm');
    expect(resizeElement({ ...(name as TextElement), heightMm: 5 }, 50, 9)).toMatchObject({
      widthMm: 50,
      heightMm: 9,
    });
    expect(resizeElement(rule!, 30, 9)).toMatchObject({ widthMm: 30 });
    expect(resizeElement(qr!, 20, 20)).toMatchObject({ sizeMm: 20 });
    const image = addImageElement(badge, logo(3, 1)).layout.elements.at(-1)!;
    expect(resizeElement(image, 20, 12)).toMatchObject({ widthMm: 20, heightMm: 12 });
  });

  it('compares layouts whatever the order of their keys', () => {
    const { version, document, page, elements } = badge;
    const reordered = {
      elements: elements.map((element) => Object.fromEntries(Object.entries(element).reverse())),
      page: { heightMm: page.heightMm, widthMm: page.widthMm },
      document,
      version,
    } as Layout;
    expect(sameLayout(reordered, badge)).toBe(true);
    // An undefined property is an absent one.
    const [first, ...rest] = elements;
    expect(
      sameLayout({ ...badge, elements: [{ ...first!, gapMm: undefined }, ...rest] }, badge),
    ).toBe(true);
    expect(sameLayout(badge, { ...badge, page: { widthMm: 90, heightMm: 51 } })).toBe(false);
  });
});

describe('elementBoxes', () => {
  it('places each element where the engine draws it, flowed ones below what they follow', () => {
    const boxes = elementBoxes(badge, values);
    const ops = layOut(badge, values);
    const texts = ops.filter((op) => op.kind === 'text');
    // badgeName: its own yMm; fullName: below badgeName, where its first line is drawn.
    expect(boxes[0]!.top).toBeCloseTo(mmToPt(4), 5);
    expect(boxes[3]!.top).toBeCloseTo(texts[1]!.y, 5);
    expect(boxes[3]!.top).toBeGreaterThan(mmToPt(22) - 0.001);
    expect(boxes[2]).toMatchObject({ width: mmToPt(24), height: mmToPt(24), shown: true });
    expect(boxes.every((box) => box.shown)).toBe(true);

    const empty = elementBoxes(badge, { ...values, center: '' });
    expect(empty[4]!.shown).toBe(false);
  });

  it('boxes an image where the engine draws it, flowed ones below what they follow', () => {
    const placed = addImageElement(badge, logo(300, 100)).layout;
    const flowed: Layout = {
      ...placed,
      elements: placed.elements.map((element) =>
        element.kind === 'image' ? { ...element, after: 'badgeName', gapMm: 2 } : element,
      ),
    };
    for (const layout of [placed, flowed]) {
      const box = elementBoxes(layout, values).at(-1)!;
      const op = layOut(layout, values).at(-1)!;
      expect(op).toMatchObject({ kind: 'image', x: box.x, y: box.top });
      expect(box).toMatchObject({ width: mmToPt(30), height: mmToPt(10), shown: true });
    }
  });
});

describe('fitElementsToPage', () => {
  it('brings a 90 × 50 mm badge onto a CR80 card, valid, its texts smaller', () => {
    const card: Layout = { ...badge, page: { widthMm: 54, heightMm: 86 } };
    expect(overflowsPage(card)).toBe(true);
    const fitted = fitElementsToPage(card, badge.page);
    expect(overflowsPage(fitted)).toBe(false);
    expect(layoutProblems(fitted)).toEqual([]);
    const texts = (layout: Layout) =>
      layout.elements.filter((element): element is TextElement => element.kind === 'text');
    texts(fitted).forEach((text, index) =>
      expect(text.sizePt).toBeLessThan(texts(badge)[index]!.sizePt),
    );
  });

  it('leaves a layout that already fits a larger page as it was', () => {
    const a6: Layout = { ...badge, page: { widthMm: 105, heightMm: 148 } };
    expect(overflowsPage(a6)).toBe(false);
    expect(fitElementsToPage(a6, badge.page).elements).toEqual(badge.elements);
  });
});
