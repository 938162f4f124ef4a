import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tagSheetCount } from '@balcao/contract';
import { describe, expect, it } from 'vitest';
import {
  renderBadge,
  renderCoupon,
  renderCoursewareLabel,
  renderDeliveryReceipt,
  renderPaymentReceipt,
  renderProductTagSheets,
} from '../../src/printing/documents/index.ts';
import { readPdf, toMm } from '../helpers/pdf-text.ts';
import { hasSystemTools } from '../helpers/system-tools.ts';
import * as sample from './samples.ts';

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

async function onePage(pdf: Promise<Buffer>) {
  const { pages } = await readPdf(await pdf);
  expect(pages).toHaveLength(1);
  const [page] = pages;
  if (!page) throw new Error('no page');
  return { ...page, widthMm: toMm(page.width), heightMm: toMm(page.height) };
}

describe('badge (crachá)', () => {
  it('is a 90 x 50 mm label with the names, center and event, accents intact', async () => {
    const page = await onePage(renderBadge(sample.badge));
    expect(page.widthMm).toBeCloseTo(90, 1);
    expect(page.heightMm).toBeCloseTo(50, 1);
    expect(page.text.split('\n')).toEqual([
      'Conceição',
      'Maria da Conceição Araújo',
      'Gonçalves',
      'Núcleo São José dos Campos',
      'Imersão Liderança & Gestão — Ôntico 2025',
    ]);
  });

  it('shrinks a 15-character usual name to fit instead of cutting it', async () => {
    const page = await onePage(renderBadge({ ...sample.badge, usualName: 'WWWWWWWWWWWWWWW' }));
    expect(page.text.split('\n')[0]).toBe('WWWWWWWWWWWWWWW');
  });

  it('leaves the center line out when the participant has none', async () => {
    const page = await onePage(renderBadge({ ...sample.badge, centerName: null }));
    expect(page.text).not.toContain('Núcleo');
    expect(page.text).toContain('Ôntico 2025');
  });
});

describe('courseware label (selo)', () => {
  it('is 50 x 30 mm with the display serial, course and center', async () => {
    const page = await onePage(renderCoursewareLabel(sample.coursewareLabel));
    expect(page.widthMm).toBeCloseTo(50, 1);
    expect(page.heightMm).toBeCloseTo(30, 1);
    expect(page.text).toContain('01-003-000042');
    expect(page.text.replace(/\n/g, ' ')).toContain('Formação em Coaching Integral Sistêmico');
    expect(page.text.replace(/\n/g, ' ')).toContain('Núcleo Fortaleza — Aldeota');
  });
});

describe('product tag sheets', () => {
  it('prints ceil(quantity / 3) sheets of three tags: 7 tags are 3 sheets', async () => {
    const { pages } = await readPdf(
      await renderProductTagSheets({ product: sample.product, sheets: tagSheetCount(7) }),
    );
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(toMm(page.width)).toBeCloseTo(106, 1);
      expect(toMm(page.height)).toBeCloseTo(22, 1);
      expect(occurrences(page.text, 'R$ 79,90')).toBe(3);
      expect(occurrences(page.text, 'PA000123')).toBe(3);
      expect(
        occurrences(page.text.replace(/\n/g, ' '), 'Camiseta Balcão Edição Comemorativa'),
      ).toBe(3);
    }
  });

  it('codes the product id when there is no Totvs code', async () => {
    const page = await onePage(
      renderProductTagSheets({ product: { ...sample.product, codTotvs: null }, sheets: 1 }),
    );
    expect(page.text).not.toContain('PA000123');
    expect(occurrences(page.text, '\n17')).toBe(3);
  });

  it('refuses zero sheets', async () => {
    await expect(renderProductTagSheets({ product: sample.product, sheets: 0 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('coupon', () => {
  it('shows the template, the percent with a comma and the expiration day in São Paulo', async () => {
    const page = await onePage(renderCoupon(sample.coupon));
    expect(page.widthMm).toBeCloseTo(80, 1);
    expect(page.heightMm).toBeCloseTo(50, 1);
    expect(page.text).toContain('Promoção Ação de Graças');
    expect(page.text).toContain('12,50%');
    expect(page.text).toContain('Válido até 30/12/2025');
    expect(page.text).toContain('Imersão Liderança & Gestão — Ôntico 2025');
  });
});

describe('receipts', () => {
  it('Comprovante Pagamento lists items, coupon, payments and total, with the CPF masked', async () => {
    const page = await onePage(renderPaymentReceipt(sample.paymentReceipt));
    expect(page.widthMm).toBeCloseTo(80, 1);
    const lines = page.text.split('\n');
    expect(lines).toContain('Comprovante Pagamento');
    expect(lines).toContain('9876');
    expect(lines).toContain('10/03/2025 10:05:09');
    expect(lines).toContain('Cliente: José Antônio da Silva Conceição');
    expect(lines).toContain('CPF: ***.982.247-**');
    expect(page.text).not.toMatch(/529|52998224725/);
    expect(lines).toContain('2 x Camiseta Balcão Edição Comemorativa');
    expect(lines).toEqual(expect.arrayContaining(['R$ 79,90', 'R$ 15,98', 'R$ 143,82']));
    expect(lines).toEqual(expect.arrayContaining(['1 x Caneca Ônix', 'R$ 35,00', 'R$ 3,50']));
    expect(lines).toEqual(expect.arrayContaining(['Cupom: Promoção Ação de Graças', '10,00%']));
    expect(lines).toEqual(expect.arrayContaining(['Dinheiro', 'R$ 100,00']));
    expect(lines).toEqual(expect.arrayContaining(['Cartão de Crédito', 'R$ 109,07']));
    expect(lines.slice(-2)).toEqual(['TOTAL', 'R$ 209,07']);
    expect(page.text).not.toContain('Entregue por');
  });

  it('Comprovante Expedição says who delivered and leaves a line to sign', async () => {
    const page = await onePage(renderDeliveryReceipt(sample.deliveryReceipt));
    const lines = page.text.split('\n');
    expect(lines).toContain('Comprovante Expedição');
    expect(lines).toContain('10/03/2025 10:20:00');
    expect(lines).toContain('Entregue por expedicao.joão');
    expect(lines.at(-1)).toBe('Assinatura do cliente');
    expect(lines).toEqual(expect.arrayContaining(['TOTAL', 'R$ 209,07']));
    expect(lines).not.toContain('Pagamentos');
  });

  it('grows with the order on one page and leaves the coupon out when there is none', async () => {
    const short = await onePage(renderPaymentReceipt({ ...sample.paymentReceipt, coupon: null }));
    const items = Array.from({ length: 40 }, (_, i) => ({
      quantity: 1,
      description: `Produto número ${i + 1}`,
      unitPriceCents: 1000,
      discountCents: 0,
    }));
    const long = await onePage(renderPaymentReceipt({ ...sample.paymentReceipt, items }));
    expect(short.text).not.toContain('Cupom');
    expect(long.heightMm).toBeGreaterThan(short.heightMm + 100);
    expect(long.text).toContain('Produto número 40');
    expect(long.text.split('\n').slice(-2)).toEqual(['TOTAL', 'R$ 400,00']);
  });
});

// Reading the codes back needs poppler's pdftoppm and zbar's zbarimg (apt-get install
// poppler-utils zbar-tools); where they are missing these checks are skipped.
const canScan = hasSystemTools(
  ['pdftoppm', 'zbarimg'],
  'poppler-utils e zbar-tools',
  'documents.test.ts',
);

/** Rasterises the first page at a thermal printer's 203 dpi and decodes every symbol on it. */
function scan(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-scan-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    spawnSync(
      'pdftoppm',
      ['-png', '-r', '203', '-f', '1', '-l', '1', '-singlefile', 'doc.pdf', 'doc'],
      {
        cwd: dir,
      },
    );
    const result = spawnSync('zbarimg', ['-q', 'doc.png'], { cwd: dir, encoding: 'utf8' });
    return result.stdout.trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!canScan)('codes scan back at 203 dpi', () => {
  it('badge, selo and coupon QR codes hold the ids; tags hold the Totvs code', async () => {
    expect(scan(await renderBadge(sample.badge))).toEqual(['QR-Code:1234']);
    expect(scan(await renderCoursewareLabel(sample.coursewareLabel))).toEqual([
      `QR-Code:${sample.coursewareLabel.coursewareId}`,
    ]);
    expect(scan(await renderCoupon(sample.coupon))).toEqual([
      `QR-Code:${String(sample.coupon.couponId)}`,
    ]);
    expect(scan(await renderProductTagSheets({ product: sample.product, sheets: 1 }))).toContain(
      'CODE-128:PA000123',
    );
  });
});
