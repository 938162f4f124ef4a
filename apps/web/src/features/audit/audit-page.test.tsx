import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuditPageDto } from '@balcao/contract';
import { captureDownloads } from '../../testing/downloads';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';

const page: AuditPageDto = {
  rows: [
    {
      id: 9,
      quando: '2025-03-10T12:00:00.000Z',
      usuario_id: 3,
      usuario: 'caixa1',
      ip: '10.0.0.22',
      entidade: 'orders',
      registro: '17',
      acao: 'pagar',
      antes: { state: 'AGUARDANDO_PAGAMENTO', paid_at: null },
      depois: { state: 'PAGO', paid_at: '2025-03-10T12:00:00.000Z' },
    },
  ],
  total_linhas: 1,
};

describe('Auditoria', { timeout: 20_000 }, () => {
  it('lists a page from the server with before → after, filters and downloads the CSV', async () => {
    const queries: string[] = [];
    const csvQueries: string[] = [];
    server.use(
      http.get('/api/events/selected', () => new HttpResponse(null, { status: 204 })),
      http.get('/api/audit/opcoes', () =>
        HttpResponse.json({
          usuarios: [{ id: 3, username: 'caixa1' }],
          entidades: ['orders', 'users'],
        }),
      ),
      http.get('/api/audit', ({ request }) => {
        queries.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json(page);
      }),
      http.get('/api/audit/csv', ({ request }) => {
        csvQueries.push(new URL(request.url).searchParams.toString());
        return HttpResponse.text('\uFEFFQuando\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const downloads = captureDownloads();
    // Opened as from the menu: its loader brings the filters' users and entities.
    const { user } = await renderPage('AUDIT', { permissions: ['System'] });
    expect(await screen.findByRole('heading', { name: 'Auditoria' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'caixa1' });
    const table = screen.getByRole('table', { name: 'Auditoria' });
    const row = (await within(table).findByText('Pagamento')).closest('tr')!;
    expect(row).toHaveTextContent('caixa1');
    expect(row).toHaveTextContent('10.0.0.22');
    expect(row).toHaveTextContent('Pedidos');
    expect(row).toHaveTextContent('state: AGUARDANDO_PAGAMENTO → PAGO');
    expect(row).toHaveTextContent('paid_at: — → 2025-03-10T12:00:00.000Z');
    expect(queries[0]).toBe('pagina=1&por_pagina=50');

    await user.selectOptions(screen.getByLabelText('Usuário'), 'caixa1');
    await user.selectOptions(screen.getByLabelText('Entidade'), 'Pedidos');
    await user.type(screen.getByLabelText('Início'), '10/03/2025 09:00');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(queries.at(-1)).toBe(
        'usuario=3&entidade=orders&inicio=2025-03-10+09%3A00&pagina=1&por_pagina=50',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(downloads.names).toEqual(['Auditoria.csv']));
    expect(csvQueries).toEqual(['usuario=3&entidade=orders&inicio=2025-03-10+09%3A00']);
  });
});
