import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PrintJob } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const job = (overrides: Partial<PrintJob>): PrintJob => ({
  id: 1,
  printer: { id: 2, name: 'Zebra Balcão 1' },
  origin: 'joana',
  service: 'BADGE',
  kind: 'cracha',
  title: 'Crachá: Maria',
  copies: 1,
  status: 'done',
  attempts: 1,
  error: null,
  fileAvailable: true,
  dateCreated: '2025-03-10T12:00:00.000Z',
  dateUpdated: '2025-03-10T12:00:01.000Z',
  ...overrides,
});

describe('Fila de impressão', () => {
  it('lists the jobs with their state and reprints a failed one', async () => {
    let jobs = [
      job({ id: 1 }),
      job({
        id: 2,
        title: 'Etiquetas: Caneca',
        service: 'PRODUCT',
        status: 'failed',
        error: 'lp: sem papel',
        dateCreated: '2025-03-10T12:05:00.000Z',
      }),
    ];
    const retried: string[] = [];
    server.use(
      http.get('/api/prints/jobs/select', () => HttpResponse.json({ data: jobs })),
      http.post('/api/prints/jobs/:id/retry', ({ params }) => {
        retried.push(String(params.id));
        jobs = jobs.map((j) => (j.id === 2 ? { ...j, status: 'queued', error: null } : j));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderPage('PRINT_QUEUE');
    const table = await screen.findByRole('table', { name: 'Fila de impressão' });

    // Newest first.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Etiquetas: Caneca');
    expect(rows[0]).toHaveTextContent('Produto');
    expect(rows[0]).toHaveTextContent('Falhou');
    expect(rows[0]).toHaveTextContent('lp: sem papel');
    expect(rows[1]).toHaveTextContent('Crachá');
    expect(rows[1]).toHaveTextContent('Impresso');

    const reprint = screen.getByRole('button', { name: 'Reimprimir' });
    expect(reprint).toBeDisabled();
    await user.click(within(table).getByText('Etiquetas: Caneca'));
    await user.click(reprint);

    await waitFor(() => expect(retried).toEqual(['2']));
    expect(await within(table).findByText('Na fila')).toBeInTheDocument();
  });
});
