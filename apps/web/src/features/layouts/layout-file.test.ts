import { DEFAULT_LAYOUTS, type Layout } from '@balcao/contract';
import { describe, expect, it } from 'vitest';
import { readLayoutFile } from './layout-file';

describe('layout files', () => {
  it('reads back an exported layout with its background', () => {
    const layout: Layout = {
      ...DEFAULT_LAYOUTS.badge,
      background: { imageId: 'c0ffee00-0000-4000-8000-000000000001' },
    };
    // What 'Exportar' writes (exportLayout).
    expect(readLayoutFile(`${JSON.stringify(layout, null, 2)}\n`, 'badge')).toEqual({ layout });
    expect(readLayoutFile(JSON.stringify({ ...layout, background: 'fundo.pdf' }), 'badge')).toEqual(
      { problems: ['Fundo inválido: envie a imagem ou o PDF de novo.'] },
    );
  });
});
