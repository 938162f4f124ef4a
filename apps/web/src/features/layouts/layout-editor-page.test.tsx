import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  DEFAULT_LAYOUTS,
  LAYOUT_IMAGE_MAX_BYTES,
  LAYOUT_UPLOAD_MESSAGES,
  mmToPt,
  type Layout,
  type LayoutDocument,
  type LayoutDto,
  type LayoutImageDto,
  type LayoutSampleDto,
  type PrintJob,
} from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { watchPrintFrames } from '../../testing/print-frames';
import { captureDownloads } from '../../testing/downloads';
import { pdfPageImage } from '../../ui/layout-drawing/pdf-page-image';

/** pdf.js draws a PDF background's page in a real browser; here, this stands for its picture. */
const DRAWN_PDF_PAGE = 'data:image/png;base64,ZGVzZW5obw==';
vi.mock('../../ui/layout-drawing/pdf-page-image', () => ({
  pdfPageImage: vi.fn(() => Promise.resolve(DRAWN_PDF_PAGE)),
}));

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
      centerColor: '#2a9d8f',
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
  certificate: {
    document: 'certificate',
    source: 'Dados de exemplo',
    values: {
      name: 'Ana Souza',
      event: 'Congresso 2025',
      course: 'Curso Básico',
      hours: '20 horas',
      dates: '10/03/2025 a 12/03/2025',
      code: 'K7QM-3XRT-9HWA-PZ4C-E2NB',
      verifyUrl: 'https://balcao.example/verificar/K7QM-3XRT-9HWA-PZ4C-E2NB',
    },
  },
};

/** A real 1 × 1 PNG. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pngFile = (name = 'logo.png') =>
  new File(
    [Uint8Array.from(atob(PNG_DATA_URL.split(',')[1]!), (char) => char.charCodeAt(0))],
    name,
    { type: 'image/png' },
  );
const imageId = (serial: number) => `c0ffee00-0000-4000-8000-${String(serial).padStart(12, '0')}`;

/** The event's uploads, by id: what the layouts the server answers place. */
type EventImages = Record<string, LayoutImageDto>;

const dto = (layout: Layout, custom = false, images: EventImages = {}): LayoutDto => ({
  document: layout.document,
  custom,
  layout,
  updatedAt: custom ? '2025-10-01T10:00:00Z' : null,
  updatedBy: custom ? 'admin' : null,
  images: Object.fromEntries(
    [
      ...(layout.background ? [layout.background.imageId] : []),
      ...layout.elements.flatMap((element) => (element.kind === 'image' ? [element.imageId] : [])),
    ].flatMap((id) => (images[id] ? [[id, images[id]]] : [])),
  ),
});

/**
 * The layouts API of the selected event, holding `stored` (the defaults unless told) and the
 * event's `images`; an upload is taken as a 300 × 100 px image, or a PDF of a CR80 page.
 */
function serveLayouts(
  stored: Partial<Record<LayoutDocument, Layout>> = {},
  images: EventImages = {},
) {
  const calls = {
    puts: [] as unknown[],
    deletes: [] as string[],
    printTests: [] as unknown[],
    uploads: [] as unknown[],
  };
  const held = { ...DEFAULT_LAYOUTS, ...stored };
  server.use(
    http.get('/api/layouts/:document', ({ params }) => {
      const document = params.document as LayoutDocument;
      return HttpResponse.json(dto(held[document], document in stored, images));
    }),
    http.get('/api/layouts/:document/sample', ({ params }) =>
      HttpResponse.json(SAMPLES[params.document as LayoutDocument]),
    ),
    http.put('/api/layouts/:document', async ({ request }) => {
      const body = (await request.json()) as Layout;
      calls.puts.push(body);
      return HttpResponse.json(dto(body, true, images));
    }),
    http.post('/api/layouts/images', async ({ request }) => {
      const body = (await request.json()) as { dataUrl: string };
      calls.uploads.push(body);
      const mime = /^data:([^;]+);/.exec(body.dataUrl)![1] as LayoutImageDto['mime'];
      const image: LayoutImageDto =
        mime === 'application/pdf'
          ? {
              id: imageId(calls.uploads.length),
              mime,
              widthPx: 153,
              heightPx: 244,
              pageMm: { widthMm: 54, heightMm: 86 },
              dataUrl: body.dataUrl,
            }
          : {
              id: imageId(calls.uploads.length),
              mime,
              widthPx: 300,
              heightPx: 100,
              dataUrl: body.dataUrl,
            };
      images[image.id] = image;
      return HttpResponse.json(image);
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
const imageInput = () => screen.getByLabelText('Imagem a adicionar (PNG, JPEG ou SVG)');
const elementCount = () =>
  within(screen.getByRole('list', { name: 'Elementos do layout' })).getAllByRole('button').length;
const textX = (text: string) => Number(within(preview()).getByText(text).getAttribute('x'));
const sheetOn = () => screen.getByRole('checkbox', { name: 'Várias por folha' });
const sheetInput = (label: string) =>
  within(screen.getByRole('group', { name: 'Folha' })).getByLabelText(label);
const sheetOverview = () => screen.getByRole('img', { name: /^Folha com/ });
const slots = () => sheetOverview().querySelectorAll('[data-slot]');

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
    const { user, store } = await renderPage('LAYOUTS');
    const unsaved = () => store.getState().navigation.unsavedWork;
    expect(unsaved()).toBeNull();
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
    expect(unsaved()).toBe('O layout'); // the menu asks before leaving

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(x).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(x).toHaveValue('4');
    expect(y).toHaveValue('4');
    expect(textX('Ana')).toBeCloseTo(before, 5);
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeDisabled();
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
    expect(unsaved()).toBeNull();

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

  it("offers to fit the elements when a smaller page leaves them outside, and 'Desfazer' undoes it", async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.selectOptions(screen.getByLabelText('Tamanho da página'), 'Cartão CR80 54 × 86 mm');
    const dialog = await screen.findByRole('dialog', {
      name: 'Ajustar elementos ao novo tamanho?',
    });
    expect(within(dialog).getByText(/fora da página de 54 × 86 mm/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Ajustar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Every element is now inside the card: the properties of each say so.
    const elements = () =>
      within(screen.getByRole('list', { name: 'Elementos do layout' })).getAllByRole('button');
    for (let index = 0; index < 6; index++) {
      await user.click(elements()[index]!);
      const x = Number(
        (screen.getByLabelText('X (mm)') as HTMLInputElement).value.replace(',', '.'),
      );
      const width = screen.queryByLabelText('Largura (mm)') as HTMLInputElement | null;
      const right = x + (width ? Number(width.value.replace(',', '.')) : 0);
      expect(right).toBeLessThanOrEqual(54);
    }

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(screen.getByLabelText('Tamanho da página')).toHaveDisplayValue('Cartão CR80 54 × 86 mm');
    await user.click(elements()[0]!);
    const first = DEFAULT_LAYOUTS.badge.elements[0]!;
    expect(
      Number((screen.getByLabelText('X (mm)') as HTMLInputElement).value.replace(',', '.')),
    ).toBe(first.xMm);
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

  it("shows the 'Certificado' on an A4 in landscape, with a sample person and the QR of its verification address", async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.click(await screen.findByRole('tab', { name: 'Certificado' }));

    expect(await within(preview()).findByText('Ana Souza')).toBeInTheDocument();
    expect(preview()).toHaveAccessibleName(/Certificado, 297 × 210 mm/);
    expect(screen.getByLabelText('Tamanho da página')).toHaveDisplayValue(
      'A4 paisagem 297 × 210 mm',
    );
    expect(screen.getByText('Dados da pré-visualização: Dados de exemplo.')).toBeInTheDocument();
    // The QR's field is the verification address; a new text may show any certificate field.
    await user.click(elementButton(/QR: Endereço de verificação \(QR\)$/));
    expect(screen.getByLabelText('Campo')).toHaveDisplayValue('Endereço de verificação (QR)');
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

  it('uploads a PNG and places it in a box of its proportions, drawn in the preview', async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.upload(imageInput(), pngFile());

    expect(await screen.findByRole('button', { name: /^7\. Imagem$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.uploads).toEqual([{ dataUrl: PNG_DATA_URL }]);
    const image = preview().querySelector('image')!;
    expect(image).toHaveAttribute('href', PNG_DATA_URL);
    expect(image).toHaveAttribute('preserveAspectRatio', 'xMidYMid meet');
    expect(Number(image.getAttribute('width'))).toBeCloseTo(mmToPt(30), 5);
    expect(Number(image.getAttribute('height'))).toBeCloseTo(mmToPt(10), 5);
    expect(screen.getByLabelText('Largura (mm)')).toHaveValue('30');
    expect(screen.getByLabelText('Altura (mm)')).toHaveValue('10');
    expect(screen.getByText('Imagem de 300 × 100 px (PNG).')).toBeVisible();
    expect(preview()).toHaveAccessibleName(/selecionado: Imagem$/);
    const box = preview().querySelector('[data-element="6"]')!;
    expect(Number(box.getAttribute('width'))).toBeCloseTo(mmToPt(30), 5);

    // Nudged like any element, and undone.
    act(() => preview().focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByLabelText('X (mm)')).toHaveValue('3');
    expect(Number(preview().querySelector('image')!.getAttribute('x'))).toBeCloseTo(mmToPt(3), 5);
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(screen.getByLabelText('X (mm)')).toHaveValue('2');

    // 'Trocar imagem' sends another and keeps the box.
    server.use(
      http.post('/api/layouts/images', () =>
        HttpResponse.json<LayoutImageDto>({
          id: imageId(9),
          mime: 'image/png',
          widthPx: 64,
          heightPx: 64,
          dataUrl: PNG_DATA_URL,
        }),
      ),
    );
    await user.upload(
      screen.getByLabelText('Nova imagem (PNG, JPEG ou SVG)'),
      pngFile('outro.png'),
    );
    expect(await screen.findByText('Imagem de 64 × 64 px (PNG).')).toBeVisible();
    expect(screen.getByLabelText('Altura (mm)')).toHaveValue('10');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Layout salvo.')).toBeInTheDocument();
    expect((calls.puts[0] as Layout).elements.at(-1)).toEqual({
      kind: 'image',
      id: 'imagem1',
      xMm: 2,
      yMm: 2,
      widthMm: 30,
      heightMm: 10,
      imageId: imageId(9),
    });
    expect(preview().querySelector('image')).toHaveAttribute('href', PNG_DATA_URL);

    // Undone, the first image comes back, still drawn.
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(screen.getByText('Imagem de 300 × 100 px (PNG).')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(preview().querySelector('image')).toBeNull();
    expect(elementCount()).toBe(6);
  });

  it('sends no image that is too big or not a PNG, JPEG or SVG, and shows what the server refuses', async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');

    const big = new File([new Uint8Array(LAYOUT_IMAGE_MAX_BYTES + 1)], 'grande.png', {
      type: 'image/png',
    });
    await user.upload(imageInput(), big);
    expect(await screen.findByText('A imagem passa de 512 KB.')).toBeVisible();

    // Named .png, but not one.
    await user.upload(imageInput(), new File(['GIF89a…'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText(LAYOUT_UPLOAD_MESSAGES.type)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByText(LAYOUT_UPLOAD_MESSAGES.type)).not.toBeInTheDocument();

    // What the chooser's filter lets through anyway ('Todos os arquivos').
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(
      imageInput(),
      new File(['%PDF-1.4'], 'logo.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(LAYOUT_UPLOAD_MESSAGES.pdfElement)).toBeVisible();
    expect(calls.uploads).toEqual([]);
    expect(elementCount()).toBe(6);

    server.use(
      http.post('/api/layouts/images', () =>
        HttpResponse.json(
          { error: 'invalid_request', error_description: 'A imagem passa de 4000 px de lado.' },
          { status: 400 },
        ),
      ),
    );
    await user.upload(imageInput(), pngFile());
    expect(await screen.findByText('A imagem passa de 4000 px de lado.')).toBeVisible();
    expect(screen.queryByText(LAYOUT_UPLOAD_MESSAGES.pdfElement)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(elementCount()).toBe(6);
    expect(addButton('Imagem')).toBeEnabled();
  });

  it('places an SVG image as it places a PNG, drawn from its data URL', async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 10"/>';
    await user.upload(imageInput(), new File([svg], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('button', { name: /^7\. Imagem$/ })).toBeVisible();
    const dataUrl = `data:image/svg+xml;base64,${btoa(svg)}`;
    expect(calls.uploads).toEqual([{ dataUrl }]);
    expect(preview().querySelector('image')).toHaveAttribute('href', dataUrl);
    expect(screen.getByText('Imagem SVG de 300 × 100.')).toBeVisible();
  });

  it("puts a PDF's first page under every element ('Fundo'), saves it, and removes it", async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    const background = within(screen.getByRole('group', { name: 'Fundo' }));
    expect(background.getByText('Sem fundo.')).toBeVisible();
    const pdf = '%PDF-1.7 fundo';
    await user.upload(
      screen.getByLabelText('Fundo (PNG, JPEG, SVG ou PDF)'),
      new File([pdf], 'fundo.pdf', { type: 'application/pdf' }),
    );
    expect(await background.findByText('PDF, página de 54 × 86 mm.')).toBeVisible();
    const dataUrl = `data:application/pdf;base64,${btoa(pdf)}`;
    expect(calls.uploads).toEqual([{ dataUrl }]);
    expect(pdfPageImage).toHaveBeenCalledWith(imageId(1), dataUrl);

    // Drawn first, over the whole 90 × 50 mm page, fitted without stretching.
    const shapes = preview().querySelector('g[pointer-events="none"]')!;
    const drawn = shapes.firstElementChild!;
    expect(drawn).toHaveAttribute('data-background', imageId(1));
    await waitFor(() =>
      expect(drawn.querySelector('image')).toHaveAttribute('href', DRAWN_PDF_PAGE),
    );
    const image = drawn.querySelector('image')!;
    expect(image).toHaveAttribute('preserveAspectRatio', 'xMidYMid meet');
    expect(Number(image.getAttribute('width'))).toBeCloseTo(mmToPt(90), 5);
    expect(Number(image.getAttribute('height'))).toBeCloseTo(mmToPt(50), 5);
    expect(elementCount()).toBe(6);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.puts).toHaveLength(1));
    expect(calls.puts[0]).toMatchObject({ background: { imageId: imageId(1) } });

    await user.click(background.getByRole('button', { name: 'Remover fundo' }));
    expect(preview().querySelector('[data-background]')).toBeNull();
    expect(background.getByText('Sem fundo.')).toBeVisible();
    // Undone, it is back.
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(preview().querySelector('[data-background]')).not.toBeNull();
  });

  it('shows a PNG background from its data URL, and warns when the event lacks it', async () => {
    const layout: Layout = {
      ...DEFAULT_LAYOUTS.badge,
      background: { imageId: imageId(7) },
    };
    serveLayouts({ badge: layout });
    const { user } = await renderPage('LAYOUTS');
    expect(
      await screen.findByText('O fundo não está neste evento: envie-o de novo.', {
        selector: 'li',
      }),
    ).toBeVisible();
    expect(preview().querySelector(`[data-missing-image="${imageId(7)}"]`)).not.toBeNull();

    await user.upload(screen.getByLabelText('Fundo (PNG, JPEG, SVG ou PDF)'), pngFile());
    expect(await screen.findByText('Imagem de 300 × 100 px (PNG).')).toBeVisible();
    expect(preview().querySelector('[data-background] image')).toHaveAttribute(
      'href',
      PNG_DATA_URL,
    );
    expect(screen.queryByText('O fundo não está neste evento: envie-o de novo.')).toBeNull();
  });

  it("colours a badge band with the participant's center", async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.click(addButton('Faixa'));
    expect(elementButton(/^1\. Faixa$/)).toHaveAttribute('aria-pressed', 'true');
    expect(preview().querySelector('rect[fill="#e0e0e0"]')).not.toBeNull();
    expect(screen.getByLabelText('Cor')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Cor do núcleo do participante'));
    expect(preview().querySelector('rect[fill="#2a9d8f"]')).not.toBeNull();
    expect(preview().querySelector('rect[fill="#e0e0e0"]')).toBeNull();
    expect(screen.getByLabelText('Cor quando o núcleo não tem cor')).toHaveValue('#e0e0e0');
    expect(elementButton(/^1\. Faixa: cor do núcleo$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Layout salvo.')).toBeInTheDocument();
    expect((calls.puts[0] as Layout).elements[0]).toMatchObject({
      kind: 'band',
      color: '#e0e0e0',
      colorFrom: 'center',
    });

    await user.click(screen.getByLabelText('Cor do núcleo do participante'));
    expect(preview().querySelector('rect[fill="#e0e0e0"]')).not.toBeNull();
    expect(screen.getByLabelText('Cor')).toBeInTheDocument();
  });

  it("draws the stored layout's images", async () => {
    const logo: LayoutImageDto = {
      id: imageId(1),
      mime: 'image/png',
      widthPx: 1,
      heightPx: 1,
      dataUrl: PNG_DATA_URL,
    };
    const withLogo: Layout = {
      ...DEFAULT_LAYOUTS.badge,
      elements: [
        ...DEFAULT_LAYOUTS.badge.elements,
        { kind: 'image', xMm: 70, yMm: 30, widthMm: 15, heightMm: 15, imageId: logo.id },
      ],
    };
    serveLayouts({ badge: withLogo }, { [logo.id]: logo });
    const { user } = await renderPage('LAYOUTS');
    expect(preview().querySelector('image')).toHaveAttribute('href', PNG_DATA_URL);
    expect(screen.queryByText(/não está neste evento/)).not.toBeInTheDocument();
    await user.click(elementButton(/^7\. Imagem$/));
    expect(screen.getByText('Imagem de 1 × 1 px (PNG).')).toBeVisible();
  });

  it('imports a layout placing an image this event lacks, warns, and takes a new one', async () => {
    serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    const imported: Layout = {
      ...DEFAULT_LAYOUTS.badge,
      elements: [
        ...DEFAULT_LAYOUTS.badge.elements,
        { kind: 'image', xMm: 60, yMm: 30, widthMm: 25, heightMm: 12, imageId: imageId(77) },
      ],
    };
    await user.upload(
      screen.getByLabelText('Arquivo de layout (.json)'),
      new File([JSON.stringify(imported)], 'outro-evento.json'),
    );

    expect(
      await screen.findByText('A imagem do elemento 7 não está neste evento: envie-a de novo.'),
    ).toBeVisible();
    expect(screen.queryByText('Não foi possível importar o arquivo:')).not.toBeInTheDocument();
    expect(within(preview()).getByText('Imagem não encontrada')).toBeInTheDocument();
    expect(preview().querySelector('image')).toBeNull();
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();

    await user.click(elementButton(/^7\. Imagem$/));
    expect(screen.getByText('Imagem não encontrada neste evento: envie-a de novo.')).toBeVisible();
    await user.upload(screen.getByLabelText('Nova imagem (PNG, JPEG ou SVG)'), pngFile());
    expect(await screen.findByText('Imagem de 300 × 100 px (PNG).')).toBeVisible();
    expect(screen.queryByText(/não está neste evento/)).not.toBeInTheDocument();
    expect(within(preview()).queryByText('Imagem não encontrada')).not.toBeInTheDocument();
    expect(preview().querySelector('image')).toHaveAttribute('href', PNG_DATA_URL);
    // The box the file gave is kept.
    expect(screen.getByLabelText('Largura (mm)')).toHaveValue('25');
    expect(screen.getByLabelText('Altura (mm)')).toHaveValue('12');
  });

  it("prints several badges per sheet: 'Várias por folha' proposes an A4, saved with the layout", async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    expect(sheetOn()).not.toBeChecked();
    expect(screen.queryByRole('img', { name: /^Folha com/ })).not.toBeInTheDocument();

    await user.click(sheetOn());
    expect(sheetOn()).toBeChecked();
    const proposed = {
      'Largura da folha (mm)': '210',
      'Altura da folha (mm)': '297',
      'Colunas por folha': '2',
      'Linhas por folha': '5',
      'Margem esquerda (mm)': '10',
      'Margem superior (mm)': '10',
      'Passo horizontal (mm)': '92',
      'Passo vertical (mm)': '52',
    };
    for (const [label, value] of Object.entries(proposed)) {
      expect(sheetInput(label)).toHaveValue(value);
    }
    expect(sheetOverview()).toHaveAccessibleName('Folha com 10 etiquetas: 2 colunas, 5 linhas');
    expect(slots()).toHaveLength(10);
    // Each label where the engine places it: the second one a pitch right of the first.
    const second = sheetOverview().querySelector('[data-slot="2"] rect')!;
    expect(Number(second.getAttribute('x'))).toBeCloseTo(mmToPt(102), 5);
    expect(Number(second.getAttribute('y'))).toBeCloseTo(mmToPt(10), 5);
    expect(Number(second.getAttribute('width'))).toBeCloseTo(mmToPt(90), 5);
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();
    // The preview stays one badge.
    expect(preview()).toHaveAccessibleName(/Crachá, 90 × 50 mm/);

    const rows = sheetInput('Linhas por folha');
    await user.clear(rows);
    await user.type(rows, '4');
    expect(sheetOverview()).toHaveAccessibleName('Folha com 8 etiquetas: 2 colunas, 4 linhas');
    expect(slots()).toHaveLength(8);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Layout salvo.')).toBeInTheDocument();
    expect(calls.puts).toEqual([
      {
        ...DEFAULT_LAYOUTS.badge,
        sheet: {
          widthMm: 210,
          heightMm: 297,
          columns: 2,
          rows: 4,
          marginLeftMm: 10,
          marginTopMm: 10,
          pitchXMm: 92,
          pitchYMm: 52,
        },
      },
    ]);
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
    expect(sheetOn()).toBeChecked();
  });

  it("shows a sheet's problems instead of saving, and Desfazer takes the sheet away", async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.click(sheetOn());
    const pitch = sheetInput('Passo horizontal (mm)');
    await user.clear(pitch);
    await user.type(pitch, '80');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(
      screen.getByText('Folha: o passo horizontal é menor que a etiqueta.'),
    ).toBeInTheDocument();
    expect(calls.puts).toEqual([]);
    const second = sheetOverview().querySelector('[data-slot="2"] rect')!;
    expect(Number(second.getAttribute('x'))).toBeCloseTo(mmToPt(90), 5);

    // The typed pitch is one step; the sheet another.
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(sheetInput('Passo horizontal (mm)')).toHaveValue('92');
    expect(screen.queryByText(/^Folha:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(sheetOn()).not.toBeChecked();
    expect(screen.queryByRole('img', { name: /^Folha com/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Passo horizontal (mm)')).not.toBeInTheDocument();
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Refazer' }));
    expect(sheetOn()).toBeChecked();
    expect(slots()).toHaveLength(10);
  });

  it("leaves 'Várias por folha' off for a label larger than an A4, and says so", async () => {
    const calls = serveLayouts();
    const { user } = await renderPage('LAYOUTS');
    await user.selectOptions(screen.getByLabelText('Tamanho da página'), 'Personalizado');
    const width = screen.getByLabelText('Largura da página (mm)');
    await user.clear(width);
    await user.type(width, '250');
    await user.click(sheetOn());

    const refusal = 'Uma etiqueta de 250 × 50 mm não cabe em uma folha A4 (210 × 297 mm).';
    expect(screen.getByText(refusal)).toBeVisible();
    expect(sheetOn()).not.toBeChecked();
    expect(screen.queryByRole('img', { name: /^Folha com/ })).not.toBeInTheDocument();

    // Narrower, it fits: one column, the margins narrowed to fit it.
    await user.clear(width);
    await user.type(width, '200');
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    await user.click(sheetOn());
    expect(sheetOn()).toBeChecked();
    expect(sheetInput('Colunas por folha')).toHaveValue('1');
    expect(sheetInput('Margem esquerda (mm)')).toHaveValue('5');
    expect(sheetOverview()).toHaveAccessibleName('Folha com 5 etiquetas: 1 coluna, 5 linhas');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Layout salvo.')).toBeInTheDocument();
    expect((calls.puts[0] as Layout).sheet).toMatchObject({ columns: 1, marginLeftMm: 5 });
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
