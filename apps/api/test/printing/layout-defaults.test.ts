import { describe, expect, it } from 'vitest';
import {
  renderBadge,
  renderCoupon,
  renderCoursewareLabel,
} from '../../src/printing/documents/index.ts';
import { differingFromReference, rasterise } from '../helpers/pdf-image.ts';

// An event that never opens the layout editor prints as before it existed: each default layout is
// rasterised (pdf.js from npm, 150 dpi, grey: no system font or tool is involved, the font is the
// PDF's own) and compared with its image in references/ (UPDATE_REFERENCES=1: helpers/pdf-image.ts).
// The images were made anew for the embedded font (issue #42): against the fixed renderers'
// Helvetica (pdftoppm), the same line breaks and sizes, 0.3–1.3 % of the pixels moved.
const REFERENCES = new URL('./references/', import.meta.url).pathname;

const SAMPLES: Record<string, () => Promise<Buffer>> = {
  'badge-short': () =>
    renderBadge({
      participantId: 4821,
      usualName: 'Célia',
      fullName: 'Célia Conceição de Araújo',
      centerName: 'Núcleo São João',
      eventName: 'Encontro Nacional 2026',
    }),
  'badge-long': () =>
    renderBadge({
      participantId: 98_765_432,
      usualName: 'Maximiliano Jr.',
      fullName: 'Maximiliano Aparecido dos Santos Figueiredo Albuquerque de Oliveira Júnior',
      centerName: null,
      eventName: 'Congresso Brasileiro de Administração de Eventos Presenciais, edição de inverno',
    }),
  'courseware-label': () =>
    renderCoursewareLabel({
      coursewareId: '3f2c9a80-1b7e-4d2a-9c55-0a1b2c3d4e5f',
      serial: 137,
      course: { serial: 12, name: 'Gestão Financeira para Pequenas Empresas e Associações' },
      center: { serial: 4, name: 'Núcleo Ribeirão Preto' },
    }),
  'coupon-code': () =>
    renderCoupon({
      couponId: 'c0ffee00-1234-4abc-8def-001122334455',
      codeText: 'ABCD-EFGH-JKLM',
      templateName: 'Volta às aulas',
      percent: 12.5,
      expirationDate: new Date('2026-12-31T12:00:00Z'),
      eventName: 'Encontro Nacional 2026',
    }),
  'coupon-long-name': () =>
    renderCoupon({
      couponId: 77,
      templateName: 'Desconto especial para quem comprou o kit completo de apostilas do curso',
      percent: 5,
      expirationDate: new Date('2027-01-15T12:00:00Z'),
    }),
};

describe('the default layouts print as the fixed documents did', () => {
  for (const [name, render] of Object.entries(SAMPLES)) {
    it(name, async () => {
      const image = rasterise(await render(), { gray: true });
      const differing = differingFromReference(image, `${REFERENCES}${name}.png`);
      expect(differing).toBe(0);
    });
  }
});
