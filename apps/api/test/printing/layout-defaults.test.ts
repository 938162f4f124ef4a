import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  renderBadge,
  renderCoupon,
  renderCoursewareLabel,
} from '../../src/printing/documents/index.ts';
import { rasterise } from '../helpers/pdf-image.ts';

// An event that never opens the layout editor prints as before it existed: each default layout is
// rasterised (pdftoppm, 150 dpi, grey) and compared with the image the fixed renderers printed,
// kept in references/. UPDATE_REFERENCES=1 writes them anew: only when a change to a default
// layout is meant.
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
      const file = `${REFERENCES}${name}.png`;
      if (process.env.UPDATE_REFERENCES === '1' || !existsSync(file)) {
        mkdirSync(REFERENCES, { recursive: true });
        writeFileSync(file, PNG.sync.write(image));
        if (process.env.UPDATE_REFERENCES !== '1') throw new Error(`referência criada: ${file}`);
      }
      const reference = PNG.sync.read(readFileSync(file));
      expect([image.width, image.height]).toEqual([reference.width, reference.height]);
      const differing = pixelmatch(
        image.data,
        reference.data,
        undefined,
        image.width,
        image.height,
        { threshold: 0.1 },
      );
      expect(differing).toBe(0);
    });
  }
});
