import type { Layout } from '@balcao/contract';

export interface PageSizePreset {
  key: string;
  label: string;
  widthMm: number;
  heightMm: number;
}

/** The sizes of the labels, cards and sheets the desks print on, and the certificate's A4. */
export const PAGE_SIZE_PRESETS: readonly PageSizePreset[] = [
  { key: 'label-90x50', label: 'Etiqueta 90 × 50 mm', widthMm: 90, heightMm: 50 },
  { key: 'cr80', label: 'Cartão CR80 54 × 86 mm', widthMm: 54, heightMm: 86 },
  { key: 'cr80-landscape', label: 'Cartão CR80 deitado 86 × 54 mm', widthMm: 86, heightMm: 54 },
  { key: 'a6', label: 'A6 105 × 148 mm', widthMm: 105, heightMm: 148 },
  { key: 'seal-50x30', label: 'Selo 50 × 30 mm', widthMm: 50, heightMm: 30 },
  { key: 'coupon-80x50', label: 'Cupom 80 × 50 mm', widthMm: 80, heightMm: 50 },
  // The certificate's page (the default is landscape), printed or sent as a PDF.
  { key: 'a4-landscape', label: 'A4 paisagem 297 × 210 mm', widthMm: 297, heightMm: 210 },
  { key: 'a4', label: 'A4 retrato 210 × 297 mm', widthMm: 210, heightMm: 297 },
];

export const CUSTOM_PAGE_SIZE = 'custom';

/** The preset of a page's size, or CUSTOM_PAGE_SIZE. */
export function pageSizeKey(page: Layout['page']): string {
  const preset = PAGE_SIZE_PRESETS.find(
    (candidate) => candidate.widthMm === page.widthMm && candidate.heightMm === page.heightMm,
  );
  return preset?.key ?? CUSTOM_PAGE_SIZE;
}
