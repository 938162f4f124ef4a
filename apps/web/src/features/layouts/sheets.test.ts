import { DEFAULT_LAYOUTS, layoutProblems, type Layout } from '@balcao/contract';
import { PAGE_SIZE_PRESETS } from './page-sizes';
import { defaultSheet, sheetDescription, sheetRefusal, withSheet } from './sheets';

const badge = DEFAULT_LAYOUTS.badge;
const on = (page: Layout['page']): Layout => ({ ...badge, page, elements: [] });

describe('sheets', () => {
  it('proposes an A4 holding as many labels as fit, 10 mm margins and 2 mm gaps', () => {
    expect(defaultSheet(badge.page)).toEqual({
      widthMm: 210,
      heightMm: 297,
      columns: 2,
      rows: 5,
      marginLeftMm: 10,
      marginTopMm: 10,
      pitchXMm: 92,
      pitchYMm: 52,
    });
    expect(defaultSheet({ widthMm: 54, heightMm: 86 })).toMatchObject({
      columns: 3,
      rows: 3,
      pitchXMm: 56,
      pitchYMm: 88,
    });
  });

  it('puts the labels edge to edge when the gaps do not fit, and narrows a margin if it must', () => {
    // Two 95 mm labels fill the 190 mm between the margins: no room for a gap.
    expect(defaultSheet({ widthMm: 95, heightMm: 50 })).toMatchObject({
      columns: 2,
      marginLeftMm: 10,
      pitchXMm: 95,
    });
    // One 200 mm label fits an A4 only with 5 mm each side.
    expect(defaultSheet({ widthMm: 200, heightMm: 290 })).toMatchObject({
      columns: 1,
      rows: 1,
      marginLeftMm: 5,
      marginTopMm: 3.5,
    });
    expect(defaultSheet({ widthMm: 210, heightMm: 297 })).toMatchObject({
      columns: 1,
      rows: 1,
      marginLeftMm: 0,
      marginTopMm: 0,
    });
  });

  it('proposes only sheets layoutProblems takes, and none for a label larger than an A4', () => {
    // The certificate's landscape A4 does not fit the portrait A4 sheet; every other preset does.
    const landscape = PAGE_SIZE_PRESETS.filter((preset) => preset.key === 'a4-landscape');
    const labels = PAGE_SIZE_PRESETS.filter((preset) => preset.key !== 'a4-landscape');
    expect(landscape.map((page) => defaultSheet(page))).toEqual([null]);
    const pages = [
      ...labels,
      { widthMm: 10, heightMm: 10 },
      { widthMm: 63.5, heightMm: 38.1 },
      { widthMm: 105, heightMm: 148.5 },
      { widthMm: 199.99, heightMm: 277.01 },
    ];
    for (const page of pages) {
      const sheet = defaultSheet(page);
      expect(sheet).not.toBeNull();
      expect(layoutProblems(withSheet(on(page), sheet!))).toEqual([]);
    }
    expect(defaultSheet({ widthMm: 250, heightMm: 100 })).toBeNull();
    expect(defaultSheet({ widthMm: 100, heightMm: 300 })).toBeNull();
    expect(sheetRefusal({ widthMm: 250.5, heightMm: 100 })).toBe(
      'Uma etiqueta de 250,5 × 100 mm não cabe em uma folha A4 (210 × 297 mm).',
    );
  });

  it('names the sheet by its labels, and leaves no `sheet` behind when turned off', () => {
    const sheet = defaultSheet(badge.page)!;
    expect(sheetDescription({ ...sheet, rows: 4 })).toBe(
      'Folha com 8 etiquetas: 2 colunas, 4 linhas',
    );
    expect(sheetDescription({ ...sheet, columns: 1, rows: 1 })).toBe(
      'Folha com 1 etiqueta: 1 coluna, 1 linha',
    );
    const withOne = withSheet(badge, sheet);
    expect(withOne.sheet).toBe(sheet);
    const without = withSheet(withOne, undefined);
    expect('sheet' in without).toBe(false);
    expect(without).toEqual(badge);
  });
});
