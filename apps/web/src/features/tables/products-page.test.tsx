import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expectZeroRefused, printQuantity } from '../../testing/batch-print';
import { renderPage } from '../../testing/render';
import { captureDownloads } from '../../testing/downloads';
import { server } from '../../testing/server';
import { watchPrintFrames } from '../../testing/print-frames';

const category = { id: 2, name: 'Livros', type: 'Produto' };

function products(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Livro ${String(i + 1).padStart(3, '0')}`,
    category,
    price: 10 + i,
    inventory: 5,
    codTotvs: null,
    dateCreated: '2025-01-02T13:04:05.000Z',
    dateUpdated: '2025-01-02T13:04:05.000Z',
  }));
}

const all = products(130);

function serveProducts(asked: URLSearchParams[]) {
  server.use(
    http.get('/api/product/categories/select', () => HttpResponse.json({ data: [category] })),
    http.get('/api/products/select', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const start = Number(params.get('start') ?? 0);
      const length = Number(params.get('length') ?? 100);
      return HttpResponse.json({
        data: all.slice(start, start + length),
        recordsTotal: all.length,
        recordsFiltered: all.length,
      });
    }),
  );
}

async function openProducts(asked: URLSearchParams[] = []) {
  serveProducts(asked);
  const rendered = await renderPage('PRODUCTS', { permissions: ['Product'] });
  const table = await screen.findByRole('table', { name: 'Produtos' });
  await within(table).findByText('Livro 001');
  return { ...rendered, table };
}

// 100 rows a page (SPEC.md section 9) take a while to render in jsdom.
describe('Produtos page', { timeout: 20_000 }, () => {
  it('asks the server for one page of 100, sorted by the first column', async () => {
    const asked: URLSearchParams[] = [];
    const { user, table } = await openProducts(asked);
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({
      start: '0',
      length: '100',
      sort: 'name',
      dir: 'asc',
    });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(100);
    expect(screen.getByText('Mostrando 1 até 100 de 130 registros')).toBeInTheDocument();
    expect(within(table).getByText('Livro 001').closest('tr')).toHaveTextContent('R$ 10,00');

    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await within(table).findByText('Livro 101')).toBeInTheDocument();
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ start: '100', length: '100' });
    expect(screen.getByText('Mostrando 101 até 130 de 130 registros')).toBeInTheDocument();
  });

  it("asks the 'QR Code' quantity again after 'Digite um número maior que 0.', then prints", async () => {
    const printedFrames = watchPrintFrames();
    const printed: unknown[] = [];
    const fileAuth: (string | null)[] = [];
    server.use(
      http.post('/api/products/3/print', async ({ request }) => {
        printed.push(await request.json());
        return HttpResponse.json({ filename: 'etiquetas-3.pdf' });
      }),
      // The file is fetched with the bearer token, then printed from a hidden frame.
      http.get('/api/prints/files/etiquetas-3.pdf', ({ request }) => {
        fileAuth.push(request.headers.get('authorization'));
        return new HttpResponse('%PDF-1.4 etiquetas', {
          headers: { 'content-type': 'application/pdf' },
        });
      }),
    );
    const { user, table } = await openProducts();
    const row = within(table).getByText('Livro 003').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'QR Code' }));

    await expectZeroRefused(user, 'Imprimir QR Code de Livro 003');
    await printQuantity(user, 'Imprimir QR Code de Livro 003', '6');

    await waitFor(() => expect(printedFrames()).toHaveLength(1));
    expect(printed).toEqual([{ quantity: 6 }]);
    expect(fileAuth).toEqual([expect.stringMatching(/^Bearer /)]);
    expect(await printedFrames()[0]?.text()).toBe('%PDF-1.4 etiquetas');
  });

  it('exports the first four columns of every matching product as CSV', async () => {
    const downloads = captureDownloads();
    const asked: URLSearchParams[] = [];
    const { user } = await openProducts(asked);

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloads.names).toEqual(['produtos.csv']));
    const text = await downloads.blobs[0]!.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nome;Categoria;Preço;Estoque');
    expect(lines[1]).toBe('Livro 001;Livros;R$ 10,00;5');
    expect(lines).toHaveLength(131);
  });
});
