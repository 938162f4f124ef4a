import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expectZeroRefused, printQuantity } from '../../testing/batch-print';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const category = { id: 2, name: 'Lanches', type: 'Produto' };
const rows = [1, 2].map((id) => ({
  id,
  name: `Sanduíche ${id}`,
  category,
  price: 12,
  inventory: 40,
  codTotvs: `T-${id}`,
  dateCreated: '2025-01-02T13:04:05.000Z',
  dateUpdated: '2025-01-02T13:04:05.000Z',
}));

async function openTags(permissions: ('Product' | 'ProductTags')[] = ['ProductTags']) {
  server.use(
    http.get('/api/products/select', () =>
      HttpResponse.json({ data: rows, recordsTotal: 2, recordsFiltered: 2 }),
    ),
  );
  const rendered = await renderPage('PRODUCT_TAGS', { permissions });
  const table = await screen.findByRole('table', { name: 'Etiquetas de Produtos' });
  await within(table).findByText('Sanduíche 2');
  return { ...rendered, table };
}

describe('Etiquetas de Produtos', { timeout: 20_000 }, () => {
  it('lists products without create or edit, each with a print button', async () => {
    const { table } = await openTags();
    expect(screen.queryByRole('button', { name: 'Novo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'Imprimir' })).toHaveLength(2);
  });

  it("refuses 0 with 'Digite um número maior que 0.', then prints 31 tags in batches with progress", async () => {
    const asked: unknown[] = [];
    let release: () => void = () => {};
    const secondBatch = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/products/2/print', async ({ request }) => {
        asked.push(await request.json());
        if (asked.length === 2) await secondBatch;
        return HttpResponse.json({ jobId: asked.length, printer: 'Zebra' });
      }),
    );
    const { user, table } = await openTags();
    const row = within(table).getByText('Sanduíche 2').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Imprimir' }));

    await expectZeroRefused(user, 'Imprimir etiquetas de Sanduíche 2');
    await printQuantity(user, 'Imprimir etiquetas de Sanduíche 2', '31');

    expect(await screen.findByText('Imprimindo - 30/31')).toBeInTheDocument();
    release();
    const done = await screen.findByRole('dialog', { name: 'Sucesso!' });
    // Queued for 'Zebra' is not printed: the printer's agent may not be running.
    expect(done).toHaveTextContent('Etiquetas na fila da impressora Zebra.');
    // 10 sheets of 3, then one more sheet: 11 = 31 / 3 rounded up.
    expect(asked).toEqual([{ quantity: 30 }, { quantity: 1 }]);
  });
});

describe('product form', { timeout: 20_000 }, () => {
  it('says where to create the first category when there is none', async () => {
    server.use(
      http.get('/api/product/categories/select', () => HttpResponse.json({ data: [] })),
      http.get('/api/products/select', () =>
        HttpResponse.json({ data: [], recordsTotal: 0, recordsFiltered: 0 }),
      ),
    );
    const { user } = await renderPage('PRODUCTS', { permissions: ['Product'] });
    await screen.findByRole('table', { name: 'Produtos' });
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const form = await screen.findByRole('dialog');
    expect(form).toHaveTextContent(
      "Nenhuma categoria cadastrada. Crie a primeira na aba 'Categorias' desta página (Produtos) e volte aqui.",
    );
  });
});
