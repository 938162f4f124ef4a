import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  DEFAULT_LAYOUTS,
  mmToPt,
  type Layout,
  type LayoutDocument,
  type LayoutDto,
  type LayoutSampleDto,
  type PrintJob,
} from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { watchPrintFrames } from '../../testing/print-frames';
import { captureDownloads } from '../../testing/downloads';

const SAMPLES: Record<LayoutDocument, LayoutSampleDto> = {
  badge: {
    document: 'badge',
    source: 'Participante: Ana Souza',
    values: {
      badgeName: 'Ana',
      fullName: 'Ana Souza',
      center: 'Núcleo Fortaleza',
      city: 'Fortaleza',
      event: 'Congresso 2025',
      participantId: '1234',
    },
  },
  courseware_label: {
    document: 'courseware_label',
    source: 'Dados de exemplo',
    values: { coursewareId: '77', serial: 'A-12', course: 'Curso Básico', center: 'Núcleo' },
  },
  coupon: {
    document: 'coupon',
    source: 'Dados de exemplo',
    values: {
      couponId: '9',
      code: 'K7QZ-2M4X',
      template: 'Livros',
      percent: '15%',
      validUntil: '31/12/2025',
      event: 'Congresso 2025',
    },
  },
};

const dto = (layout: Layout, custom = false): LayoutDto => ({
  document: layout.document,
  custom,
  layout,
  updatedAt: custom ? '2025-10-01T10:00:00Z' : null,
  updatedBy: custom ? 'admin' : null,
});

/** The layouts API of the selected event, holding `stored` (the defaults unless told). */
function serveLayouts(stored: Partial<Record<LayoutDocument, Layout>> = {}) {
  const calls = { puts: [] as unknown[], deletes: [] as string[], printTests: [] as unknown[] };
  const held = { ...DEFAULT_LAYOUTS, ...stored };
  server.use(
    http.get('/api/layouts/:document', ({ params }) => {
      const document = params.document as LayoutDocument;
      return HttpResponse.json(dto(held[document], document in stored));
    }),
    http.get('/api/layouts/:document/sample', ({ params }) =>
      HttpResponse.json(SAMPLES[params.document as LayoutDocument]),
    ),
    http.put('/api/layouts/:document', async ({ request }) => {
      const body = (await request.json()) as Layout;
      calls.puts.push(body);
      return HttpResponse.json(dto(body, true));
    }),
    http.delete('/api/layouts/:document', ({ params }) => {
      const document = params.document as LayoutDocument;
      calls.deletes.push(document);
      return HttpResponse.json(dto(DEFAULT_LAYOUTS[document]));
    }),
  );
  return calls;
}

const preview = () => screen.getByRole('img', { name: /^Pré-visualização do layout de/ });
const elementButton = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Elementos do layout' })).getByRole('button', { name });
const addButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Adicionar elemento' })).getByRole('button', { name });
const textX = (text: string) => Number(within(preview()).getByText(text).getAttribute('x'));

describe('Layouts de impressão', { timeout: 20_000 }, () => {
  it("loads the event's badge and draws its texts in the preview", async () => {
    serveLayouts();
    await renderPage('LAYOUTS');

    expect(screen.getByRole('heading', { name: 'Layouts de impressão' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Crachá' })).toHaveAttribute('aria-selected', 'true');
    expect(preview()).toHaveAccessibleName(/Crachá, 90 × 50 mm/);
    for (const text of ['Ana', 'Ana Souza', 'Núcleo Fortaleza', 'Congresso 2025']) {
      expect(within(preview()).getByText(text)).toBeInTheDocument();
    }
    // The QR of the participant's id is drawn as vector modules.
    expect(preview().querySelector('path[shape-rendering="crispEdges"]')).not.toBeNull();
    expect(screen.getByText('Dados da pré-visualização: Participante: Ana Souza.')).toBeVisible();
    expect(screen.getByText('Este evento usa o layout padrão do Balcão.')).toBeVisible();
    expect(screen.getByLabelText('Tamanho da página')).toHaveDisplayValue('Etiqueta 90 × 50 mm');
    expect(
      within(screen.getByRole('list', { name: 'Elementos do layout' })).getAllByRole('button'),
    ).toHaveLength(6);
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
  });

  it('adds a text element whose template the preview follows as it is typed', async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');

    await user.click(addButton('Texto'));
    expect(elementButton(/^7\. Texto: Texto$/)).toHaveAttribute('aria-pressed', 'true');
    expect(within(preview()).getByText('Texto')).toBeInTheDocument();
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();

    const template = screen.getByLabelText('Texto');
    await user.clear(template);
    await user.type(template, 'Olá {{badgeName}');
    expect(within(preview()).getByText('Olá Ana')).toBeInTheDocument();

    await user.type(template, ' - ');
    await user.click(screen.getByRole('button', { name: 'Cidade' }));
    expect(template).toHaveValue('Olá {badgeName} - {city}');
    expect(within(preview()).getByText('Olá Ana - Fortaleza')).toBeInTheDocument();
    expect(elementButton(/^7\. Texto: Olá \{badgeName\} - \{city\}$/)).toBeInTheDocument();
  });

  it('nudges the selected element 1 mm with the arrows (0.1 mm with Shift), and undoes', async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.click(elementButton(/^1\. Texto: \{badgeName\}$/));
    expect(preview()).toHaveAccessibleName(/selecionado: Texto: \{badgeName\}/);
    expect(preview().querySelector('[data-selection]')).not.toBeNull();
    const x = screen.getByLabelText('X (mm)');
    const y = screen.getByLabelText('Y (mm)');
    expect(x).toHaveValue('4');
    const before = textX('Ana');

    act(() => preview().focus());
    await user.keyboard('{ArrowRight}');
    expect(x).toHaveValue('5');
    expect(textX('Ana') - before).toBeCloseTo(mmToPt(1), 5);
    await user.keyboard('{ArrowDown}{Shift>}{ArrowRight}{/Shift}');
    expect(y).toHaveValue('5');
    expect(x).toHaveValue('5,1');
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();

    await user.keyboard('{Control>}z{/Control}');
    expect(x).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(x).toHaveValue('4');
    expect(y).toHaveValue('4');
    expect(textX('Ana')).toBeCloseTo(before, 5);
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeDisabled();
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();

    act(() => preview().focus());
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(x).toHaveValue('5');
    await user.keyboard('{Control>}y{/Control}');
    expect(y).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Refazer' }));
    expect(x).toHaveValue('5,1');
    expect(screen.getByRole('button', { name: 'Refazer' })).toBeDisabled();
  });

  it('selects an element by clicking it in the preview and removes it with Delete', async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    // Selected by a click on it in the preview, which takes the focus.
    await user.click(preview().querySelector('[data-element="2"]')!);
    expect(elementButton(/^3\. QR: Código do participante$/)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(preview()).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name: /QR: Código do participante/ })).toBeNull();
    expect(preview().querySelector('path[shape-rendering="crispEdges"]')).toBeNull();
  });

  it("saves with PUT and says 'Layout salvo.'", async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.click(elementButton(/^1\. Texto: \{badgeName\}$/));
    act(() => preview().focus());
    await user.keyboard('{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Layout salvo.')).toBeInTheDocument();
    const [first, ...rest] = DEFAULT_LAYOUTS.badge.elements;
    expect(calls.puts).toEqual([
      { ...DEFAULT_LAYOUTS.badge, elements: [{ ...first, xMm: 5 }, ...rest] },
    ]);
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
    expect(screen.getByText('Este evento usa um layout próprio.')).toBeVisible();
  });

  it('shows what is wrong instead of saving a layout that breaks the rules', async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.click(elementButton(/^1\. Texto: \{badgeName\}$/));
    const x = screen.getByLabelText('X (mm)');
    await user.clear(x);
    await user.type(x, '20');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(screen.getByText('Elemento 1 (texto): passa da largura da página.')).toBeInTheDocument();
    expect(calls.puts).toEqual([]);
    // Fixed, the problem goes.
    await user.clear(x);
    await user.type(x, '4');
    expect(screen.queryByText(/passa da largura da página/)).not.toBeInTheDocument();
  });

  it('refuses an import naming an unknown field and leaves the editor as it was', async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    const imported: Layout = {
      ...DEFAULT_LAYOUTS.badge,
      elements: [
        {
          kind: 'text',
          xMm: 4,
          yMm: 4,
          widthMm: 50,
          text: 'Oi {apelido}',
          font: 'bold',
          sizePt: 12,
        },
      ],
    };
    const file = new File([JSON.stringify(imported)], 'layout.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Arquivo de layout (.json)'), file);

    expect(
      await screen.findByText('Elemento 1 (texto): campo desconhecido: {apelido}.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Não foi possível importar o arquivo:')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Elementos do layout' })).getAllByRole('button'),
    ).toHaveLength(6);
    expect(within(preview()).getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
  });

  it('imports a valid layout unsaved, refuses one of another document, and exports', async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    const wrong = new File([JSON.stringify(DEFAULT_LAYOUTS.coupon)], 'cupom.json');
    await user.upload(screen.getByLabelText('Arquivo de layout (.json)'), wrong);
    expect(
      await screen.findByText('O arquivo é um layout de Cupom, não de Crachá.'),
    ).toBeInTheDocument();

    const imported: Layout = {
      ...DEFAULT_LAYOUTS.badge,
      page: { widthMm: 54, heightMm: 86 },
      elements: [
        {
          kind: 'text',
          xMm: 2,
          yMm: 2,
          widthMm: 50,
          text: 'Oi {badgeName}',
          font: 'bold',
          sizePt: 12,
        },
      ],
    };
    await user.upload(
      screen.getByLabelText('Arquivo de layout (.json)'),
      new File([JSON.stringify(imported)], 'cracha.json'),
    );
    expect(await within(preview()).findByText('Oi Ana')).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível importar o arquivo:')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Tamanho da página')).toHaveDisplayValue('Cartão CR80 54 × 86 mm');
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();

    const downloads = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(downloads.names).toEqual(['layout-badge.json']);
    expect(JSON.parse(await downloads.blobs[0]!.text())).toEqual(imported);
  });

  it("asks before 'Restaurar padrão', then sends DELETE and shows the default", async () => {
    const custom: Layout = {
      ...DEFAULT_LAYOUTS.badge,
      elements: DEFAULT_LAYOUTS.badge.elements.map((element, index) =>
        index === 0 ? { ...element, xMm: 6 } : element,
      ),
    };
    const calls = serveLayouts({ badge: custom });
    const { user } = await renderPage('LAYOUTS');
    expect(screen.getByText('Este evento usa um layout próprio.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Restaurar padrão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurar padrão' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(calls.deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Restaurar padrão' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restaurar padrão' })).getByRole('button', {
        name: 'Restaurar',
      }),
    );
    expect(await screen.findByText('Layout padrão restaurado.')).toBeInTheDocument();
    expect(calls.deletes).toEqual(['badge']);
    expect(screen.getByText('Este evento usa o layout padrão do Balcão.')).toBeVisible();
    await user.click(elementButton(/^1\. Texto: \{badgeName\}$/));
    expect(screen.getByLabelText('X (mm)')).toHaveValue('4');
  });

  it('switches document, asking first when there are unsaved changes', async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.click(addButton('Linha'));
    await user.click(screen.getByRole('tab', { name: 'Cupom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar alterações?' });
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));

    expect(await within(preview()).findByText('CUPOM DE DESCONTO')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cupom' })).toHaveAttribute('aria-selected', 'true');
    expect(preview()).toHaveAccessibleName(/Cupom, 80 × 50 mm/);
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
  });

  it('prints a test of the unsaved layout in this tab when no printer is mapped', async () => {
    serveLayouts();
    let sent: unknown;
    server.use(
      http.post('/api/layouts/:document/print-test', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ filename: 'teste-layout.pdf' });
      }),
      http.get('/api/prints/files/:name', ({ params }) =>
        HttpResponse.arrayBuffer(new TextEncoder().encode(`%PDF ${String(params.name)}`).buffer),
      ),
    );
    const printed = watchPrintFrames();
    const { user } = await renderPage('LAYOUTS');
    await user.click(addButton('Linha'));
    await user.click(screen.getByRole('button', { name: 'Imprimir teste' }));

    await waitFor(() => expect(printed()).toHaveLength(1));
    expect(await printed()[0]!.text()).toBe('%PDF teste-layout.pdf');
    const layout = (sent as { layout: Layout }).layout;
    expect(layout.elements.at(-1)).toMatchObject({ kind: 'rule', id: 'linha1' });
  });

  it("follows a test print a printer's queue took", async () => {
    serveLayouts();
    server.use(
      http.post('/api/layouts/:document/print-test', () =>
        HttpResponse.json({ jobId: 31, printer: 'Balcão 1' }),
      ),
      http.get('/api/prints/jobs/31', () =>
        HttpResponse.json({ id: 31, status: 'done', error: null } as Partial<PrintJob>),
      ),
    );
    const { user } = await renderPage('LAYOUTS');
    await user.click(screen.getByRole('button', { name: 'Imprimir teste' }));
    expect(
      await screen.findByText('Teste de layout na fila da impressora Balcão 1.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Teste de layout impresso na impressora Balcão 1.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
  });

  it('says so when no event is selected', async () => {
    server.use(
      http.get('/api/layouts/:document', () =>
        HttpResponse.json(
          { error: 'not_found', error_description: 'Nenhum evento selecionado.' },
          { status: 404 },
        ),
      ),
      http.get('/api/layouts/:document/sample', () =>
        HttpResponse.json(
          { error: 'not_found', error_description: 'Nenhum evento selecionado.' },
          { status: 404 },
        ),
      ),
    );
    await renderPage('LAYOUTS');
    expect(screen.getByText(/^Nenhum evento selecionado\. Selecione um evento/)).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
